/**
 * DOCX exporter. Rendering code loads on the first export: exports run in worker threads, and the
 * main thread only needs this declaration (for `/formats` and routing).
 */
import { DOCUMENT_CONFIGURATION_FIELDS } from '../documentConfiguration';
import type { Exporter } from '../types';

// A plain require (not import()): synchronous and cached, the same under tsx, Jest and dist/.
const renderer = (): typeof import('./render') => require('./render');

export const docxExporter: Exporter = {
  format: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
  icon: 'fa-file-word-o',
  entityTypes: ['plan', 'description'],
  configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
  runsInWorker: true,
  exportPlan: async (plan, context) => renderer().exportPlanAsDocx(plan, context),
  exportDescription: async (description, context) => renderer().exportDescriptionAsDocx(description, context),
};
