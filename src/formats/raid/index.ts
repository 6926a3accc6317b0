/**
 * RAiD metadata JSON (RAiD metadata schema 1.6.3, the body a RAiD service takes to mint or update
 * a RAiD): export of plans and descriptions by their `raid.*` semantics (export/), import of a
 * RAiD record into a plan (import/). Format id `raid`; the `json` format stays RDA.
 */
import { WITHHOLD_FIELD } from '../../plan/withhold';
import type { Exporter, Importer } from '../types';
import { parseEnvelopeJson } from '../../contract/envelope';

// Plain requires, on first use: exports run in worker threads, and the main thread loads the
// mapper, the schema and the importer only when they are used.
const exporter = (): typeof import('./export/export') => require('./export/export');
const importer = (): typeof import('./import/RaidImporter') => require('./import/RaidImporter');
const reader = (): typeof import('./import/readRaid') => require('./import/readRaid');

export const raidExporter: Exporter = {
  format: 'raid',
  mimeType: 'application/json',
  extension: 'json',
  icon: 'fa-file-code-o',
  entityTypes: ['plan', 'description'],
  configurationFields: [WITHHOLD_FIELD],
  // Mapping and the schema check are synchronous over user text: only a worker thread can be
  // stopped at EXPORT_TIMEOUT_MS.
  runsInWorker: true,
  exportPlan: async (plan, context) => {
    const { bytes, warnings } = exporter().exportPlanToRaid(plan, context);
    return { bytes, warnings };
  },
  exportDescription: async (description, context) => {
    const { bytes, warnings } = exporter().exportDescriptionToRaid(description, context);
    return { bytes, warnings };
  },
};

export const raidImporter: Importer = {
  format: 'raid',
  icon: 'fa-file-code-o',
  hasLogo: true,
  entityTypes: ['plan'],
  recognises: (fileEnvelope) => {
    try {
      return reader().looksLikeRaid(parseEnvelopeJson(fileEnvelope, 'RAiD JSON'));
    } catch {
      return false;
    }
  },
  preprocessPlan: async (fileEnvelope) => importer().preprocessPlan(fileEnvelope),
  preprocessDescription: async (fileEnvelope) => importer().preprocessDescription(fileEnvelope),
  importPlan: async (planImportModel) => importer().importPlan(planImportModel),
  importDescription: async (descriptionImportModel) => importer().importDescription(descriptionImportModel),
};
