/**
 * Reading what a PDF writer hook relies on (its `reads`, src/formats/pdf/internals/hook.ts) on
 * the objects of a real call: paths from `this` or a parameter, `name()` calling a method
 * without arguments, numbers indexing arrays.
 */
import { type Hook, isKind, type Kind, kindOf, type MethodTarget } from '../../src/formats/pdf/internals/hook';

/** One call of a hooked method: its receiver and its arguments by the target's parameter names. */
export interface Call {
  self: unknown;
  args: ArrayLike<unknown>;
}

/** The scope a hook's paths start from in a call: `this` and each parameter by name. */
export function callScope(hook: Hook, call: Call): Record<string, unknown> {
  const scope: Record<string, unknown> = { this: call.self };
  const parameters = 'method' in hook.target ? (hook.target as MethodTarget).parameters : [];
  parameters.forEach((name, index) => (scope[name] = call.args[index]));
  return scope;
}

/** The value at a path, or where the path stops ("this.page.content: undefined"). */
export function resolvePath(scope: Record<string, unknown>, path: string): { value: unknown } | { stoppedAt: string } {
  const segments = path.split('.');
  let value: unknown = scope[segments[0]];
  for (let index = 1; index < segments.length; index++) {
    if (value === null || value === undefined)
      return { stoppedAt: `${segments.slice(0, index).join('.')} is ${kindOf(value)}` };
    const segment = segments[index];
    const holder = value as Record<string, unknown>;
    if (segment.endsWith('()')) {
      const method = holder[segment.slice(0, -2)];
      if (typeof method !== 'function')
        return { stoppedAt: `${segments.slice(0, index + 1).join('.')}: no such method` };
      value = (method as () => unknown).call(holder);
    } else value = holder[segment];
  }
  return { value };
}

/** What is wrong with one path in one call: undefined when it holds the expected kind. */
export function readProblem(scope: Record<string, unknown>, path: string, kind: Kind): string | undefined {
  const resolved = resolvePath(scope, path);
  if ('stoppedAt' in resolved) return `${path}: ${resolved.stoppedAt}, expected ${kind} at the end`;
  return isKind(resolved.value, kind) ? undefined : `${path} is ${kindOf(resolved.value)}, expected ${kind}`;
}

/**
 * Follows a hook's calls: a path counts as there once one call has the expected kind at it (some
 * are there only in some calls: a heading's outline entry, a page with annotations).
 */
export class ReadsSeen {
  /** Calls seen. */
  calls = 0;
  private readonly missing = new Map<string, string>();

  constructor(private readonly hook: Hook) {
    for (const [path, kind] of Object.entries(hook.reads))
      this.missing.set(path, `${path}: never read (expected ${kind})`);
  }

  /** Checks the paths not yet seen in a call's scope. */
  see(scope: Record<string, unknown>): void {
    this.calls++;
    for (const path of [...this.missing.keys()]) {
      const problem = readProblem(scope, path, this.hook.reads[path]);
      if (problem === undefined) this.missing.delete(path);
      else this.missing.set(path, problem);
    }
  }

  /** The paths never seen with their kind, each with what the last call had there. */
  problems(): string[] {
    return [...this.missing.values()];
  }
}

/**
 * The scope with the property at the end of `path` gone, as if the library had renamed it
 * (proxies along the path; the objects themselves are not touched).
 */
export function withoutProperty(scope: Record<string, unknown>, path: string): Record<string, unknown> {
  const segments = path.split('.');
  if (segments.length === 1) return { ...scope, [path]: undefined };
  const hide = (value: unknown, depth: number): unknown => {
    if (typeof value !== 'object' && typeof value !== 'function') return value;
    if (value === null) return value;
    const segment = segments[depth];
    const last = depth === segments.length - 1;
    return new Proxy(value, {
      get(target, key) {
        if (key === segment || `${String(key)}()` === segment) {
          if (last) return undefined;
          const inner = Reflect.get(target, key, target);
          if (segment.endsWith('()')) return () => hide((inner as () => unknown).call(target), depth + 1);
          return hide(inner, depth + 1);
        }
        const result = Reflect.get(target, key, target);
        return typeof result === 'function' ? result.bind(target) : result;
      },
      has(target, key) {
        return last && key === segment ? false : Reflect.has(target, key);
      },
    });
  };
  return { ...scope, [segments[0]]: hide(scope[segments[0]], 1) };
}
