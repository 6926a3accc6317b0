/** Withhold rules on the plan view: what they match, how they add up, what a withheld field looks like. */
import { decodePlan } from '../../src/contract/decode';
import { buildPlanView } from '../../src/plan/buildPlanView';
import type { FieldView, PlanView, SectionView } from '../../src/plan/types';
import { withholdEntries } from '../../src/config';
import { fixtureJson } from '../builders/fixtures';

function view(withhold: string[], blueprintWithhold?: string): PlanView {
  const raw = fixtureJson('plan-full.json');
  if (blueprintWithhold !== undefined) {
    raw.planBlueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [{ code: 'withhold', textValue: blueprintWithhold, file: null }],
      },
    ];
  }
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer', withhold });
}

const planFields = (v: PlanView) => v.sections.flatMap((s) => s.fields);
const withheldPlanFields = (v: PlanView) =>
  planFields(v)
    .filter((f) => f.withheld)
    .map((f) => f.label);
/** Every answer field of every description, with its question's title. */
function descriptionFields(v: PlanView): (FieldView & { question: string | null })[] {
  const inSections = (sections: SectionView[]): (FieldView & { question: string | null })[] =>
    sections.flatMap((s) => [
      ...s.fieldSets.flatMap((fs) => fs.items.flatMap((i) => i.fields.map((f) => ({ ...f, question: fs.title })))),
      ...inSections(s.sections),
    ]);
  return v.sections.flatMap((s) => s.descriptions).flatMap((d) => d.pages.flatMap((p) => inSections(p.sections)));
}

describe('withhold rules', () => {
  it('split at commas, semicolons and line breaks, ignoring blanks', () => {
    expect(withholdEntries(' rda.dmp.cost* ;Budget,\n\n 3f2a ')).toEqual(['rda.dmp.cost*', 'Budget', '3f2a']);
    expect(withholdEntries(undefined)).toEqual([]);
  });

  it('match semantics with wildcards, leaving the value null and the field marked', () => {
    const fields = planFields(view(['RDA.DMP.COST*']));
    const costs = fields.filter((f) => f.semantics.some((s) => s.startsWith('rda.dmp.cost')));
    expect(costs.length).toBe(3);
    for (const field of costs) expect(field).toMatchObject({ withheld: true, value: null, answered: true });
    expect(fields.filter((f) => f.withheld)).toHaveLength(3);
  });

  it('match a field label or a field id, case-insensitively', () => {
    const plain = view([]);
    const logo = planFields(plain).find((f) => f.label === 'Observatory logo')!;
    expect(withheldPlanFields(view(['observatory LOGO']))).toEqual(['Observatory logo']);
    expect(withheldPlanFields(view([logo.id]))).toEqual(['Observatory logo']);
  });

  it('match a question title: all its fields, in every description', () => {
    const withheld = descriptionFields(view(['instruments used'])).filter((f) => f.withheld);
    expect(withheld.length).toBeGreaterThan(4);
    expect(new Set(withheld.map((f) => f.question))).toEqual(new Set(['Instruments used']));
    expect(withheld.every((f) => f.value === null)).toBe(true);
  });

  it('never mark an unanswered field: there is nothing to withhold', () => {
    const fields = descriptionFields(view(['rda.dataset.*']));
    expect(fields.filter((f) => f.withheld).every((f) => f.answered)).toBe(true);
    expect(
      fields.some((f) => !f.answered && !f.withheld && f.semantics.some((s) => s.startsWith('rda.dataset.'))),
    ).toBe(true);
  });

  it('add up: the service default and the blueprint both apply', () => {
    expect(withheldPlanFields(view(['Cost title'], 'Cost currency')).sort()).toEqual(['Cost currency', 'Cost title']);
  });

  it('withholding the plan summary field also clears the summary the cover prints', () => {
    const v = view(['rda.dmp.description']);
    expect(v.descriptionHtml).toBeNull();
    expect(view([]).descriptionHtml).toContain('observatory');
  });
});
