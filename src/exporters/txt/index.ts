/**
 * The answer pack (`txt`): every question in form order with its answer as plain text and its
 * character and word counts, for pasting into funders' web forms (NSF Research.gov, NIH DMSP).
 * It reads the same template context as the layouts (options and withheld fields applied), not
 * a layout's output: a form asks question by question, whatever a layout prints.
 */
import { DOCUMENT_CONFIGURATION_FIELDS } from '../documentConfiguration';
import type { Exporter } from '../types';

const pack = (): typeof import('./render') => require('./render');

export const answerPackExporter: Exporter = {
  format: 'txt',
  mimeType: 'text/plain',
  extension: 'txt',
  icon: 'fa-clipboard',
  entityTypes: ['plan', 'description'],
  configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
  runsInWorker: true,
  exportPlan: async (plan, context) => pack().planAnswerPack(plan, context),
  exportDescription: async (description, context) => pack().descriptionAnswerPack(description, context),
};
