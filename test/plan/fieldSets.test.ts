/**
 * Questions (field sets) and their answers as the reader sees them, on plan-minimal's one
 * description: a question nobody answered is one empty item, a repeatable one shows its columns
 * and no rows, a table shows only the columns someone may see, an item with nothing visible is
 * not a row, a question counts as answered when any item is, a hidden subsection is gone.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { buildPlanView } from '../../src/plan/buildPlanView';
import type { DescriptionView, FieldSetView } from '../../src/plan/types';
import { fixtureJson } from '../builders/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

const SECTION = '764eaf28-bebe-5222-9f66-f033515005fe';
const FIELD_SET = '368f94b7-19ff-53a7-98cb-2eb4cad3b3a0';
const FIELD = 'b2c6357c-6a47-5b09-b372-870d0c313fd2';
const OTHER_FIELD = 'b111e23c-2cda-5440-9563-a74a9e6e71af';
const SECOND_FIELD = 'f0000000-0000-4000-8000-000000000002';
const SUBSECTION = 'f0000000-0000-4000-8000-000000000003';

function descriptionAfter(change: (description: Wire) => void): DescriptionView {
  const raw = fixtureJson('plan-minimal.json');
  change(raw.descriptions[0]);
  assertValidModel('plan', raw);
  return buildPlanView(decodePlan(raw), { transformerId: 'dmp-file-transformer' }).sections.flatMap(
    (s) => s.descriptions,
  )[0];
}

const section = (description: Wire) => description.descriptionTemplate.definition.pages[0].sections[0];
const fieldSetTemplate = (description: Wire) => section(description).fieldSets[0];
const answers = (description: Wire) => description.properties.fieldSets[FIELD_SET];
const fieldSetOf = (view: DescriptionView): FieldSetView | undefined =>
  view.pages[0].sections[0].fieldSets.find((fs) => fs.id === FIELD_SET);
const repeatable = (description: Wire) => {
  fieldSetTemplate(description).hasMultiplicity = true;
  fieldSetTemplate(description).multiplicity = { min: 0, max: 5, placeholder: 'Add a sample', tableView: true };
};
/** A second question in the first field set, answered in item 0. */
const withSecondField = (description: Wire) => {
  const template = fieldSetTemplate(description);
  template.fields.push({ ...structuredClone(template.fields[0]), id: SECOND_FIELD, ordinal: 1 });
  answers(description).items[0].fields[SECOND_FIELD] = {
    ...structuredClone(answers(description).items[0].fields[FIELD]),
    id: SECOND_FIELD,
    textValue: 'Second answer',
  };
};
const texts = (fieldSet: FieldSetView) =>
  fieldSet.items.map((item) => item.fields.map((f) => (f.value?.kind === 'text' ? f.value.text : null)));

describe('questions nobody answered', () => {
  it('shows a question without any entry as one empty, unanswered item', () => {
    const fieldSet = fieldSetOf(descriptionAfter((d) => delete d.properties.fieldSets[FIELD_SET]))!;
    expect(fieldSet.items).toEqual([
      { ordinal: 0, fields: [expect.objectContaining({ id: FIELD, answered: false, value: null })] },
    ]);
    expect(fieldSet.answered).toBe(false);
  });

  it('shows a repeatable question without items as its columns and no rows', () => {
    const fieldSet = fieldSetOf(
      descriptionAfter((d) => {
        repeatable(d);
        answers(d).items = [];
      }),
    )!;
    expect(fieldSet.items).toEqual([]);
    expect(fieldSet.fields.map((f) => f.id)).toEqual([FIELD]);
    expect(fieldSet.multiplicity).toEqual({ min: 0, max: 5, placeholder: 'Add a sample', tableView: true });
    expect(fieldSet.answered).toBe(false);
  });

  it('leaves out a repeatable question without items whose fields are all left out of exports', () => {
    const view = descriptionAfter((d) => {
      repeatable(d);
      answers(d).items = [];
      fieldSetTemplate(d).fields[0].includeInExport = false;
    });
    expect(fieldSetOf(view)).toBeUndefined();
    expect(view.pages[0].sections[0].fieldSets).toHaveLength(1);
  });
});

describe('tables of a repeatable question', () => {
  it('takes a repeatable question without multiplicity settings as unbounded, not a table', () => {
    const fieldSet = fieldSetOf(
      descriptionAfter((d) => {
        repeatable(d);
        fieldSetTemplate(d).multiplicity = null;
      }),
    )!;
    expect(fieldSet.multiplicity).toEqual({ min: null, max: null, placeholder: null, tableView: false });
  });

  it('shows only the columns visible in some item, and no row for an item with nothing visible', () => {
    const fieldSet = fieldSetOf(
      descriptionAfter((d) => {
        repeatable(d);
        withSecondField(d);
        answers(d).items.push({ ...structuredClone(answers(d).items[0]), ordinal: 1 });
        d.visibilityStates = [
          { fieldId: FIELD, ordinal: 0, visible: true },
          { fieldId: OTHER_FIELD, ordinal: 0, visible: true },
        ];
      }),
    )!;
    expect(fieldSet.fields.map((f) => f.id)).toEqual([FIELD]);
    expect(texts(fieldSet)).toEqual([['Water samples from two lakes']]);
  });

  it('keeps every column when nothing is visible in any item', () => {
    const view = descriptionAfter((d) => {
      repeatable(d);
      withSecondField(d);
      d.visibilityStates = [{ fieldId: OTHER_FIELD, ordinal: 0, visible: true }];
    });
    const fieldSet = fieldSetOf(view)!;
    expect(fieldSet.items).toEqual([]);
    expect(fieldSet.fields.map((f) => f.id)).toEqual([FIELD, SECOND_FIELD]);
  });

  it('counts the question answered when one item of several is, or one field of several', () => {
    const oneOfTwoItems = fieldSetOf(
      descriptionAfter((d) => {
        repeatable(d);
        d.visibilityStates = null;
        answers(d).items.push({
          ordinal: 1,
          fields: { [FIELD]: { ...structuredClone(answers(d).items[0].fields[FIELD]), textValue: '  ' } },
        });
      }),
    )!;
    expect(texts(oneOfTwoItems)).toEqual([['Water samples from two lakes'], [null]]);
    expect(oneOfTwoItems.answered).toBe(true);

    const oneOfTwoFields = fieldSetOf(
      descriptionAfter((d) => {
        withSecondField(d);
        d.visibilityStates = null;
        answers(d).items[0].fields[FIELD].textValue = '';
      }),
    )!;
    expect(texts(oneOfTwoFields)).toEqual([[null, 'Second answer']]);
    expect(oneOfTwoFields.answered).toBe(true);
  });
});

describe('subsections', () => {
  /** A subsection holding a copy of the second question, answered when `answer` is given. */
  const withSubsection = (d: Wire, answer: string | null) => {
    const parent = section(d);
    const copy = structuredClone(parent.fieldSets[1]);
    copy.id = 'f0000000-0000-4000-8000-000000000004';
    copy.fields[0].id = 'f0000000-0000-4000-8000-000000000005';
    parent.sections = [
      { ...structuredClone(parent), id: SUBSECTION, title: 'Subsection', sections: [], fieldSets: [copy] },
    ];
    if (answer !== null)
      d.properties.fieldSets[copy.id] = {
        items: [
          {
            ordinal: 0,
            fields: {
              [copy.fields[0].id]: {
                ...structuredClone(answers(d).items[0].fields[FIELD]),
                id: copy.fields[0].id,
                textValue: answer,
              },
            },
          },
        ],
        comment: null,
      };
  };

  it('drops a subsection marked hidden, keeping its parent', () => {
    const view = descriptionAfter((d) => {
      withSubsection(d, 'Inside');
      d.visibilityStates = [
        { fieldId: FIELD, ordinal: 0, visible: true },
        { fieldId: 'f0000000-0000-4000-8000-000000000005', ordinal: 0, visible: true },
        { fieldId: SUBSECTION, ordinal: null, visible: false },
      ];
    });
    expect(view.pages[0].sections.map((s) => s.id)).toEqual([SECTION]);
    expect(view.pages[0].sections[0].sections).toEqual([]);
  });

  it('counts a section answered when only its subsection is', () => {
    const view = descriptionAfter((d) => {
      withSubsection(d, 'Inside');
      d.visibilityStates = null;
      for (const fieldSet of Object.values(d.properties.fieldSets) as Wire[]) {
        for (const field of Object.values(fieldSet.items[0].fields) as Wire[])
          if (field.textValue !== 'Inside') field.textValue = '';
      }
    });
    const parent = view.pages[0].sections[0];
    expect(parent.fieldSets.map((fs) => fs.answered)).toEqual([false, false]);
    expect(parent.sections.map((s) => [s.title, s.answered])).toEqual([['Subsection', true]]);
    expect(parent.answered).toBe(true);
    expect(view.pages[0].answered).toBe(true);
  });
});

describe('the description itself', () => {
  it('shows every answer when the list of visibility states is empty, as when there is none', () => {
    const view = descriptionAfter((d) => (d.visibilityStates = []));
    expect(
      view.pages[0].sections[0].fieldSets.flatMap((fs) => fs.items.flatMap((item) => item.fields.map((f) => f.id))),
    ).toEqual([FIELD, OTHER_FIELD]);
  });

  it('trims its title, falls back to its id for a blank one, and treats an emptied description as none', () => {
    expect(descriptionAfter((d) => (d.label = '  Lake samples ')).title).toBe('Lake samples');
    const blank = fixtureJson('plan-minimal.json').descriptions[0].id;
    expect(descriptionAfter((d) => (d.label = '   ')).title).toBe(blank);
    expect(descriptionAfter((d) => (d.description = '<p><br></p>&nbsp;')).descriptionHtml).toBeNull();
    expect(descriptionAfter((d) => (d.description = '<p>About the lakes</p>')).descriptionHtml).toBe(
      '<p>About the lakes</p>',
    );
  });
});
