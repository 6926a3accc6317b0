/**
 * The problem budget of request validation: a body with thousands of problems is checked up to
 * MAX_PROBLEMS_GATHERED of them, in time that does not grow with the body, and the first problems
 * are listed. Pins the code ajv generates (the one place that reaches into it, errorBudget.ts).
 */
import Ajv2020 from 'ajv/dist/2020';
import { budgetChecksAdded, problemBudget, validateWithinBudget } from '../../src/contract/errorBudget';
import { assertValidRequest, MAX_PROBLEMS_GATHERED } from '../../src/contract/validate';
import { ServiceError } from '../../src/errors';
import { fixtureJson } from '../builders/fixtures';

/** A schema like ours: a list whose items are a `$ref`, so each failing item's problems are appended (concat). */
const LIST_OF_REFS = {
  $defs: { item: { type: 'object', required: ['id', 'name'] } },
  type: 'array',
  items: { $ref: '#/$defs/item' },
};

function refusal(call: () => void): ServiceError {
  try {
    call();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('the problem budget of validation', () => {
  it('adds its check where ajv 8 counts problems (it fails here if ajv changes the code it writes)', () => {
    const before = budgetChecksAdded.count;
    new Ajv2020({ allErrors: true, ...problemBudget(10) }).compile(LIST_OF_REFS);
    // One `errors++` per required property of the item, one `errors = vErrors.length` per $ref call.
    expect(budgetChecksAdded.count - before).toBeGreaterThanOrEqual(2);
  });

  it('stops a check past the budget with the first problems, in order', () => {
    const validate = new Ajv2020({ allErrors: true, ...problemBudget(10) }).compile(LIST_OF_REFS);
    const result = validateWithinBudget(
      validate,
      Array.from({ length: 10_000 }, () => ({})),
    );
    expect(result).toMatchObject({ valid: false, stopped: true });
    if (result.valid) return;
    expect(result.errors.length).toBeGreaterThan(10);
    expect(result.errors.length).toBeLessThanOrEqual(12);
    expect(result.errors.slice(0, 2).map((e) => `${e.instancePath} ${e.message}`)).toEqual([
      "/0 must have required property 'id'",
      "/0 must have required property 'name'",
    ]);
  });

  it('lists every problem below the budget, and says it is valid when it is', () => {
    const validate = new Ajv2020({ allErrors: true, ...problemBudget(10) }).compile(LIST_OF_REFS);
    expect(validateWithinBudget(validate, [{}, { id: 1, name: 2 }, { id: 1 }])).toMatchObject({
      valid: false,
      stopped: false,
      errors: [{ instancePath: '/0' }, { instancePath: '/0' }, { instancePath: '/2' }],
    });
    expect(validateWithinBudget(validate, [{ id: 1, name: 2 }])).toEqual({ valid: true });
  });

  it('refuses a plan of 80,000 empty descriptions listing the first problems, and says the check stopped', () => {
    const plan = { ...fixtureJson('plan-full.json'), descriptions: Array.from({ length: 80_000 }, () => ({})) };
    const started = process.cpuUsage();
    const error = refusal(() => assertValidRequest('plan-model', plan));
    const cpu = process.cpuUsage(started);
    expect(error.details[0]).toEqual({ path: '/descriptions/0', message: 'is missing the required property "id"' });
    expect(error.details).toHaveLength(21);
    expect(error.details[20]).toEqual({
      path: '/',
      message: `and more problems not listed: the check stopped after the first ${MAX_PROBLEMS_GATHERED.toLocaleString('en')}`,
    });
    // It took 29 s; stopping at the budget takes milliseconds. A second is room for any machine.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
  });

  it('costs no more for 80,000 wrong descriptions than for 2,000', () => {
    const cpuOf = (count: number) => {
      const plan = { ...fixtureJson('plan-minimal.json'), descriptions: Array.from({ length: count }, () => ({})) };
      refusal(() => assertValidRequest('plan-model', plan)); // warm
      const started = process.cpuUsage();
      for (let i = 0; i < 5; i++) refusal(() => assertValidRequest('plan-model', plan));
      const cpu = process.cpuUsage(started);
      return cpu.user + cpu.system;
    };
    // The walk that bounds nesting and sizes is linear and cheap; the check itself stops at the budget.
    expect(cpuOf(80_000)).toBeLessThan(cpuOf(2_000) * 10 + 200_000);
  });
});
