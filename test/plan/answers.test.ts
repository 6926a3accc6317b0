/**
 * Each answer as the reader sees it: an answer the editor left empty (spaces, `<p><br></p>`, an
 * empty list) is "not answered", and that flag climbs to its field set, section and page, which
 * the "include unanswered" option and the layouts rely on. Built on plan-full's seagrass
 * description, one answer changed at a time.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildPlanView } from '../../src/plan/buildPlanView';
import type { DescriptionView, FieldView, SectionView } from '../../src/plan/types';
import { fixtureJson } from '../builders/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

const SEAGRASS = 'Seagrass survey observations';

/** The seagrass description's first field of a type, with its field set and item 0's answer. */
function locate(raw: Wire, fieldType: string) {
  const description = raw.descriptions.find((d: Wire) => d.label === SEAGRASS);
  const walk = (sections: Wire[]): { fieldSet: Wire; field: Wire } | null => {
    for (const section of sections) {
      for (const fieldSet of section.fieldSets ?? []) {
        const field = fieldSet.fields.find((f: Wire) => f.data.fieldType === fieldType);
        if (field) return { fieldSet, field };
      }
      const inner = walk(section.sections ?? []);
      if (inner) return inner;
    }
    return null;
  };
  const found = description.descriptionTemplate.definition.pages.map((p: Wire) => walk(p.sections)).find(Boolean);
  const answer = description.properties.fieldSets[found.fieldSet.id].items[0].fields[found.field.id];
  return { description, ...found, answer };
}

function view(raw: Wire): DescriptionView {
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer' })
    .sections.flatMap((s) => s.descriptions)
    .find((d) => d.title === SEAGRASS)!;
}

const allSections = (description: DescriptionView): SectionView[] => {
  const walk = (sections: SectionView[]): SectionView[] => sections.flatMap((s) => [s, ...walk(s.sections)]);
  return description.pages.flatMap((p) => walk(p.sections));
};

/** The field of that type as the plan view shows it, after `change` to its wire answer. */
function fieldAfter(fieldType: string, change: (answer: Wire) => void): FieldView {
  const raw = fixtureJson('plan-full.json');
  const { field, answer } = locate(raw, fieldType);
  change(answer);
  const fields = allSections(view(raw)).flatMap((s) => s.fieldSets.flatMap((fs) => fs.items.flatMap((i) => i.fields)));
  return fields.find((f) => f.id === field.id)!;
}

const empty = (field: FieldView) => ({ answered: field.answered, value: field.value });

describe('answers the editor left empty are not answered', () => {
  it.each([
    ['freetext', 'spaces', (a: Wire) => (a.textValue = '  \n ')],
    ['textarea', 'nothing', (a: Wire) => (a.textValue = null)],
    ['richTextarea', 'an empty paragraph', (a: Wire) => (a.textValue = '<p><br></p>')],
    ['richTextarea', 'non-breaking spaces', (a: Wire) => (a.textValue = '<p>&nbsp;&#160; </p>')],
    ['select', 'an empty choice', (a: Wire) => (a.textListValue = [''])],
    ['radiobox', 'an empty choice', (a: Wire) => (a.textValue = '')],
    ['tags', 'blank tags', (a: Wire) => (a.textListValue = ['  ', ''])],
    ['internalEntitiesPlans', 'no plan', (a: Wire) => (a.textListValue = [''])],
    ['internalEntitiesDescriptions', 'no list', (a: Wire) => (a.textListValue = null)],
    ['referenceTypes', 'an empty list', (a: Wire) => (a.references = [])],
    [
      'datasetIdentifier',
      'a blank identifier',
      (a: Wire) => (a.externalIdentifier = { identifier: '  ', type: 'doi' }),
    ],
    ['upload', 'no file', (a: Wire) => (a.file = null)],
  ])('%s with %s', (fieldType, _what, change) => {
    expect(empty(fieldAfter(fieldType, change))).toEqual({ answered: false, value: null });
  });
});

describe('answers that are there', () => {
  it('reads a single select sent as a text value (older clients), and a radio answer from its text value alone', () => {
    expect(
      fieldAfter('select', (a) => Object.assign(a, { textListValue: null, textValue: 'experimental' })).value,
    ).toEqual({ kind: 'options', options: [{ value: 'experimental', label: 'Experimental data' }] });
    expect(
      fieldAfter('radiobox', (a) => Object.assign(a, { textValue: 'closed', textListValue: ['open'] })).value,
    ).toEqual({ kind: 'options', options: [{ value: 'closed', label: 'Closed' }] });
  });

  it('keeps rich text that is only a picture, a table or a rule', () => {
    for (const html of ['<p><img src="data:image/png;base64,AAAA"></p>', '<table><tr><td></td></tr></table>', '<hr>']) {
      expect(fieldAfter('richTextarea', (a) => (a.textValue = html)).value).toEqual({ kind: 'richText', html });
    }
  });

  it('keeps text with spaces around it as typed', () => {
    expect(fieldAfter('freetext', (a) => (a.textValue = ' R&D ')).value).toEqual({ kind: 'text', text: ' R&D ' });
  });

  it('drops blank tags and keeps the others', () => {
    expect(fieldAfter('tags', (a) => (a.textListValue = ['', 'seagrass', '  ', 'reef'])).value).toEqual({
      kind: 'tags',
      tags: ['seagrass', 'reef'],
    });
  });

  it('shows the label of an option found by value or by label, and an unknown value as itself', () => {
    const field = fieldAfter(
      'select',
      (a) => (a.textListValue = ['observational', 'Experimental data', 'not-an-option', '']),
    );
    expect(field.value).toEqual({
      kind: 'options',
      options: [
        { value: 'observational', label: 'Observational data' },
        { value: 'Experimental data', label: 'Experimental data' },
        { value: 'not-an-option', label: 'not-an-option' },
      ],
    });
  });

  it('reads a single choice from textValue', () => {
    expect(fieldAfter('radiobox', (a) => (a.textValue = 'open')).value).toEqual({
      kind: 'options',
      options: [{ value: 'open', label: expect.any(String) }],
    });
  });

  it('names the kind of entity and drops blank ids', () => {
    expect(fieldAfter('internalEntitiesPlans', (a) => (a.textListValue = ['', 'p-1'])).value).toEqual({
      kind: 'entities',
      entityType: 'plan',
      ids: ['p-1'],
    });
    expect(fieldAfter('internalEntitiesDescriptions', (a) => (a.textListValue = ['d-1'])).value).toEqual({
      kind: 'entities',
      entityType: 'description',
      ids: ['d-1'],
    });
  });

  it('keeps an identifier trimmed, and a file known only by its name', () => {
    expect(
      fieldAfter('datasetIdentifier', (a) => (a.externalIdentifier = { identifier: ' 10.1/x ', type: 'doi' })).value,
    ).toEqual({ kind: 'identifier', identifier: '10.1/x', type: 'doi' });
    const named = fieldAfter(
      'upload',
      (a) => (a.file = { filename: 'notes.pdf', fileRef: null, mimeType: null, file: null }),
    ).value;
    expect(named).toEqual({
      kind: 'file',
      file: { filename: 'notes.pdf', mimeType: null, bytes: null, isImage: false },
    });
  });

  it('counts an upload with neither bytes nor a name as unanswered', () => {
    expect(
      empty(
        fieldAfter('upload', (a) => (a.file = { filename: null, fileRef: null, mimeType: 'image/png', file: null })),
      ),
    ).toEqual({ answered: false, value: null });
  });

  it('takes a file for a picture by its type, or by its name when it has no type', () => {
    const isImage = (file: Wire) =>
      (fieldAfter('upload', (a) => (a.file = { fileRef: null, file: 'iVBORw0KGgo=', ...file })).value as Wire).file
        .isImage;
    expect(isImage({ filename: 'x.bin', mimeType: 'image/jpeg' })).toBe(true);
    expect(isImage({ filename: 'x.png', mimeType: 'application/pdf' })).toBe(false);
    expect(isImage({ filename: 'x.JPG', mimeType: null })).toBe(true);
    expect(isImage({ filename: 'x.png.txt', mimeType: null })).toBe(false);
    expect(isImage({ filename: 'x.svg', mimeType: 'image/svg+xml' })).toBe(false);
    expect(isImage({ filename: 'x', mimeType: 'image/png; charset=x' })).toBe(false);
  });
});

describe('"answered" climbs from fields to field sets, sections and pages', () => {
  /** plan-full with every answer of the seagrass description's first page emptied but one. */
  function firstPage(keep: boolean) {
    const raw = fixtureJson('plan-full.json');
    const { description, fieldSet, field } = locate(raw, 'freetext');
    for (const answers of Object.values(description.properties.fieldSets) as Wire[]) {
      for (const item of answers.items) {
        for (const value of Object.values(item.fields) as Wire[]) {
          Object.assign(value, {
            textValue: null,
            textListValue: null,
            booleanValue: null,
            dateValue: null,
            references: null,
            externalIdentifier: null,
            file: null,
          });
        }
      }
    }
    if (keep) description.properties.fieldSets[fieldSet.id].items[0].fields[field.id].textValue = 'kept';
    const page = view(raw).pages[0];
    const section = page.sections.find((s) => s.fieldSets.some((fs) => fs.id === fieldSet.id))!;
    return {
      page,
      section,
      fieldSet: section.fieldSets.find((fs) => fs.id === fieldSet.id)!,
      others: section.fieldSets.filter((fs) => fs.id !== fieldSet.id),
    };
  }

  it('nothing answered: no field set, section or page is', () => {
    const { page, section, fieldSet, others } = firstPage(false);
    expect([page.answered, section.answered, fieldSet.answered, ...others.map((fs) => fs.answered)]).toEqual([
      false,
      false,
      false,
      ...others.map(() => false),
    ]);
  });

  it('one answer: its field set, section and page are, the other field sets are not', () => {
    const { page, section, fieldSet, others } = firstPage(true);
    expect([page.answered, section.answered, fieldSet.answered]).toEqual([true, true, true]);
    expect(others.length).toBeGreaterThan(0);
    expect(others.map((fs) => fs.answered)).toEqual(others.map(() => false));
  });
});

describe('items of a field set', () => {
  it('come in ordinal order whatever the payload order, with one column per visible field', () => {
    const raw = fixtureJson('plan-full.json');
    const description = raw.descriptions.find((d: Wire) => d.label === SEAGRASS);
    const distributions = description.properties.fieldSets['bab3510f-7056-59e3-9d73-8d5d61eecc43'];
    distributions.items.reverse();
    const fieldSet = allSections(view(raw))
      .flatMap((s) => s.fieldSets)
      .find((fs) => fs.id === 'bab3510f-7056-59e3-9d73-8d5d61eecc43')!;
    expect(fieldSet.items.map((item) => item.ordinal)).toEqual([0, 1]);
    expect(fieldSet.fields.map((f) => f.id)).toEqual(fieldSet.items[0].fields.map((f) => f.id));
  });
});
