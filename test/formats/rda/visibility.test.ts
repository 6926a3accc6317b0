/**
 * What the reader of the plan could not see stays out of the maDMP too: a hidden answer mapped
 * to an RDA property, or a hidden item of a field set mapped to distributions. Each case is
 * checked against the same plan with the answer visible, so the check can fail.
 */
import { exportPlanWire, fixture, type Wire } from '../../builders/rda';

const SEAGRASS = 'Seagrass survey observations';
const DESCRIPTION_SET = '9d883666-6066-5619-bf44-07e4d41da9cc';
const DESCRIPTION_FIELD = '242fb66e-3bce-5e51-922f-e57cdc418d6f';
const DISTRIBUTION_SET = 'bab3510f-7056-59e3-9d73-8d5d61eecc43';

/** plan-full, its seagrass dataset's description answer marked, with `change` applied to that description. */
function seagrassDataset(change: (description: Wire) => void) {
  const raw = fixture('plan-full.json');
  const description = raw.descriptions.find((d: Wire) => d.label === SEAGRASS);
  description.properties.fieldSets[DESCRIPTION_SET].items[0].fields[DESCRIPTION_FIELD].textValue =
    'HIDDEN-rda-description';
  change(description);
  return exportPlanWire(raw).document.dmp.dataset.find(
    (dataset) => dataset.title === 'Seagrass transect measurements',
  )!;
}

const setState = (description: Wire, fieldId: string, ordinal: number | null, visible: boolean) => {
  const states = description.visibilityStates.filter((s: Wire) => !(s.fieldId === fieldId && s.ordinal === ordinal));
  description.visibilityStates = [...states, { fieldId, ordinal, visible }];
};

describe('RDA export leaves out what visibility hides', () => {
  it('maps the description answer while it is visible', () => {
    expect(seagrassDataset(() => undefined).description).toBe('HIDDEN-rda-description');
  });

  it('leaves out a hidden answer mapped to rda.dataset.description', () => {
    const dataset = seagrassDataset((description) => setState(description, DESCRIPTION_FIELD, 0, false));
    expect(JSON.stringify(dataset)).not.toContain('HIDDEN-');
  });

  it('leaves out an answer whose field set is hidden, even though the field itself is visible', () => {
    const dataset = seagrassDataset((description) => setState(description, DESCRIPTION_SET, 0, false));
    expect(JSON.stringify(dataset)).not.toContain('HIDDEN-');
  });

  it('leaves out a hidden item of the distributions field set, keeping the visible one', () => {
    const both = seagrassDataset(() => undefined).distribution!.map((d) => d.title);
    expect(both).toEqual(['Survey tables (CSV)', 'Raw quadrat photographs']);
    const one = seagrassDataset((description) => setState(description, DISTRIBUTION_SET, 1, false)).distribution!.map(
      (d) => d.title,
    );
    expect(one).toEqual(['Survey tables (CSV)']);
  });
});
