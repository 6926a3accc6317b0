/**
 * Every hook of the PDF writer (src/formats/pdf/internals) against the library it reaches into:
 * the library version it was written for is the one installed and pinned; its method is there
 * with the parameters it was written for; what else it reads is there on a real document (a
 * tagged one that reaches every hook). Each test is named after its hook, and so is every
 * failure: the last tests show the checks failing, naming the hook, when a target changes shape.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Block, DocumentModel } from '../../../../src/document/types';
import { configuredPdfmake } from '../../../../src/formats/pdf/engine';
import {
  checkTarget,
  describeHook,
  type Hook,
  HookShapeError,
  type InstanceHook,
  installPrototypeHooks,
  libraryMethod,
  type Method,
  type MethodTarget,
  type PrototypeHook,
  targetProblems,
} from '../../../../src/formats/pdf/internals/hook';
import { HOOKS, INSTANCE_HOOKS, installInternals, PROTOTYPE_HOOKS } from '../../../../src/formats/pdf/internals';
import { installedVersion, type Library, libraryEntry } from '../../../../src/formats/pdf/internals/libraries';
import { lineMeasuring } from '../../../../src/formats/pdf/internals/lineMeasuring';
import { writePdf } from '../../../../src/formats/pdf/PdfWriter';
import { meta, para, richDocument, text } from '../../../builders/documents';
import { type Call, callScope, ReadsSeen, readProblem, withoutProperty } from '../../../helpers/pdfHooks';

const ROOT = path.resolve(__dirname, '../../../..');
const libraryOf = (hook: Hook): Library => hook.writtenFor.split(' ')[0] as Library;
const versionOf = (hook: Hook): string => hook.writtenFor.split(' ')[1];

/** A tagged document that reaches every hook: links, contents, lists, a table repeating its header over pages, an image, right-to-left text. */
function probeDocument(): DocumentModel {
  const rich = richDocument();
  const rows = Array.from({ length: 90 }, (_, index) => ({
    cells: [{ blocks: [para(text(`Row ${index}`))] }, { blocks: [para(text('Kept for ten years'))] }],
  }));
  const longTable: Block = {
    type: 'table',
    headerRows: 1,
    rows: [{ cells: [{ blocks: [para(text('Dataset'))] }, { blocks: [para(text('Retention'))] }] }, ...rows],
  };
  return { meta: meta({ title: 'Ocean & Ice <survey>' }), blocks: [...rich.blocks, longTable] };
}

interface Observed {
  reads: Map<Hook, ReadsSeen>;
  /** Per instance hook: the library method (or the object, for a property) met on its objects. */
  instanceTargets: Map<InstanceHook, object[]>;
  /** The first calls of each prototype hook, kept for the renamed-property checks. */
  calls: Map<Hook, Call[]>;
  /** Runs whose measuring by the hook and by pdfmake's own measureLeaf differ. */
  measuringDifferences: string[];
  measuredNodes: number;
}

const KEPT_CALLS = 40;

/**
 * Marks pdfmake sets that the hook leaves out: `noNewLine` (a run whose last word runs into the
 * next run's first) only steers wrapping a line that does not fit, and the lines the hook
 * measures were broken to fit (text.ts).
 */
const NOT_MEASURED = new Set(['noNewLine']);

/** pdfmake's own measuring of a copy of a node, beside the hook's, while the style stack is as it was. */
function compareMeasuring(observed: Observed, self: unknown, node: Record<string, unknown>, measured: unknown): void {
  const own = libraryMethod(lineMeasuring);
  if (!own || measured !== node || !Array.isArray(node._inlines) || observed.measuredNodes >= 200) return;
  observed.measuredNodes++;
  const copy: Record<string, unknown> = { ...node, text: structuredClone(node.text) };
  for (const key of ['_inlines', '_minWidth', '_maxWidth']) delete copy[key];
  own.call(self, copy);
  const mine = node._inlines as Record<string, unknown>[];
  const theirs = copy._inlines as Record<string, unknown>[];
  const differences: string[] = [];
  if (mine.length !== theirs.length) differences.push(`${mine.length} runs, pdfmake ${theirs.length}`);
  mine.forEach((run, index) => {
    const keys = new Set([...Object.keys(run), ...Object.keys(theirs[index] ?? {})]);
    for (const key of keys) {
      if (NOT_MEASURED.has(key)) continue;
      const [a, b] = [run[key], theirs[index]?.[key]];
      if (a !== b && !(a == null && b == null) && JSON.stringify(a) !== JSON.stringify(b))
        differences.push(`run ${index}.${key}: ${String(a)}, pdfmake ${String(b)}`);
    }
  });
  for (const key of ['_minWidth', '_maxWidth'])
    if (node[key] !== copy[key]) differences.push(`${key}: ${String(node[key])}, pdfmake ${String(copy[key])}`);
  if (differences.length > 0)
    observed.measuringDifferences.push(`"${mine.map((run) => run.text).join('')}": ${differences.join('; ')}`);
}

/** Writes the probe document with a recorder around every installed prototype hook. */
async function observeHooks(): Promise<Observed> {
  // A hook whose target changed is left out (its own tests fail), so the others can be observed.
  const changed = PROTOTYPE_HOOKS.filter((hook) => targetProblems(hook.target, hook.prototype()).length > 0);
  installInternals({ leaveOut: changed.map((hook) => hook.name) });
  configuredPdfmake();
  const observed: Observed = {
    reads: new Map(HOOKS.map((hook) => [hook, new ReadsSeen(hook)])),
    instanceTargets: new Map(INSTANCE_HOOKS.map((hook) => [hook, []])),
    calls: new Map(PROTOTYPE_HOOKS.map((hook) => [hook, []])),
    measuringDifferences: [],
    measuredNodes: 0,
  };
  const restore: (() => void)[] = [];
  // One recorder per method, outermost; several hooks may wrap the same method.
  const byMethod = new Map<string, PrototypeHook[]>();
  for (const hook of PROTOTYPE_HOOKS) {
    const key = `${hook.target.owner}.${hook.target.method}`;
    byMethod.set(key, [...(byMethod.get(key) ?? []), hook]);
  }
  for (const hooks of byMethod.values()) {
    const prototype = hooks[0].prototype() as Record<string, Method>;
    const method = hooks[0].target.method;
    const installed = prototype[method];
    restore.push(() => (prototype[method] = installed));
    prototype[method] = function recorded(this: unknown, ...args: unknown[]) {
      for (const hook of hooks) {
        const scope = callScope(hook, { self: this, args });
        observed.reads.get(hook)?.see(scope);
        const calls = observed.calls.get(hook) as Call[];
        if (calls.length < KEPT_CALLS) calls.push({ self: this, args: [...args] });
        for (const instanceHook of INSTANCE_HOOKS) {
          if (instanceHook.patchedBy.hook !== hook.name) continue;
          const found = readProblem(scope, instanceHook.patchedBy.path, 'object') === undefined;
          if (!found) continue;
          const instance = instanceHook.patchedBy.path
            .split('.')
            .slice(1)
            .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], this) as object;
          observed.instanceTargets.get(instanceHook)?.push(instance);
          observed.reads.get(instanceHook)?.see({ this: instance });
        }
      }
      const result = installed.apply(this, args);
      if (hooks.includes(lineMeasuring)) compareMeasuring(observed, this, args[0] as Record<string, unknown>, result);
      return result;
    };
  }
  try {
    await writePdf(probeDocument(), { profile: 'accessible' });
  } finally {
    for (const undo of restore) undo();
  }
  return observed;
}

let observed: Observed;
/** Installing throws when a target changed: the tests of the other hooks still run. */
let installError: unknown;

beforeAll(async () => {
  try {
    observed = await observeHooks();
  } catch (error) {
    installError = error;
  }
});

describe('the libraries the PDF writer reaches into', () => {
  it.each(['pdfmake', 'pdfkit', 'fontkit'] as const)(
    'pins %s exactly, at the version its hooks were written for',
    (library) => {
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      const versions = new Set(HOOKS.filter((hook) => libraryOf(hook) === library).map(versionOf));
      expect([...versions]).toEqual([installedVersion(library)]);
      expect(manifest.dependencies[library]).toBe(installedVersion(library));
    },
  );

  it('uses the pinned copies: pdfmake draws with the pdfkit and fontkit package.json pins', () => {
    expect(libraryEntry('pdfkit')).toBe(require.resolve('pdfkit'));
    expect(libraryEntry('fontkit')).toBe(require.resolve('fontkit'));
  });

  it('names every hook once', () => {
    const names = HOOKS.map((hook) => hook.name);
    expect(new Set(names).size).toBe(names.length);
    for (const hook of INSTANCE_HOOKS) expect(PROTOTYPE_HOOKS.map((each) => each.name)).toContain(hook.patchedBy.hook);
  });

  it('reaches into them from src/formats/pdf/internals only', () => {
    const dir = path.join(ROOT, 'src/formats/pdf');
    const outside = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith('internals'));
    // Unpublished modules, the virtual file system, private members (`._font`), prototypes, pdfkit itself.
    const reaches =
      /pdfmake\/js\/|virtualfs|\._[a-zA-Z]|\['_|\.prototype\b|require\.resolve\('pdfkit'|from 'fontkit'|require\('fontkit'\)/;
    const found = outside.flatMap((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter((line) => reaches.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    // fonts.ts parses our own font files with fontkit's published API (create, layout, glyph coverage).
    expect(found).toEqual(["fonts.ts: import fontkit = require('fontkit');"]);
  });
});

describe.each(HOOKS.map((hook) => [hook.name, hook] as const))('the hook "%s"', (_name, hook) => {
  it(`was written for ${hook.writtenFor}, the version installed`, () => {
    expect(`${libraryOf(hook)} ${installedVersion(libraryOf(hook))}`).toBe(hook.writtenFor);
  });

  it(`finds ${'method' in hook.target ? `${hook.target.owner}.${hook.target.method}(${hook.target.parameters.join(', ')})` : `${hook.target.owner}.${hook.target.property}`} in the library`, () => {
    const owners: object[] =
      'prototype' in hook
        ? [libraryMethod(hook) ? { [hook.target.method]: libraryMethod(hook) } : hook.prototype()]
        : (observed?.instanceTargets.get(hook) ?? []).map((instance) =>
            'method' in hook.target ? Object.getPrototypeOf(instance) : instance,
          );
    expect(owners.length).toBeGreaterThan(0);
    const problems = owners.flatMap((owner) => targetProblems(hook.target, owner).map((p) => `${hook.name}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('is reached by the probe document, and what it reads is there', () => {
    expect(installError).toBeUndefined();
    const reads = observed.reads.get(hook) as ReadsSeen;
    expect({ hook: hook.name, called: reads.calls > 0 }).toEqual({ hook: hook.name, called: true });
    expect(reads.problems().map((problem) => `${hook.name}: ${problem}`)).toEqual([]);
  });

  it('fails naming the hook when its target changes shape', () => {
    expect(installError).toBeUndefined();
    const target = hook.target;
    if ('method' in target) {
      // The method gone, or taking another parameter.
      expect(() => checkTarget(hook, {})).toThrow(
        new HookShapeError(`${describeHook(hook)}: ${target.owner}.${target.method} is undefined, expected a method`),
      );
      const renamed = new Function(...target.parameters, 'extra', '') as () => unknown;
      expect(() => checkTarget(hook, { [target.method]: renamed })).toThrow(describeHook(hook));
      expect(() => checkTarget(hook, { [target.method]: renamed })).toThrow(
        /takes \(.*extra\), the hook was written for/,
      );
      const fewer = new Function(...target.parameters.slice(0, -1), '') as () => unknown;
      if (target.parameters.length > 0)
        expect(() => checkTarget(hook, { [target.method]: fewer })).toThrow(describeHook(hook));
    } else {
      expect(() => checkTarget(hook, {})).toThrow(describeHook(hook));
    }
    // Each property it reads, renamed: the read check reports it.
    const call = 'prototype' in hook ? observed.calls.get(hook)?.at(-1) : undefined;
    const instance = 'prototype' in hook ? undefined : observed.instanceTargets.get(hook)?.at(-1);
    const scope = call ? callScope(hook, call) : { this: instance };
    for (const [path, kind] of Object.entries(hook.reads)) {
      const reads = new ReadsSeen(hook);
      reads.see(withoutProperty(scope, path));
      expect(reads.problems().some((problem) => problem.startsWith(`${path}`) && problem.includes(kind))).toBe(true);
    }
  });
});

describe('the line measuring', () => {
  it("gives every run of a line the properties and values pdfmake's own measuring gives", () => {
    expect(installError).toBeUndefined();
    expect(observed.measuredNodes).toBeGreaterThan(50);
    expect(observed.measuringDifferences).toEqual([]);
  });
});

describe('installing', () => {
  it('throws before installing anything, naming every hook whose target changed', () => {
    const owner = { measureLeaf: (node: unknown, extra: unknown) => [node, extra], untouched: 1 };
    const wrapped: string[] = [];
    const hook = (name: string, method: string, parameters: string[]): PrototypeHook => ({
      name,
      writtenFor: 'pdfmake 0.3.11',
      target: { owner: 'DocMeasure', method, parameters } as MethodTarget,
      reads: {},
      prototype: () => owner,
      wrap: (original) => {
        wrapped.push(name);
        return original;
      },
    });
    expect(() =>
      installPrototypeHooks([
        hook('first', 'measureLeaf', ['node', 'extra']),
        hook('second', 'measureLeaf', ['node']),
        hook('third', 'gone', []),
      ]),
    ).toThrow(
      'the hook "second" (written for pdfmake 0.3.11): DocMeasure.measureLeaf takes (node, extra), the hook was written for (node)\n' +
        'the hook "third" (written for pdfmake 0.3.11): DocMeasure.gone is undefined, expected a method',
    );
    expect(wrapped).toEqual([]);
  });
});
