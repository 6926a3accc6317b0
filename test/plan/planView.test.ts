import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildDescriptionExportView, buildPlanView } from '../../src/plan/buildPlanView';
import type { DescriptionView, FieldView, PlanView, SectionView, Value } from '../../src/plan/types';
import { fixtureJson, fixtureText } from '../builders/fixtures';

const options = { transformerId: 'dmp-file-transformer' };

function planViewOf(raw: unknown): PlanView {
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), options);
}

/** Every answered field of a description, depth first, in reading order. */
function fieldsOf(description: DescriptionView): FieldView[] {
  const walk = (sections: SectionView[]): FieldView[] =>
    sections.flatMap((s) => [...s.fieldSets.flatMap((fs) => fs.items.flatMap((i) => i.fields)), ...walk(s.sections)]);
  return description.pages.flatMap((p) => walk(p.sections));
}

// JSON.stringify drops Uint8Array contents to index maps; good enough to search for text.
const textOf = (value: unknown) =>
  JSON.stringify(value, (_k, v) => (v instanceof Uint8Array ? `[${v.length} bytes]` : v));

describe('plan view of the full fixture', () => {
  const expectations = fixtureJson('plan-full.expect.json') as { visible: string[]; absent: string[] };
  let view: PlanView;
  let descriptions: DescriptionView[];
  // Built for each test, not once for the file: mutation testing then knows which tests reach
  // which code, instead of running every test for every planted bug.
  beforeEach(() => {
    // Parsed from the raw text, so the duplicate `category`/`fieldType` keys are the backend's.
    view = planViewOf(JSON.parse(fixtureText('plan-full.json')));
    descriptions = view.sections.flatMap((s) => s.descriptions);
  });

  it('orders blueprint sections by ordinal, whatever their order in the payload', () => {
    const ordinals = view.sections.map((s) => s.ordinal);
    expect(ordinals).toEqual([...ordinals].sort((a, b) => a - b));
    expect(view.sections.map((s) => s.label)).toEqual([
      'Administrative information',
      'Data summary',
      'Data sharing and licensing',
      'Ethics and costs',
    ]);
  });

  it('resolves all six system fields from plan attributes', () => {
    const system = view.sections.flatMap((s) => s.fields).filter((f) => f.category === 'system');
    const byType = Object.fromEntries(system.map((f) => [f.systemFieldType, f.value]));
    expect(byType.title).toEqual({ kind: 'text', text: view.title });
    expect(byType.description?.kind).toBe('richText');
    expect(byType.language).toEqual({ kind: 'language', code: 'en' });
    expect(byType.accessRights?.kind).toBe('accessRights');
    expect(byType.contact).toMatchObject({ kind: 'contacts' });
    expect((byType.contact as Extract<Value, { kind: 'contacts' }>).contacts.length).toBe(2);
    const users = byType.user as Extract<Value, { kind: 'users' }>;
    // One user holds two roles: grouped once, roles in enum order, no repeats.
    expect(users.users.some((u) => u.roles.length === 2)).toBe(true);
    expect(new Set(users.users.map((u) => u.id)).size).toBe(users.users.length);
  });

  it('resolves extra fields of all four data types, upload bytes and references by blueprint field', () => {
    const fields = view.sections.flatMap((s) => s.fields);
    const kinds = fields
      .filter((f) => f.category === 'extra' && f.answered)
      .map((f) => `${f.dataType}:${f.value!.kind}`);
    expect(kinds).toEqual(expect.arrayContaining(['text:text', 'richText:richText', 'date:date', 'number:number']));
    const upload = fields.find((f) => f.category === 'upload')!.value as Extract<Value, { kind: 'file' }>;
    expect(upload.file.isImage).toBe(true);
    expect(Buffer.from(upload.file.bytes!).subarray(1, 4).toString('latin1')).toBe('PNG');
    for (const field of fields.filter((f) => f.category === 'referenceType' && f.answered)) {
      const refs = (field.value as Extract<Value, { kind: 'references' }>).references;
      expect(refs.every((r) => r.typeCode === field.referenceTypeCode)).toBe(true);
    }
    const researcher = view.references.find((r) => r.reference?.startsWith('orcid:'))!;
    expect(researcher.url).toBe(`https://orcid.org/${researcher.reference!.slice('orcid:'.length)}`);
  });

  it('leaves canceled descriptions out and orders each section by creation time', () => {
    expect(textOf(view)).not.toContain('CANCELED-');
    for (const section of view.sections) {
      const times = section.descriptions.map((d) => d.createdAt!.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    expect(descriptions.every((d) => d.status.internal !== 'canceled')).toBe(true);
  });

  it('gives every one of the 15 template field types a typed value', () => {
    const answered = descriptions.flatMap(fieldsOf).filter((f) => f.answered);
    const kindByType = new Map(answered.map((f) => [f.fieldType, f.value!.kind]));
    expect(Object.fromEntries(kindByType)).toEqual({
      freetext: 'text',
      textarea: 'text',
      richTextarea: 'richText',
      select: 'options',
      radiobox: 'options',
      tags: 'tags',
      datePicker: 'date',
      checkBox: 'boolean',
      booleanDecision: 'boolean',
      referenceTypes: 'references',
      datasetIdentifier: 'identifier',
      validation: 'identifier',
      upload: 'file',
      internalEntitiesPlans: 'entities',
      internalEntitiesDescriptions: 'entities',
    });
  });

  it('shows option labels, not option values, for select and radiobox', () => {
    const options = descriptions
      .flatMap(fieldsOf)
      .filter((f) => f.value?.kind === 'options')
      .flatMap((f) => (f.value as Extract<Value, { kind: 'options' }>).options);
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining(['Experimental data', 'Observational data']));
    expect(options.every((o) => o.label !== '')).toBe(true);
  });

  it('keeps table-view and list multiplicity, nested sections and fieldSet comments', () => {
    const fieldSets = descriptions.flatMap((d) =>
      d.pages.flatMap((p) => {
        const walk = (sections: SectionView[]): SectionView['fieldSets'] =>
          sections.flatMap((s) => [...s.fieldSets, ...walk(s.sections)]);
        return walk(p.sections);
      }),
    );
    const table = fieldSets.find((fs) => fs.multiplicity?.tableView && fs.items.length === 3);
    expect(table).toBeDefined();
    expect(table!.fields.length).toBeGreaterThan(1);
    expect(fieldSets.some((fs) => fs.multiplicity && !fs.multiplicity.tableView && fs.items.length === 2)).toBe(true);
    expect(fieldSets.some((fs) => fs.comment)).toBe(true);
    expect(descriptions.some((d) => d.pages.some((p) => p.sections.some((s) => s.sections.length > 0)))).toBe(true);
  });

  it('drops whatever visibility hides and whatever is excluded from export', () => {
    for (const marker of expectations.absent.filter((m) => /^(HIDDEN|EXCLUDED)-/.test(m))) {
      expect(textOf(view)).not.toContain(marker);
    }
  });

  it('keeps each field semantics for the exporters that map by them', () => {
    const semantics = [
      ...view.sections.flatMap((s) => s.fields.flatMap((f) => f.semantics)),
      ...descriptions.flatMap(fieldsOf).flatMap((f) => f.semantics),
    ];
    expect(semantics).toEqual(expect.arrayContaining(['rda.dmp.title', 'rda.dataset.title']));
  });
});

describe('plan view rules', () => {
  it('shows everything when a description carries no visibility states', () => {
    const raw = fixtureJson('plan-full.json');
    const withStates = planViewOf(raw)
      .sections.flatMap((s) => s.descriptions)
      .flatMap(fieldsOf).length;
    for (const d of raw.descriptions) d.visibilityStates = null;
    const without = planViewOf(raw)
      .sections.flatMap((s) => s.descriptions)
      .flatMap(fieldsOf);
    expect(without.length).toBeGreaterThan(withStates);
    expect(textOf(without)).toContain('HIDDEN-');
    // includeInExport:false still wins over "show everything".
    expect(textOf(without)).not.toContain('EXCLUDED-');
  });

  it('counts includeInExport null as true', () => {
    const raw = fixtureJson('plan-minimal.json');
    const field = raw.descriptions[0].descriptionTemplate.definition.pages[0].sections[0].fieldSets[0].fields[0];
    field.includeInExport = null;
    const shown = fieldsOf(planViewOf(raw).sections[0].descriptions[0]);
    expect(shown.map((f) => f.id)).toContain(field.id);
    field.includeInExport = false;
    expect(fieldsOf(planViewOf(raw).sections[0].descriptions[0]).map((f) => f.id)).not.toContain(field.id);
  });

  it('never loses a description whose section is not in the blueprint', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.descriptions[0].sectionId = '99999999-9999-9999-9999-999999999999';
    const view = planViewOf(raw);
    const orphanSection = view.sections.at(-1)!;
    expect(orphanSection.id).toBe('');
    expect(orphanSection.descriptions.map((d) => d.id)).toEqual([raw.descriptions[0].id]);
  });

  it('keeps reference fields under any code, even one named like an object property', () => {
    const raw = fixtureJson('plan-full.json');
    raw.references[0].reference.definition = {
      fields: [
        { code: '__proto__', value: 'x' },
        { code: 'constructor', value: 'y' },
      ],
    };
    const fields = planViewOf(raw).references[0].fields;
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });

  it('treats an editor-cleared rich text as unanswered', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.description = '<p><br></p><p>&nbsp;</p>';
    expect(planViewOf(raw).descriptionHtml).toBeNull();
  });

  it('picks only this transformer’s plugin configuration values', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.planBlueprint.definition.plugins = [
      { code: 'docx-file-transformer', type: 0, fields: [{ code: 'page-size', textValue: 'A3', file: null }] },
      { code: 'dmp-file-transformer', type: 0, fields: [{ code: 'page-size', textValue: 'Letter', file: null }] },
    ];
    expect(planViewOf(raw).configuration).toEqual({ 'page-size': { text: 'Letter', file: null } });
  });

  it('heads a description export with the plan it belongs to', () => {
    const raw = fixtureJson('description-full.json');
    assertValidModel('description', raw);
    const view = buildDescriptionExportView(decodeDescription(raw), options);
    expect(view.plan.title).toBe(raw.plan.label);
    expect(view.plan.sections.every((s) => s.descriptions.length === 0)).toBe(true);
    expect(view.description.title).toBe(raw.label);
  });
});
