/**
 * common-models 1.3.0 bodies (fixtures/plan-1.3.json: plan-full as a 1.3 backend sends it) decode
 * with their additions; 1.2.0 bodies decode exactly as before; and whatever we answer stays a
 * 1.2.0 shape, because a 1.2 backend refuses unknown properties.
 */
import { decodePlan, decodePlanImportModel } from '../../src/contract/decode';
import { encodePlan } from '../../src/contract/encode';
import type { PlanModel } from '../../src/contract/model';
import { assertValidModel } from '../../src/contract/validate';
import { ServiceError } from '../../src/errors';
import { buildPlan13 } from '../../fixtures/build';
import { toJacksonJson } from '../../fixtures/lib/jackson';
import { fixtureJson } from '../builders/fixtures';
import { keySetProblems } from '../helpers/wireKeys';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

/** The body without what common-models 1.3.0 added: what a 1.2 backend sends for the same plan. */
function as12(raw: Wire): Wire {
  const walk = (value: Wire): Wire => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    const out: Wire = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === 'raidJsonFile') continue;
      if (key === 'type' && 'sections' in (value.definition ?? {})) continue; // blueprint type
      if (key === 'definition' && 'code' in value && 'name' in value) continue; // reference type definition
      if (key === 'dataType' && 'value' in value && 'code' in value) continue; // reference field
      out[key] = walk(item);
    }
    return out;
  };
  return walk(raw);
}

/** A decoded model without the 1.3.0 additions (blueprint type, raidJsonFile, reference-type fields, field data types). */
function withoutAdditions(value: Wire): Wire {
  if (Array.isArray(value)) return value.map(withoutAdditions);
  if (!value || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array) return value;
  const out: Wire = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'raidJsonFile') continue;
    if (key === 'type' && 'sections' in value) continue;
    if (key === 'fields' && 'code' in value && 'name' in value) continue;
    if (key === 'dataType' && 'value' in value && 'code' in value) continue;
    out[key] = withoutAdditions(item);
  }
  return out;
}

describe('a common-models 1.3.0 plan', () => {
  const raw = fixtureJson('plan-1.3.json');
  let plan: PlanModel;
  beforeAll(() => {
    assertValidModel('plan', raw);
    plan = decodePlan(raw);
  });

  it("reads the blueprint's type", () => {
    expect(plan.blueprint?.type).toEqual({ id: raw.planBlueprint.type.id, name: 'Horizon Europe DMP' });
  });

  it('reads the fields a reference type declares, with labels and data types', () => {
    const grant = plan.references.find((r) => r.reference?.type?.code === 'grants')!.reference!;
    expect(grant.type?.fields).toEqual([
      {
        code: 'startDate',
        label: 'Start date',
        description: null,
        dataType: 'date',
        semantics: ['rda.dmp.project.start'],
        required: false,
      },
      {
        code: 'endDate',
        label: 'End date',
        description: null,
        dataType: 'date',
        semantics: ['rda.dmp.project.end'],
        required: false,
      },
    ]);
    expect(grant.fields).toEqual([
      { code: 'startDate', value: '2024-01-01T00:00:00Z', dataType: 'date' },
      { code: 'endDate', value: '2027-12-31T00:00:00Z', dataType: 'date' },
    ]);
    // Reference types inside description answers too.
    const licence = plan.descriptions
      .flatMap((d) => Object.values(d.fieldSets))
      .flatMap((fs) => fs.items.flatMap((item) => Object.values(item.fields)))
      .flatMap((value) => value.references ?? [])
      .find((r) => r.type?.code === 'licenses')!;
    expect(licence.type?.fields?.map((f) => [f.code, f.label, f.dataType])).toEqual([
      ['uri', 'Licence text', 'text'],
      ['start_date', 'Applies from', 'date'],
    ]);
  });

  it('reads raidJsonFile when the backend fills it', () => {
    const bytes = Buffer.from('{"identifier":{"id":"https://raid.org/10.1/x"}}');
    const withRaid = {
      ...raw,
      raidJsonFile: {
        filename: 'raid.json',
        fileRef: null,
        mimeType: 'application/json',
        file: bytes.toString('base64'),
      },
    };
    assertValidModel('plan', withRaid);
    const decoded = decodePlan(withRaid).raidJsonFile!;
    expect(decoded.filename).toBe('raid.json');
    expect(Buffer.from(decoded.bytes!)).toEqual(bytes);
    expect(plan.raidJsonFile).toBeUndefined();
  });

  it('decodes to the 1.2.0 model of the same plan plus exactly the 1.3.0 additions', () => {
    const older = decodePlan(as12(raw));
    expect(older.blueprint).not.toHaveProperty('type');
    expect(withoutAdditions(plan)).toEqual(older);
    // And the additions are really there to remove.
    expect(withoutAdditions(plan)).not.toEqual(plan);
  });

  it('decodes alike when a Jackson 3 backend (Spring Boot 4) writes its instants as ISO-8601 strings', () => {
    const iso = JSON.parse(toJacksonJson(buildPlan13(), { instants: 'iso' }));
    expect(iso.createdAt).toBe('2024-11-04T09:15:30.123456Z');
    expect(iso.updatedAt).toBe('2025-04-12T16:42:07.987654321Z');
    expect(iso.descriptions[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    assertValidModel('plan', iso);
    expect(decodePlan(iso)).toEqual(plan);
  });

  it('is refused with a 400 naming the path when a 1.3.0 field has the wrong type', () => {
    const broken = structuredClone(raw);
    broken.references[1].reference.definition.fields[0].dataType = 'Date';
    broken.planBlueprint.type = 'Horizon';
    let error: ServiceError | undefined;
    try {
      assertValidModel('plan', broken);
    } catch (caught) {
      error = caught as ServiceError;
    }
    expect(error?.kind).toBe('bad-request');
    const paths = error!.details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/planBlueprint/type', '/references/1/reference/definition/fields/0/dataType']),
    );
  });

  it('is answered, when encoded back (import), with exactly the 1.2.0 property sets', () => {
    expect(keySetProblems(encodePlan(plan))).toEqual([]);
  });

  it('echoes a 1.3.0 blueprint in an import answer without its type', () => {
    const model = decodePlanImportModel({ blueprintModel: raw.planBlueprint, descriptions: [], file: null });
    expect(model.blueprint?.type?.name).toBe('Horizon Europe DMP');
    const answer = encodePlan({ ...plan, blueprint: model.blueprint, descriptions: [] });
    expect(Object.keys(answer.planBlueprint as object).sort()).toEqual([
      'definition',
      'description',
      'groupId',
      'id',
      'label',
      'status',
    ]);
    expect(keySetProblems(answer)).toEqual([]);
  });
});

describe('a common-models 1.2.0 plan', () => {
  it('decodes with none of the 1.3.0 keys: no blueprint type, raidJsonFile, reference-type fields or data types', () => {
    const plan = decodePlan(fixtureJson('plan-full.json'));
    expect(plan).not.toHaveProperty('raidJsonFile');
    expect(plan.blueprint).not.toHaveProperty('type');
    for (const { reference } of plan.references) {
      expect(reference?.type).not.toHaveProperty('fields');
      for (const field of reference?.fields ?? []) expect(Object.keys(field).sort()).toEqual(['code', 'value']);
    }
  });
});
