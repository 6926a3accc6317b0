/** src/contract/encode.ts writes exactly the common-models 1.2.0 property sets (test/helpers/wireKeys.ts). */
import { decodeDescription, decodePlan } from '../../../src/contract/decode';
import { encodeDescription, encodePlan } from '../../../src/contract/encode';
import { assertValidModel } from '../../../src/contract/validate';
import { fixture, type Wire } from '../../builders/rda';
import { keySetProblems } from '../../helpers/wireKeys';

/** Instants go through epoch seconds; compare at millisecond precision, as JSON. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('encodePlan', () => {
  const raw = fixture('plan-full.json');
  const model = decodePlan(raw);
  const wire = encodePlan(model);

  it('writes exactly the 1.2.0 property sets at every depth', () => {
    expect(keySetProblems(wire)).toEqual([]);
  });

  it('the key-set check reaches deep objects and names objects it has no key set for', () => {
    const broken = structuredClone(wire) as Wire;
    const fieldSet = broken.descriptions[0].descriptionTemplate.definition.pages[0].sections[0].fieldSets[0];
    fieldSet.multiplicity = { min: 0, max: 1, placeholder: null, tableView: false, extra: 1 };
    broken.creator.contacts[0].verified = true;
    broken.planBlueprint.definition.plugins = [
      {
        code: 'x',
        type: 0,
        fields: [
          { code: 'f', textValue: null, file: { filename: 'a', fileRef: null, mimeType: null, file: null, size: 1 } },
        ],
      },
    ];
    broken.entityDois = [{ id: 'd', doi: '10.1/x', repositoryId: 'Zenodo', unknownObject: { a: 1 } }];
    const problems = keySetProblems(broken).join('\n');
    expect(problems).toMatch(/fieldSets\/0\/multiplicity: .*extra/);
    expect(problems).toMatch(/\/creator\/contacts\/0: .*verified/);
    expect(problems).toMatch(/plugins\/0\/fields\/0\/file: .*size/);
    expect(problems).toMatch(/\/entityDois\/0\/unknownObject: an object no 1.2.0 key set covers/);
  });

  it('writes numeric enums, epoch-second instants and each polymorphic type property once', () => {
    const text = JSON.stringify(wire);
    expect(wire.accessType).toBe(raw.accessType);
    expect(wire.createdAt).toBeCloseTo(raw.createdAt, 3);
    const fields = (wire.planBlueprint as Wire).definition.sections.flatMap((s: Wire) => s.fields);
    expect(fields.every((f: Wire) => typeof f.category === 'number')).toBe(true);
    expect(text.match(/"category":/g)).toHaveLength(fields.length);
    expect(text).not.toMatch(/raidJsonFile|"pluginConfigurations"/);
  });

  it('is the inverse of decoding: decode(encode(model)) gives the model back', () => {
    assertValidModel('plan', wire);
    const again = decodePlan(asJson(wire));
    expect(asJson(again)).toEqual(asJson(model));
  });
});

describe('encodeDescription', () => {
  const raw = fixture('description-full.json');
  const model = decodeDescription(raw, { skipNestedPlans: false });
  const wire = encodeDescription(model);

  it('writes exactly the 1.2.0 property sets at every depth, the nested plan included', () => {
    expect(model.plan).not.toBeNull();
    expect((wire.plan as Wire).descriptions).toBeNull();
    expect(keySetProblems(wire, 'description')).toEqual([]);
  });

  it('is the inverse of decoding, the nested plan included', () => {
    assertValidModel('description', wire);
    const again = decodeDescription(asJson(wire), { skipNestedPlans: false });
    expect(again.plan?.label).toBe(raw.plan.label);
    expect(asJson(again)).toEqual(asJson(model));
  });
});
