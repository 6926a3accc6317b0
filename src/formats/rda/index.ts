/**
 * RDA maDMP JSON (RDA DMP Common Standard 1.1 / 1.2): export of plans and descriptions, import
 * of plans and descriptions. export/ maps a plan view to a maDMP (export.ts: mapping + schema
 * validation), import/ reads a file into the planning service's models; what both use (the
 * schemas, the document's types, identifiers, controlled words, dates) sits in this folder.
 */
import type { Exporter, Importer } from '../types';
import { WITHHOLD_FIELD } from '../../plan/withhold';
import { RDA_VERSION_FIELD } from './version';

// Plain requires, on first use: exports run in worker threads, and the main thread loads the
// mapper, the schemas and the importer only when an import comes in.
const exporter = (): typeof import('./export/export') => require('./export/export');
const importer = (): typeof import('./import/RdaImporter') => require('./import/RdaImporter');

export const rdaExporter: Exporter = {
  format: 'json',
  mimeType: 'application/json',
  extension: 'json',
  icon: 'fa-file-code-o',
  entityTypes: ['plan', 'description'],
  configurationFields: [RDA_VERSION_FIELD, WITHHOLD_FIELD],
  // Usually milliseconds, but mapping and schema checks are synchronous over user text: only a
  // worker thread can be stopped at EXPORT_TIMEOUT_MS, and the event loop keeps serving meanwhile.
  runsInWorker: true,
  exportPlan: async (plan, context) => {
    const { bytes, warnings } = exporter().exportPlanToRda(plan, context);
    return { bytes, warnings };
  },
  exportDescription: async (description, context) => {
    const { bytes, warnings } = exporter().exportDescriptionToRda(description, context);
    return { bytes, warnings };
  },
};

export const rdaImporter: Importer = {
  format: 'json',
  icon: 'fa-file-code-o',
  hasLogo: true,
  entityTypes: ['plan', 'description'],
  preprocessPlan: async (fileEnvelope) => importer().preprocessPlan(fileEnvelope),
  preprocessDescription: async (fileEnvelope) => importer().preprocessDescription(fileEnvelope),
  importPlan: async (planImportModel) => importer().importPlan(planImportModel),
  importDescription: async (descriptionImportModel) => importer().importDescription(descriptionImportModel),
};
