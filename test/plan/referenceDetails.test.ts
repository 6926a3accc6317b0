/**
 * References as a reader sees them when the planning service (OpenCDMP 1.3) says what their
 * fields are: the fields the reference type declares, in its order, with its labels, dates read
 * as the days they name; the blueprint's type. A 1.2 plan has none of this.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildPlanView } from '../../src/plan/buildPlanView';
import { buildReferenceView, referenceDate } from '../../src/plan/references';
import type { ReferenceModel } from '../../src/contract/model';
import type { PlanView } from '../../src/plan/types';
import { fixtureJson } from '../builders/fixtures';

function viewOf(fixture: string): PlanView {
  const raw = fixtureJson(fixture);
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer' });
}

const byType = (view: PlanView, code: string) => view.references.find((r) => r.typeCode === code)!;

describe('a 1.3 plan', () => {
  const view = viewOf('plan-1.3.json');

  it("carries the blueprint's type", () => {
    expect(view.blueprint.type?.name).toBe('Horizon Europe DMP');
  });

  it('gives a reference the fields its type declares, labelled, date-typed values as days', () => {
    expect(byType(view, 'grants').details).toEqual([
      {
        code: 'startDate',
        label: 'Start date',
        description: null,
        dataType: 'date',
        value: '2024-01-01T00:00:00Z',
        date: new Date('2024-01-01T00:00:00Z'),
        url: null,
      },
      {
        code: 'endDate',
        label: 'End date',
        description: null,
        dataType: 'date',
        value: '2027-12-31T00:00:00Z',
        date: new Date('2027-12-31T00:00:00Z'),
        url: null,
      },
    ]);
    const licence = byType(view, 'licenses').details;
    expect(licence.map((d) => [d.label, d.value, d.url])).toEqual([
      ['Licence text', 'https://creativecommons.org/licenses/by/4.0/', 'https://creativecommons.org/licenses/by/4.0/'],
      ['Applies from', '2025-06-01', null],
    ]);
    expect(licence[1].date).toEqual(new Date('2025-06-01T00:00:00Z'));
  });

  it('reaches the references in description answers too', () => {
    const answers = view.sections
      .flatMap((s) => s.descriptions)
      .flatMap((d) => d.pages.flatMap((p) => p.sections))
      .flatMap(function walk(section): PlanView['references'] {
        return [
          ...section.fieldSets.flatMap((fs) =>
            fs.items.flatMap((item) =>
              item.fields.flatMap((f) =>
                f.value?.kind === 'references' ? f.value.references.map((r) => ({ ...r, blueprintFieldId: null })) : [],
              ),
            ),
          ),
          ...section.sections.flatMap(walk),
        ];
      });
    const licence = answers.find((r) => r.typeCode === 'licenses')!;
    expect(licence.details.map((d) => d.label)).toEqual(['Licence text', 'Applies from']);
    // A type that declares no fields (datasets) prints as before.
    expect(answers.find((r) => r.typeCode === 'datasets')!.details).toEqual([]);
  });
});

describe('a 1.2 plan', () => {
  it('has no blueprint type and no reference details', () => {
    const view = viewOf('plan-full.json');
    expect(view.blueprint.type).toBeNull();
    expect(view.references.every((r) => r.details.length === 0)).toBe(true);
    expect(byType(view, 'grants').fields.startDate).toBe('2024-01-01T00:00:00Z');
  });
});

describe('reference details', () => {
  const reference = (fields: ReferenceModel['fields'], declared: NonNullable<ReferenceModel['type']>['fields']) =>
    buildReferenceView({
      id: 'r',
      label: 'A grant',
      type: { id: 't', name: 'Grants', code: 'grants', fields: declared },
      description: null,
      fields,
      reference: null,
      abbreviation: null,
      source: null,
      sourceType: null,
    });
  const declared = (code: string, dataType: 'text' | 'date' | null, label: string | null = code) => ({
    code,
    label,
    description: null,
    dataType,
    semantics: [],
    required: null,
  });

  it("follows the type's order, skips fields without a value and fields the type does not declare", () => {
    const view = reference(
      [
        { code: 'internalNote', value: 'x' },
        { code: 'endDate', value: '2027-12-31' },
        { code: 'startDate', value: '  ' },
        { code: 'acronym', value: 'CONBIO' },
      ],
      [declared('acronym', 'text', 'Acronym'), declared('startDate', 'date'), declared('endDate', 'date', ' ')],
    );
    expect(view.details.map((d) => [d.label, d.value])).toEqual([
      ['Acronym', 'CONBIO'],
      // A blank label falls back to the code.
      ['endDate', '2027-12-31'],
    ]);
  });

  it("takes the field's own data type over the type's, and prints a date that does not read as one as written", () => {
    const view = reference(
      [
        { code: 'start', value: '2024-03-01', dataType: 'text' },
        { code: 'end', value: 'end of 2027' },
        { code: 'decided', value: '2025-02-03', dataType: 'date' },
      ],
      [declared('start', 'date'), declared('end', 'date'), declared('decided', null)],
    );
    expect(view.details.map((d) => [d.code, d.dataType, d.date?.toISOString() ?? null])).toEqual([
      ['start', 'text', null],
      ['end', 'date', null],
      ['decided', 'date', '2025-02-03T00:00:00.000Z'],
    ]);
  });

  it.each([
    ['2024-01-01', '2024-01-01'],
    ['2024-01-01T00:00:00Z', '2024-01-01'],
    // The day written, not the UTC instant (which is 31 December).
    ['2024-01-01T00:30:00+02:00', '2024-01-01'],
    ['2024-02-29T12:00', '2024-02-29'],
    [' 2027-12-31 ', '2027-12-31'],
  ])('reads %j as the day %s', (value, day) => {
    expect(referenceDate(value)?.toISOString().slice(0, 10)).toBe(day);
  });

  it.each(['2023-02-29', '2024-13-01', '01/02/2024', '2024', '1704067200', '2024-01-01T25:00:00Z', ''])(
    'reads %j as no date',
    (value) => {
      expect(referenceDate(value)).toBeNull();
    },
  );
});
