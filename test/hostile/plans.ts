/** Hostile-size plans shared by the quick suite (content.test.ts) and the long one (run.ts). */
import { fixtureJson } from '../builders/fixtures';

/**
 * plan-full with its first field set turned into an answer table of `columns` x `rows` cells,
 * every description visible, and the id of that field set (the one a refusal must name).
 */
export function planWithAnswerTable(
  columns: number,
  rows: number,
): { plan: Record<string, unknown>; fieldSetId: string } {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const plan = fixtureJson('plan-full.json') as any;
  const description = plan.descriptions[0];
  description.visibilityStates = null;
  const fieldSet = description.descriptionTemplate.definition.pages[0].sections[0].fieldSets[0];
  const base = fieldSet.fields[0];
  fieldSet.hasMultiplicity = true;
  fieldSet.multiplicity = { min: 0, max: null, placeholder: null, tableView: true };
  fieldSet.fields = Array.from({ length: columns }, (_, i) => ({ ...base, id: `column-${i}`, ordinal: i }));
  description.properties.fieldSets[fieldSet.id] = {
    comment: null,
    items: Array.from({ length: rows }, (_, row) => ({
      ordinal: row,
      fields: Object.fromEntries(
        fieldSet.fields.map((f: { id: string }) => [f.id, { id: f.id, textValue: `r${row}` }]),
      ),
    })),
  };
  return { plan, fieldSetId: fieldSet.id };
}
