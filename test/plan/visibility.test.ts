/**
 * Visibility states, one rule at a time: a container (page, section, field-set item) the backend
 * marks hidden stays hidden even when the fields inside it are marked visible, because the
 * reader of the plan never saw them in the editor.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildPlanView } from '../../src/plan/buildPlanView';
import type { DescriptionView } from '../../src/plan/types';
import { fixtureJson } from '../builders/fixtures';

const PAGE = 'b25b1a52-b072-56f2-9bf1-7240390b269d';
const SECTION = '764eaf28-bebe-5222-9f66-f033515005fe';
const FIELD_SET = '368f94b7-19ff-53a7-98cb-2eb4cad3b3a0';
const FIELD = 'b2c6357c-6a47-5b09-b372-870d0c313fd2';
const OTHER_SET = '1ae87a01-8746-5b5d-94c3-ded0c047f877';
const OTHER_FIELD = 'b111e23c-2cda-5440-9563-a74a9e6e71af';

type State = { fieldId: string; ordinal: number | null; visible: boolean };

/** plan-minimal with a second item in the first field set, and the given visibility states. */
function descriptionWith(states: State[]): DescriptionView {
  const raw = fixtureJson('plan-minimal.json');
  const description = raw.descriptions[0];
  const items = description.properties.fieldSets[FIELD_SET].items;
  items.push({ ...structuredClone(items[0]), ordinal: 1 });
  items[1].fields[FIELD].textValue = 'SECOND-ITEM answer';
  description.visibilityStates = states;
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer' }).sections.flatMap(
    (s) => s.descriptions,
  )[0];
}

/** Every answer text the reader would see, in order. */
const shownAnswers = (description: DescriptionView): string[] =>
  description.pages.flatMap((page) =>
    page.sections.flatMap((section) =>
      section.fieldSets.flatMap((fieldSet) =>
        fieldSet.items.flatMap((item) =>
          item.fields.map((field) => (field.value?.kind === 'text' ? field.value.text : JSON.stringify(field.value))),
        ),
      ),
    ),
  );

/** Every field visible, at both item ordinals. */
const fieldsVisible: State[] = [
  { fieldId: FIELD, ordinal: 0, visible: true },
  { fieldId: FIELD, ordinal: 1, visible: true },
  { fieldId: OTHER_FIELD, ordinal: 0, visible: true },
];

describe('visibility of containers over visible fields', () => {
  it('shows both items and the other field set when only the fields carry states', () => {
    expect(shownAnswers(descriptionWith(fieldsVisible))).toEqual([
      'Water samples from two lakes',
      'SECOND-ITEM answer',
      'On the group file server',
    ]);
  });

  it('hides a section marked hidden, whatever its fields say', () => {
    const description = descriptionWith([...fieldsVisible, { fieldId: SECTION, ordinal: null, visible: false }]);
    expect(description.pages.map((page) => page.sections)).toEqual([[]]);
    expect(shownAnswers(description)).toEqual([]);
  });

  it('hides a page marked hidden, whatever its sections and fields say', () => {
    const description = descriptionWith([
      ...fieldsVisible,
      { fieldId: SECTION, ordinal: null, visible: true },
      { fieldId: PAGE, ordinal: null, visible: false },
    ]);
    expect(description.pages).toEqual([]);
  });

  it('hides one item of a field set marked hidden at its ordinal, and keeps the other item', () => {
    const description = descriptionWith([...fieldsVisible, { fieldId: FIELD_SET, ordinal: 1, visible: false }]);
    expect(shownAnswers(description)).toEqual(['Water samples from two lakes', 'On the group file server']);
  });

  it('hides every item of a field set marked hidden without an ordinal', () => {
    const description = descriptionWith([...fieldsVisible, { fieldId: FIELD_SET, ordinal: null, visible: false }]);
    const fieldSets = description.pages[0].sections[0].fieldSets.map((fieldSet) => fieldSet.id);
    expect(fieldSets).toEqual([OTHER_SET]);
  });

  it('hides a field that has no state when other states are listed (as the Java plugin does)', () => {
    const description = descriptionWith([
      { fieldId: FIELD, ordinal: 0, visible: true },
      { fieldId: FIELD, ordinal: 1, visible: true },
    ]);
    expect(shownAnswers(description)).toEqual(['Water samples from two lakes', 'SECOND-ITEM answer']);
  });

  it('hides a field marked hidden at one ordinal only in that item', () => {
    const description = descriptionWith([
      ...fieldsVisible.filter((s) => !(s.fieldId === FIELD && s.ordinal === 1)),
      { fieldId: FIELD, ordinal: 1, visible: false },
    ]);
    expect(shownAnswers(description)).toEqual(['Water samples from two lakes', 'On the group file server']);
  });

  it('reads a state without an ordinal as the state of every item', () => {
    const description = descriptionWith([{ fieldId: FIELD, ordinal: null, visible: true }]);
    expect(shownAnswers(description)).toEqual(['Water samples from two lakes', 'SECOND-ITEM answer']);
  });
});
