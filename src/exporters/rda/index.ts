/**
 * RDA maDMP JSON (RDA DMP Common Standard 1.1 / 1.2): export of plans and descriptions, import
 * of plans and descriptions. See export.ts (mapping + schema validation) and import/.
 */
import type { Exporter, Importer } from '../types';
import { exportDescriptionToRda, exportPlanToRda } from './export';
import { importDescription, importPlan, preprocessDescription, preprocessPlan } from './import/RdaImporter';
import { RDA_VERSION_FIELD } from './version';

export const rdaExporter: Exporter = {
  format: 'json',
  mimeType: 'application/json',
  extension: 'json',
  icon: 'fa-file-code-o',
  entityTypes: ['plan', 'description'],
  configurationFields: [RDA_VERSION_FIELD],
  // Usually milliseconds, but mapping and schema checks are synchronous over user text: only a
  // worker thread can be stopped at EXPORT_TIMEOUT_MS, and the event loop keeps serving meanwhile.
  runsInWorker: true,
  exportPlan: async (plan, context) => {
    const { bytes, warnings } = exportPlanToRda(plan, context);
    return { bytes, warnings };
  },
  exportDescription: async (description, context) => {
    const { bytes, warnings } = exportDescriptionToRda(description, context);
    return { bytes, warnings };
  },
};

export const rdaImporter: Importer = {
  format: 'json',
  icon: 'fa-file-code-o',
  hasLogo: true,
  entityTypes: ['plan', 'description'],
  preprocessPlan: async (fileEnvelope) => preprocessPlan(fileEnvelope),
  preprocessDescription: async (fileEnvelope) => preprocessDescription(fileEnvelope),
  importPlan: async (planImportModel) => importPlan(planImportModel),
  importDescription: async (descriptionImportModel) => importDescription(descriptionImportModel),
};
