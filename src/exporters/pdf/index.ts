/**
 * PDF exporter. Rendering code (pdfmake, fonts) loads on the first export: exports run in worker
 * threads, and the main thread only needs this declaration (for `/formats` and routing).
 */
import { DOCUMENT_CONFIGURATION_FIELDS } from '../documentConfiguration';
import type { Exporter } from '../types';

// A plain require (not import()): synchronous and cached, the same under tsx, Jest and dist/.
const renderer = (): typeof import('./render') => require('./render');

export const pdfExporter: Exporter = {
  format: 'pdf',
  mimeType: 'application/pdf',
  extension: 'pdf',
  icon: 'fa-file-pdf-o',
  entityTypes: ['plan', 'description'],
  configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
  runsInWorker: true,
  exportPlan: async (plan, context) => renderer().exportPlanAsPdf(plan, context),
  exportDescription: async (description, context) => renderer().exportDescriptionAsPdf(description, context),
};
