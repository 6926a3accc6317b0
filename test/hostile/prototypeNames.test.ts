/**
 * Property: text a user typed is never looked up on a prototype. Every kind of user value of a
 * real request (option values and answers, ids, codes, labels, semantics, languages, licences
 * and other references, tags) is renamed to a name every plain object inherits (`constructor`,
 * `__proto__`, `toString`…), consistently wherever the same text occurs (an option value and the
 * answer that picks it, a field id and the answer keyed by it), and exported in every format or
 * imported by every importer. Each answer is a file or a 4xx naming a path, never a 5xx.
 */
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { runRequest, type RequestTask } from '../../src/service/worker';
import { ALL_EXPORTERS } from '../../src/service/formats';
import { fixtureJson } from '../builders/fixtures';
import { raidPlanWire, raidRecord } from '../builders/raid';
import { assertAnswered } from './answered';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Names every plain object answers to through Object.prototype (and `prototype`, which functions have). */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
] as const;

/** The kinds of user value in a request body, by the keys that hold them. */
const USER_VALUES = {
  answers: ['textValue', 'textListValue'],
  'option values': ['value'],
  ids: ['id', 'fieldId', 'sectionId', 'blueprintFieldId', 'groupId', 'repositoryId'],
  codes: ['code'],
  labels: ['label', 'title', 'name', 'placeholder', 'abbreviation'],
  semantics: ['semantics'],
  languages: ['language'],
  'licences, identifiers and other references': ['reference', 'source', 'identifier', 'type', 'doi'],
  tags: ['tags'],
} as const;

type UserValueKind = keyof typeof USER_VALUES;
const KINDS = Object.keys(USER_VALUES) as UserValueKind[];

/** The distinct strings `body` holds under `keys` (in lists under them too), in document order. */
function stringsUnder(body: Json, keys: readonly string[]): string[] {
  const found = new Set<string>();
  const walk = (value: Json, key: string | null): void => {
    if (typeof value === 'string') {
      if (key !== null && keys.includes(key)) found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [childKey, child] of Object.entries(value)) walk(child, childKey);
    }
  };
  walk(body, null);
  return [...found];
}

/**
 * A copy of `body` with the strings in `renames` renamed: wherever they occur, keys included (an
 * option value and the answers picking it, a field id and the answers keyed by it), or only under
 * `onlyUnder` keys (an answer that matches no option). `__proto__` stays an own key, as JSON.parse
 * makes it.
 */
function renamed(body: Json, renames: ReadonlyMap<string, string>, onlyUnder?: readonly string[]): Json {
  const walk = (value: Json, key: string | null): Json => {
    if (typeof value === 'string')
      return onlyUnder && (key === null || !onlyUnder.includes(key)) ? value : (renames.get(value) ?? value);
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value === null || typeof value !== 'object') return value;
    const copy: { [key: string]: Json } = {};
    for (const [childKey, child] of Object.entries(value))
      Object.defineProperty(copy, onlyUnder ? childKey : (renames.get(childKey) ?? childKey), {
        value: walk(child, childKey),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  };
  return walk(body, null);
}

/** Which strings of a kind are renamed: all of them to one name, or some (picked by index), each to its own. */
interface Renaming {
  kind: UserValueKind;
  name: string;
  /** null: every string of the kind becomes `name`. */
  picks: { index: number; name: string }[] | null;
  /** Renamed wherever the text occurs, or only where it is a value of this kind. */
  everywhere: boolean;
}

function renamesFor(body: Json, renaming: Renaming): Map<string, string> {
  const strings = stringsUnder(body, USER_VALUES[renaming.kind]);
  if (renaming.picks === null) return new Map(strings.map((s) => [s, renaming.name]));
  if (strings.length === 0) return new Map();
  return new Map(renaming.picks.map(({ index, name }) => [strings[index % strings.length], name]));
}

const nameArbitrary = fc.constantFrom(...PROTOTYPE_NAMES);
const renamingArbitrary: fc.Arbitrary<Renaming> = fc.record({
  kind: fc.constantFrom(...KINDS),
  name: nameArbitrary,
  picks: fc.option(fc.array(fc.record({ index: fc.nat(), name: nameArbitrary }), { minLength: 1, maxLength: 6 })),
  everywhere: fc.boolean(),
});

const EXPORT_BODIES: { name: string; entity: 'plan' | 'description'; body: Json }[] = [
  { name: 'plan-full.json', entity: 'plan', body: fixtureJson('plan-full.json') },
  { name: 'plan-1.3.json', entity: 'plan', body: fixtureJson('plan-1.3.json') },
  { name: 'description-full.json', entity: 'description', body: fixtureJson('description-full.json') },
  { name: 'the RAiD plan', entity: 'plan', body: raidPlanWire() as Json },
];

const CONTEXT = { transformerId: 'dmp-file-transformer' };

/** `plan` with `bytes` uploaded as its plan-template. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withTemplate(plan: any, filename: string, mimeType: string, bytes: Uint8Array) {
  plan.planBlueprint.definition.plugins = [
    {
      code: 'dmp-file-transformer',
      type: 0,
      fields: [
        {
          code: 'plan-template',
          textValue: null,
          file: { filename, fileRef: null, mimeType, file: Buffer.from(bytes).toString('base64') },
        },
      ],
    },
  ];
  return plan;
}
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

async function exported(format: string, fixture: number, renamings: Renaming[]) {
  const { entity, body } = EXPORT_BODIES[fixture];
  let renamedBody = body;
  for (const renaming of renamings)
    renamedBody = renamed(
      renamedBody,
      renamesFor(renamedBody, renaming),
      renaming.everywhere ? undefined : USER_VALUES[renaming.kind],
    );
  const task: RequestTask = { action: 'export', entity, format, body: encode(renamedBody), context: CONTEXT };
  return runRequest(task);
}

const FORMATS = ALL_EXPORTERS.map((e) => e.format);
/** Renderers that lay out pages cost ~10x more per export: fewer runs. */
const RUNS: Record<string, number> = { docx: 12, pdf: 8 };

describe('user text named like a prototype property is never looked up on a prototype', () => {
  it('exports a distribution whose access is answered "constructor" as a valid maDMP (it was a 500)', async () => {
    const plan = fixtureJson('plan-full.json');
    const access = stringsUnder(plan, ['semantics']).includes('rda.dataset.distribution.data_access');
    expect(access).toBe(true);
    // The answers of the access field: "open", "shared", "closed" in the fixture.
    const text = JSON.stringify(plan).replace(/"textValue":"(open|shared|closed)"/g, '"textValue":"constructor"');
    const result = await runRequest({
      action: 'export',
      entity: 'plan',
      format: 'json',
      body: new TextEncoder().encode(text),
      context: CONTEXT,
    });
    assertAnswered(result);
    if (!result.ok) throw new Error(result.error.message);
    const madmp = JSON.parse(new TextDecoder().decode(result.bytes)) as {
      dmp: { dataset: { distribution?: { data_access: unknown }[] }[] };
    };
    const accesses = madmp.dmp.dataset.flatMap((d) => d.distribution ?? []).map((d) => d.data_access);
    expect(accesses.length).toBeGreaterThan(0);
    for (const value of accesses) expect(['open', 'shared', 'closed']).toContain(value);
  });

  it.each(['pdf', 'docx', 'html'])(
    '%s export: a template whose theme fonts and plan language are named like prototype properties',
    async (format) => {
      for (const name of PROTOTYPE_NAMES) {
        const bundle = zipSync({
          'template.json': strToU8(
            JSON.stringify({
              name: 'Prototype names',
              version: '1.0.0',
              theme: { bodyFont: name, headingFont: name },
              header: { en: '{title}', el: 'Σχέδιο' },
            }),
          ),
        });
        const plan = withTemplate(fixtureJson('plan-full.json'), 'names.zip', 'application/zip', bundle);
        plan.language = name;
        const result = await runRequest({
          action: 'export',
          entity: 'plan',
          format,
          body: encode(plan),
          context: CONTEXT,
        });
        assertAnswered(result);
        expect(result.ok).toBe(true);
      }
    },
  );

  it('covers every format the service has', () => {
    expect(FORMATS.sort()).toEqual(['docx', 'html', 'json', 'md', 'pdf', 'raid', 'txt']);
  });

  describe.each(['json', 'raid'])('%s export: every kind of user value, every fixture', (format) => {
    it.each(KINDS)('%s named constructor, then __proto__, then toString', async (kind) => {
      for (const fixture of EXPORT_BODIES.keys())
        for (const name of ['constructor', '__proto__', 'toString'])
          for (const everywhere of [true, false])
            assertAnswered(await exported(format, fixture, [{ kind, name, picks: null, everywhere }]));
    });
  });

  it.each(FORMATS)('%s export: renamed user values of every kind', async (format) => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: EXPORT_BODIES.length - 1 }),
        fc.array(renamingArbitrary, { minLength: 1, maxLength: 3 }),
        async (fixture, renamings) => assertAnswered(await exported(format, fixture, renamings)),
      ),
      { numRuns: RUNS[format] ?? 40, seed: 33 },
    );
  });

  describe('imports', () => {
    let madmp: Json;
    beforeAll(async () => {
      const result = await runRequest({
        action: 'export',
        entity: 'plan',
        format: 'json',
        body: encode(fixtureJson('plan-full.json')),
        context: CONTEXT,
      });
      if (!result.ok) throw new Error('the fixture does not export');
      madmp = JSON.parse(new TextDecoder().decode(result.bytes)) as Json;
    });

    /** Every string and key of an uploaded file, renamed by index. */
    const fileRenamings = fc.array(fc.record({ index: fc.nat(), name: nameArbitrary }), {
      minLength: 1,
      maxLength: 8,
    });

    function fileRenamed(file: Json, picks: { index: number; name: string }[]): Json {
      const strings = new Set<string>();
      JSON.stringify(file, (key, value: unknown) => {
        if (key !== '') strings.add(key);
        if (typeof value === 'string') strings.add(value);
        return value;
      });
      const all = [...strings];
      return renamed(file, new Map(picks.map(({ index, name }) => [all[index % all.length], name])));
    }

    const envelope = (content: Json, filename: string) => ({
      filename,
      fileRef: null,
      mimeType: 'application/json',
      file: Buffer.from(JSON.stringify(content)).toString('base64'),
    });

    async function imported(content: Json, filename: string) {
      const plan = fixtureJson('plan-full.json');
      const file = envelope(content, filename);
      const preprocessed = await runRequest({
        action: 'preprocess',
        entity: 'plan',
        body: encode(file),
        context: CONTEXT,
      });
      assertAnswered(preprocessed);
      if (!preprocessed.ok) return preprocessed;
      const { preprocessingDescriptionModels } = JSON.parse(new TextDecoder().decode(preprocessed.bytes)) as {
        preprocessingDescriptionModels: { id: string }[];
      };
      const template = plan.descriptions[0];
      const body = {
        blueprintModel: plan.planBlueprint,
        descriptions: preprocessingDescriptionModels.map(({ id }) => ({
          id,
          sectionId: template.sectionId,
          descriptionTemplate: template.descriptionTemplate,
          file: null,
        })),
        file,
      };
      return runRequest({ action: 'import', entity: 'plan', body: encode(body), context: CONTEXT });
    }

    it('RDA JSON: renamed values and keys of the file', async () => {
      await fc.assert(
        fc.asyncProperty(fileRenamings, async (picks) =>
          assertAnswered(await imported(fileRenamed(madmp, picks), 'dmp.json')),
        ),
        { numRuns: 60, seed: 33 },
      );
    });

    it('RAiD: renamed values and keys of the record', async () => {
      const record = raidRecord() as Json;
      await fc.assert(
        fc.asyncProperty(fileRenamings, async (picks) =>
          assertAnswered(await imported(fileRenamed(record, picks), 'raid.json')),
        ),
        { numRuns: 60, seed: 33 },
      );
    });

    it.each(PROTOTYPE_NAMES)('RDA JSON and RAiD: every string of the file named %s', async (name) => {
      for (const [file, filename] of [
        [madmp, 'dmp.json'],
        [raidRecord() as Json, 'raid.json'],
      ] as const) {
        const strings = new Set<string>();
        JSON.stringify(file, (_key, value: unknown) => {
          if (typeof value === 'string') strings.add(value);
          return value;
        });
        assertAnswered(await imported(renamed(file, new Map([...strings].map((s) => [s, name]))), filename));
      }
    });
  });
});
