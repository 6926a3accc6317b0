/**
 * Test helpers for the RDA exporter and importer: small plans in real wire form (built with the
 * fixture builders), the pipeline from wire JSON to maDMP, file envelopes, and the validators.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TemplateFieldType } from '../../src/contract/model';
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { exportDescriptionToRda, exportPlanToRda, type RdaRendering } from '../../src/formats/rda/export/export';
import type { Dmp } from '../../src/formats/rda/madmp';
import { schemaErrors, type RdaSchemaVersion } from '../../src/formats/rda/schemas';
import { nameUuid } from '../../fixtures/lib/ids';
import { toJacksonJson, type JsonObject } from '../../fixtures/lib/jackson';
import {
  AccessType,
  blueprint,
  blueprintValue,
  contact,
  description,
  DescriptionStatus,
  entityDoi,
  plan,
  planReference,
  planUser,
  PlanStatus,
  PlanUserRole,
  reference,
  status,
  user,
  type Answer,
  type BlueprintFieldSpec,
  type BlueprintValueSpec,
  type OptionSpec,
  type ReferenceSpec,
  type ReferenceTypeSpec,
} from '../../fixtures/lib/wire';

export const TRANSFORMER_ID = 'dmp-file-transformer';
export const CONTEXT = { transformerId: TRANSFORMER_ID };
const ROOT = path.resolve(__dirname, '../..');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Wire = any;

export function fixture(name: string): Wire {
  return JSON.parse(readFileSync(path.join(ROOT, 'fixtures', name), 'utf8'));
}

export function exportPlanWire(raw: Wire): RdaRendering {
  assertValidModel('plan', raw);
  return exportPlanToRda(decodePlan(raw), CONTEXT);
}

export function exportDescriptionWire(raw: Wire): RdaRendering {
  assertValidModel('description', raw);
  return exportDescriptionToRda(decodeDescription(raw), CONTEXT);
}

/** The exception a call throws (fails the test when it returns). */
export function thrown(call: () => unknown): Wire {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

export async function rejected(call: () => Promise<unknown>): Promise<Wire> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

/** `FileEnvelopeModel` around a document (object -> JSON text -> base64), as the backend sends uploads. */
export function envelope(content: unknown, filename = 'dmp.json'): Wire {
  const bytes = Buffer.from(typeof content === 'string' ? content : JSON.stringify(content), 'utf8');
  return { filename, fileRef: null, mimeType: 'application/json', file: bytes.toString('base64') };
}

export const ajvErrors = (version: RdaSchemaVersion, document: unknown) => schemaErrors(version, document);

export interface PythonResult {
  file: string;
  '1.1': string[];
  '1.2': string[];
}

/** Validates documents with python-jsonschema (test/helpers/validate_rda.py), one process for all. */
export function pythonValidate(documents: unknown[]): PythonResult[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'rda-validate-'));
  try {
    const files = documents.map((document, index) => {
      const file = path.join(dir, `document-${index}.json`);
      writeFileSync(file, JSON.stringify(document));
      return file;
    });
    const output = execFileSync(
      'python3',
      [
        '-W',
        'ignore',
        path.join(__dirname, '..', 'helpers', 'validate_rda.py'),
        path.join(ROOT, 'schemas/rda'),
        ...files,
      ],
      {
        encoding: 'utf8',
      },
    );
    return output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as PythonResult);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every `null` in a JSON tree, by path (the maDMP must hold none). */
export function nullPaths(value: unknown, at = ''): string[] {
  if (value === null) return [at || '/'];
  if (Array.isArray(value)) return value.flatMap((item, index) => nullPaths(item, `${at}/${index}`));
  if (typeof value === 'object')
    return Object.entries(value as object).flatMap(([key, item]) => nullPaths(item, `${at}/${key}`));
  return [];
}

// ---- small plans in wire form ----

let counter = 0;
export const testId = (name: string) => nameUuid(`rda-test/${name}/${counter++}`);

export const REFERENCE_TYPE = (code: string): ReferenceTypeSpec => ({
  id: nameUuid(`rda-test/reference-type/${code}`),
  name: code,
  code,
});

export function testReference(
  code: string,
  label: string,
  referenceId: string | null,
  fields: [string, string][] = [],
): ReferenceSpec {
  return {
    id: testId(`reference/${label}`),
    label,
    type: REFERENCE_TYPE(code),
    fields,
    reference: referenceId,
    sourceType: 1,
  };
}

export interface TestField {
  id?: string;
  type: TemplateFieldType;
  label?: string;
  semantics?: string[];
  options?: OptionSpec[];
  multipleSelect?: boolean;
  referenceCode?: string;
}

export interface TestQuestion {
  title: string;
  /** A repeating question (one item per answer set). */
  repeats?: boolean;
  fields: TestField[];
  /** Answers per item, by field index. */
  items: Answer[][];
}

export interface TestDescription {
  label: string;
  description?: string | null;
  tags?: string[];
  canceled?: boolean;
  templateType?: string;
  questions: TestQuestion[];
}

export interface TestBlueprintField {
  field: BlueprintFieldSpec;
  /** Extra/upload value. */
  value?: Omit<BlueprintValueSpec, 'fieldId'>;
  /** References of a referenceType field. */
  references?: ReferenceSpec[];
}

/** A blueprint reference-type field (multiple select) holding `refs`. */
export const referenceField = (
  code: string,
  label: string,
  refs: ReferenceSpec[],
  semantics?: string[],
): TestBlueprintField => ({
  field: {
    kind: 'referenceType',
    id: testId(code),
    label,
    referenceType: REFERENCE_TYPE(code),
    multipleSelect: true,
    ...(semantics ? { semantics } : {}),
  },
  references: refs,
});

/** The `dmp` of a plan's RDA export. */
export const dmpOf = (raw: Wire): Dmp => exportPlanWire(raw).document.dmp;

export interface TestPlan {
  label?: string;
  descriptionHtml?: string | null;
  language?: string | null;
  creatorEmail?: string | null;
  contacts?: [string, string, string][];
  members?: { name: string; email: string | null; roles: (keyof typeof PlanUserRole)[] }[];
  dois?: [string, string][];
  blueprintFields?: TestBlueprintField[];
  descriptions?: TestDescription[];
  /** `rda-version` in the blueprint's configuration for this transformer. */
  rdaVersion?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** A plan body as the backend would POST it, from a compact description of its content. */
export function testPlanWire(spec: TestPlan): Wire {
  const sectionId = testId('section');
  const creator = user({
    id: testId('creator'),
    name: 'Clara Creator',
    email: spec.creatorEmail === undefined ? 'clara.creator@example.org' : spec.creatorEmail,
    emailContactId: testId('creator-email'),
    registeredAt: '2024-01-01T00:00:00Z',
  });
  const members = (spec.members ?? []).flatMap((m) => {
    const u = user({
      id: testId(`member/${m.name}`),
      name: m.name,
      email: m.email,
      emailContactId: testId('email'),
      registeredAt: '2024-01-01T00:00:00Z',
    });
    return m.roles.map((role) => planUser(u, PlanUserRole[role]));
  });
  const fields = spec.blueprintFields ?? [];
  const planSpec = {
    id: testId('plan'),
    version: 1,
    label: spec.label ?? 'Test plan',
    description: spec.descriptionHtml ?? null,
    accessType: AccessType.Restricted,
    status: status(testId('status'), 'Draft', PlanStatus.Draft),
    creator,
    blueprint: blueprint({
      id: testId('blueprint'),
      groupId: testId('blueprint-group'),
      label: 'Test blueprint',
      description: null,
      sections: [
        {
          id: sectionId,
          label: 'Main',
          ordinal: 0,
          hasTemplates: true,
          fields: fields.map((f, ordinal) => ({ ordinal, field: f.field })),
        },
      ],
      plugins:
        spec.rdaVersion === undefined
          ? []
          : [
              {
                code: TRANSFORMER_ID,
                type: 0,
                fields: [{ code: 'rda-version', textValue: spec.rdaVersion, file: null }],
              },
            ],
    }),
    properties: {
      planBlueprintValues: fields
        .filter((f) => f.value)
        .map((f) => blueprintValue({ fieldId: f.field.id, ...f.value } as BlueprintValueSpec)),
      contacts: (spec.contacts ?? []).map(([first, last, email]) => contact(first, last, email)),
    },
    entityDois: (spec.dois ?? []).map(([doi, repository]) => entityDoi(testId('doi'), doi, repository)),
    users: members,
    references: fields.flatMap((f) =>
      (f.references ?? []).map((r) => planReference(testId('plan-reference'), reference(r), f.field.id)),
    ),
    finalizedAt: null,
    publicAfter: null,
    updatedAt: spec.updatedAt ?? '2025-02-03T04:05:06Z',
    createdAt: spec.createdAt ?? '2025-01-02T03:04:05Z',
    language: spec.language === undefined ? 'en' : spec.language,
  };
  const nestedPlan = plan(planSpec, null);
  const descriptions = (spec.descriptions ?? []).map((d, index) => {
    const questions = d.questions.map((q) => ({
      id: testId('fieldset'),
      title: q.title,
      multiplicity: q.repeats ? { min: 0, max: null, placeholder: null, tableView: false } : null,
      fields: q.fields.map((f) => ({
        id: f.id ?? testId('field'),
        type: f.type,
        label: f.label ?? f.type,
        semantics: f.semantics ?? [],
        options: f.options,
        multipleSelect: f.multipleSelect,
        referenceType: f.referenceCode ? REFERENCE_TYPE(f.referenceCode) : undefined,
      })),
    }));
    const template = {
      id: testId('template'),
      groupId: testId('template-group'),
      label: `Template ${d.label}`,
      description: null,
      type: { id: testId('template-type'), name: d.templateType ?? 'Dataset' },
      version: 1,
      language: 'en',
      pages: [
        {
          id: testId('page'),
          title: 'Page',
          sections: [{ id: testId('section'), title: 'Questions', fieldSets: questions }],
        },
      ],
    };
    const answers = Object.fromEntries(
      questions.map((q, qi) => [
        q.id,
        {
          items: d.questions[qi].items.map((item) =>
            Object.fromEntries(q.fields.map((f, fi) => [f.id, item[fi] ?? null])),
          ),
        },
      ]),
    );
    return description(
      {
        id: testId(`description/${d.label}`),
        label: d.label,
        description: d.description ?? null,
        tags: d.tags ?? null,
        status: status(
          testId('status'),
          d.canceled ? 'Canceled' : 'Draft',
          d.canceled ? DescriptionStatus.Canceled : DescriptionStatus.Draft,
        ),
        template,
        sectionId,
        createdAt: `2025-01-0${(index % 9) + 1}T00:00:00Z`,
        answers,
        hidden: [],
      },
      nestedPlan,
    );
  });
  return JSON.parse(toJacksonJson(plan(planSpec, descriptions) as JsonObject));
}

/** A one-description plan whose template has exactly `questions`. */
export function planWithQuestions(questions: TestQuestion[], extra: Partial<TestPlan> = {}): Wire {
  return testPlanWire({ ...extra, descriptions: [{ label: 'Dataset one', questions }] });
}
