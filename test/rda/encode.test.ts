/** src/contract/encode.ts writes exactly the common-models 1.2.0 property sets (test/rda/wireKeys.ts). */
import { decodePlan } from '../../src/contract/decode';
import { encodePlan } from '../../src/contract/encode';
import { assertValidModel } from '../../src/contract/validate';
import { fixture, type Wire } from './helpers';
import { keySetProblems } from './wireKeys';

describe('encodePlan', () => {
  const raw = fixture('plan-full.json');
  const model = decodePlan(raw);
  const wire = encodePlan(model);

  it('writes exactly the 1.2.0 property sets at every depth', () => {
    expect(keySetProblems(wire)).toEqual([]);
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
    const again = decodePlan(JSON.parse(JSON.stringify(wire)));
    // Instants go through epoch seconds; compare at millisecond precision.
    expect(JSON.parse(JSON.stringify(again))).toEqual(JSON.parse(JSON.stringify(model)));
  });
});
