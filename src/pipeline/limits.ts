/**
 * How much a DOCX or PDF export may lay out. Both writers need memory and time per answer (a
 * 2,000 x 20 answer table: ~15 s and ~500 MB for DOCX), so a plan past these limits gets a 422
 * naming the field set and the limit instead of running out of memory or time. RDA JSON has no
 * such limits: it maps answers without laying them out.
 */
import type { DescriptionModel, PlanModel } from '../contract/model';
import { ServiceError } from '../errors';

export const DOCUMENT_LIMITS = {
  /** Answers (rows x fields) of one field set. */
  maxAnswersPerFieldSet: 20_000,
  /** Answers of the whole export. */
  maxAnswersPerExport: 60_000,
} as const;

const count = (n: number) => n.toLocaleString('en');

function tooLarge(message: string, path: string, limit: string): ServiceError {
  return new ServiceError(
    'unprocessable',
    `${message} Export it as JSON, or split it into smaller plans or descriptions.`,
    [{ path, message: limit }],
  );
}

/** Throws 422 when `descriptions` hold more answers than DOCX and PDF exports lay out. */
export function assertDocumentWithinLimits(
  descriptions: readonly DescriptionModel[],
  pathOf: (index: number) => string,
  format: string,
): void {
  let total = 0;
  descriptions.forEach((description, index) => {
    for (const fieldSetId of Object.keys(description.fieldSets)) {
      let answers = 0;
      for (const item of description.fieldSets[fieldSetId].items) answers += Object.keys(item.fields).length;
      total += answers;
      if (answers > DOCUMENT_LIMITS.maxAnswersPerFieldSet) {
        throw tooLarge(
          `The field set "${fieldSetId}" of the description "${description.label ?? ''}" has ${count(answers)} answers; a ${format.toUpperCase()} export lays out at most ${count(DOCUMENT_LIMITS.maxAnswersPerFieldSet)} per field set.`,
          `${pathOf(index)}/properties/fieldSets/${fieldSetId.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          `at most ${count(DOCUMENT_LIMITS.maxAnswersPerFieldSet)} answers per field set`,
        );
      }
    }
  });
  if (total > DOCUMENT_LIMITS.maxAnswersPerExport) {
    throw tooLarge(
      `The export holds ${count(total)} answers; a ${format.toUpperCase()} export lays out at most ${count(DOCUMENT_LIMITS.maxAnswersPerExport)}.`,
      descriptions.length === 1 && pathOf(0) === '' ? '/properties/fieldSets' : '/descriptions',
      `at most ${count(DOCUMENT_LIMITS.maxAnswersPerExport)} answers per export`,
    );
  }
}

export const assertPlanWithinLimits = (plan: PlanModel, format: string) =>
  assertDocumentWithinLimits(plan.descriptions, (i) => `/descriptions/${i}`, format);
export const assertDescriptionWithinLimits = (description: DescriptionModel, format: string) =>
  assertDocumentWithinLimits([description], () => '', format);
