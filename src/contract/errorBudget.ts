/**
 * A budget of problems for ajv validators that collect every problem (`allErrors`). Ajv appends
 * the problems of a sub-schema with `vErrors.concat(…)`, so N failing items of one list cost N²
 * copies: a plan whose `descriptions` held 80,000 empty objects kept a thread busy for 29 s
 * before its 400. With this budget a validating function stops once it holds more than `limit`
 * problems, and the problems gathered so far come back in a StoppedValidation.
 *
 * This is the one place that reaches into the code ajv generates, through ajv's own hook for it
 * (`code.process`): after each statement where the count of problems grows (`errors++;` for a
 * problem of its own, `errors = vErrors.length;` after a sub-schema's), it adds the check. Written
 * against ajv 8.20 (pinned in package.json); test/contract/errorBudget.test.ts fails if ajv's code
 * changes shape.
 */
import type { ErrorObject, Options } from 'ajv/dist/2020';

/** The statements after which the count of problems (`errors`) has grown. */
const COUNT_GROWS = /(?<![\w$])(errors\+\+;|errors = vErrors\.length;)/g;

/** The key of what the generated code throws: a plain object, so the code needs nothing from outside. */
const STOPPED = '__dmpValidationStopped';

/** How many places of one schema's code got the check (for the test that pins ajv's code shape). */
export const budgetChecksAdded = { count: 0 };

/** Ajv options that make every compiled validator stop past `limit` problems. */
export function problemBudget(limit: number): Pick<Options, 'code'> {
  return {
    code: {
      process: (code: string) =>
        code.replace(COUNT_GROWS, (statement: string) => {
          budgetChecksAdded.count++;
          return `${statement}if(errors > ${limit}){throw {${STOPPED}: vErrors};}`;
        }),
    },
  };
}

/**
 * Runs `validate`; true when the data is valid, else the problems found (all of them, or the
 * first ones when the budget stopped the check, then `stopped` is true).
 */
export function validateWithinBudget(
  validate: ((data: unknown) => boolean) & { errors?: ErrorObject[] | null },
  data: unknown,
): { valid: true } | { valid: false; errors: ErrorObject[]; stopped: boolean } {
  try {
    if (validate(data)) return { valid: true };
    return { valid: false, errors: validate.errors ?? [], stopped: false };
  } catch (thrown) {
    if (typeof thrown === 'object' && thrown !== null && STOPPED in thrown)
      return { valid: false, errors: (thrown as Record<typeof STOPPED, ErrorObject[]>)[STOPPED], stopped: true };
    throw thrown;
  }
}
