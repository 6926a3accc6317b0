/**
 * What a hook is. Every reach of the writer into pdfmake, pdfkit or fontkit is one: a named wrap
 * of one method (or the use of one property) of one of their classes, stating the library version
 * it was written for, the method's parameters in that version, and what else it reads. Installing
 * checks the method and its parameters; the hook's test checks the rest on a real document
 * (test/formats/pdf/internals/hooks.test.ts). A failure names the hook.
 */
import type { WrittenFor } from './libraries';

/** A library method, as wrapped here: each wrapper states its own `this` and parameters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wrappers state their own `this` and parameters
export type Method = (this: any, ...args: any[]) => unknown;

/** What a value a hook reads must be (`number`: a finite one; `object`: not null, arrays included). */
export type Kind = 'function' | 'number' | 'string' | 'boolean' | 'object' | 'array';

export interface MethodTarget {
  /** The class, as its library names it: 'Renderer', 'PDFDocument', 'EmbeddedFont'. */
  owner: string;
  method: string;
  /** The method's parameters as the library declares them: the hook takes its arguments by these names. */
  parameters: readonly string[];
}

export interface PropertyTarget {
  owner: string;
  property: string;
  kind: Kind;
}

interface HookBase {
  /** What errors, tests and docs/development/pdf-hooks.md call it. */
  name: string;
  writtenFor: WrittenFor;
  /**
   * What else the hook relies on: paths from `this` or a parameter (`this.page.content`,
   * `line.inlines.0.font`; `context()` calls a method without arguments), each with the kind of
   * value expected there. The hook's test checks them on a real document.
   */
  reads: Readonly<Record<string, Kind>>;
}

/** A method wrapped on its class's prototype, once per thread, by installInternals. */
export interface PrototypeHook extends HookBase {
  target: MethodTarget;
  prototype(): object;
  wrap(original: Method): Method;
}

/** A method or property of single objects (a document's font, a page's contents), patched by another hook on each. */
export interface InstanceHook extends HookBase {
  target: MethodTarget | PropertyTarget;
  /** Where its objects are found: a path in the calls of the hook that patches them. */
  patchedBy: { hook: string; path: string };
}

export type Hook = PrototypeHook | InstanceHook;

/** A hook's target no longer has the shape the hook was written for. */
export class HookShapeError extends Error {
  override name = 'HookShapeError';
}

export const describeHook = (hook: Hook): string => `the hook "${hook.name}" (written for ${hook.writtenFor})`;

export const describeTarget = (target: MethodTarget | PropertyTarget): string =>
  'method' in target
    ? `${target.owner}.${target.method}(${target.parameters.join(', ')})`
    : `${target.owner}.${target.property}`;

/** The kind of a value, in the terms of `Kind` ('undefined', 'null', 'NaN' for what no kind allows). */
export function kindOf(value: unknown): Kind | 'undefined' | 'null' | 'NaN' | 'bigint' | 'symbol' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'number') return Number.isFinite(value) ? 'number' : 'NaN';
  return type;
}

export const isKind = (value: unknown, kind: Kind): boolean =>
  kind === 'object' ? typeof value === 'object' && value !== null : kindOf(value) === kind;

/**
 * The parameter names of a function, read from its source (defaults and rest dots dropped);
 * undefined when the source shows none (native code).
 */
export function parameterNames(fn: (...args: never[]) => unknown): string[] | undefined {
  const source = Function.prototype.toString.call(fn);
  const open = source.indexOf('(');
  if (open < 0 || /\{\s*\[native code\]\s*\}\s*$/.test(source)) return undefined;
  const parameters: string[] = [];
  let current = '';
  let depth = 0;
  let quote: string | undefined;
  for (let index = open + 1; index < source.length; index++) {
    const char = source[index];
    if (quote) {
      current += char;
      if (char === '\\') current += source[++index];
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) {
        parameters.push(current);
        break;
      }
      depth--;
    } else if (char === ',' && depth === 0) {
      parameters.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  return parameters
    .map((parameter) =>
      parameter
        .replace(/\/\*[^]*?\*\/|\/\/.*$/gm, '')
        .split('=')[0]
        .replace(/^\s*\.\.\./, '')
        .trim(),
    )
    .filter((parameter) => parameter.length > 0);
}

/** What is wrong with a hook's target on an object (its method looked up as a call would); empty when nothing is. */
export function targetProblems(target: MethodTarget | PropertyTarget, owner: object): string[] {
  const value = (owner as Record<string, unknown>)[
    (target as MethodTarget).method ?? (target as PropertyTarget).property
  ];
  if (!('method' in target)) {
    return isKind(value, target.kind)
      ? []
      : [`${target.owner}.${target.property} is ${kindOf(value)}, expected ${target.kind}`];
  }
  if (typeof value !== 'function') return [`${target.owner}.${target.method} is ${kindOf(value)}, expected a method`];
  const parameters = parameterNames(value as () => unknown);
  if (parameters === undefined)
    return [`${target.owner}.${target.method}: its parameters cannot be read from its source`];
  if (parameters.join(', ') !== target.parameters.join(', '))
    return [
      `${target.owner}.${target.method} takes (${parameters.join(', ')}), the hook was written for (${target.parameters.join(', ')})`,
    ];
  return [];
}

/** Throws a HookShapeError naming the hook when its target on `owner` has another shape. */
export function checkTarget(hook: Hook, owner: object): void {
  const problems = targetProblems(hook.target, owner);
  if (problems.length > 0) throw new HookShapeError(`${describeHook(hook)}: ${problems.join('; ')}`);
}

/** The library's own method under each installed prototype hook (before any hook wrapped it). */
const libraryMethods = new Map<PrototypeHook, Method>();

/** The library's own method a prototype hook wraps (the hooks' test calls it); undefined before installing. */
export const libraryMethod = (hook: PrototypeHook): Method | undefined => libraryMethods.get(hook);

/** Hooks left out, by name: only the benchmark of what each hook buys leaves any out (bench/pdfHooks.js). */
const leftOut = new Set<string>();

/** Whether a hook is in use (every hook is, unless the benchmark left it out). */
export const inUse = (hook: Hook): boolean => !leftOut.has(hook.name);

/**
 * Wraps the hooks' methods in the order given (a hook listed later wraps one listed earlier on
 * the same method). Every target is checked first, on the library's own methods, so nothing is
 * installed when one of them has changed; the error names every hook concerned. `leaveOut`
 * names hooks (of these or instance hooks) not to install or patch.
 */
export function installPrototypeHooks(hooks: readonly PrototypeHook[], leaveOut: readonly string[] = []): void {
  const installing = hooks.filter((hook) => !leaveOut.includes(hook.name));
  const problems = installing.flatMap((hook) =>
    targetProblems(hook.target, hook.prototype()).map((problem) => `${describeHook(hook)}: ${problem}`),
  );
  if (problems.length > 0) throw new HookShapeError(problems.join('\n'));
  for (const name of leaveOut) leftOut.add(name);
  for (const hook of installing)
    libraryMethods.set(hook, (hook.prototype() as Record<string, Method>)[hook.target.method]);
  for (const hook of installing) {
    const prototype = hook.prototype() as Record<string, Method>;
    prototype[hook.target.method] = hook.wrap(prototype[hook.target.method]);
  }
}

/** Library methods already found in the shape an instance hook expects. */
const checkedMethods = new WeakSet<object>();

/**
 * Wraps one object's method (an own property over its class's), checked as a prototype hook is
 * the first time each library method is met.
 */
export function patchMethod(hook: InstanceHook, object: object, wrapper: (original: Method) => Method): void {
  if (!inUse(hook)) return;
  const target = hook.target as MethodTarget;
  const methods = object as Record<string, Method>;
  const original = methods[target.method];
  if (typeof original !== 'function' || !checkedMethods.has(original)) {
    checkTarget(hook, object);
    checkedMethods.add(original);
  }
  methods[target.method] = wrapper(original);
}

/** The object's own method gone again: its class's is called. */
export function unpatchMethod(hook: InstanceHook, object: object): void {
  delete (object as Record<string, unknown>)[(hook.target as MethodTarget).method];
}

/**
 * An argument of a hook's target, by its parameter name. Its position is the one the hook
 * declares, which installing checks against the library: no bare `args[5]`.
 */
export function argument<Parameters extends readonly string[]>(
  parameters: Parameters,
  name: Parameters[number],
): { get(args: ArrayLike<unknown>): unknown; set(args: unknown[], value: unknown): void } {
  const index = parameters.indexOf(name);
  return {
    get: (args) => args[index],
    set: (args, value) => {
      args[index] = value;
    },
  };
}
