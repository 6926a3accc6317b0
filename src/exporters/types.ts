import type { DescriptionModel, PlanModel } from '../contract/model';

export type EntityType = 'plan' | 'description';

/** A plugin configuration field, as `/formats` declares it (`type`: String or File). */
export interface ConfigurationFieldSpec {
  code: string;
  type: 'string' | 'file';
  label: string;
  appliesTo: EntityType[];
  /** Marks secret values (the planning service hides them). */
  authInfo?: boolean;
}

/** What every export needs besides the model. */
export interface ExportContext {
  /** Our `fileTransformerId`: picks our values out of blueprint / template plugin configurations. */
  transformerId: string;
  /** WITHHOLD: fields left out of every format on top of each configuration's `withhold` (src/plan/withhold.ts). */
  withhold?: readonly string[];
  /**
   * A template to use instead of the one configured in the plan (designer CLI, preview page):
   * the same kinds of file an admin uploads (.docx shell, .hbs, .zip bundle). Bytes, not a
   * compiled template, so it crosses to worker threads.
   */
  templateOverride?: { filename: string; bytes: Uint8Array };
}

export interface ExportResult {
  bytes: Uint8Array;
  /** Things an operator should know (unknown placeholders, dropped images); logged, not fatal. */
  warnings: string[];
  /** PDFs: the page count, for the page budget (CLI, preview). */
  pages?: number;
}

/**
 * One output format. The registry (registry.ts) lists them; `/formats`, routing and the worker
 * pool all derive from it. Adding a format = one module implementing this + one registry line.
 */
export interface Exporter {
  /** The `format` query value and `exportVariants[].format`, e.g. "docx". */
  format: string;
  mimeType: string;
  /** File extension without the dot. */
  extension: string;
  /** Font Awesome 4 class for the planning service's menu. */
  icon: string;
  entityTypes: EntityType[];
  configurationFields: ConfigurationFieldSpec[];
  /** Long-running renderers run in the worker pool, off the event loop. */
  runsInWorker: boolean;
  exportPlan(plan: PlanModel, context: ExportContext): Promise<ExportResult>;
  exportDescription(description: DescriptionModel, context: ExportContext): Promise<ExportResult>;
}

/** `PreprocessingPlanModel`: what the planning service shows before an import. */
export interface PreprocessingPlan {
  label: string;
  preprocessingDescriptionModels: { id: string; label: string }[];
}

/** `PreprocessingDescriptionModel`. */
export interface PreprocessingDescription {
  id: string;
  label: string;
}

/**
 * Reads a file format back into the planning service's models. Inputs are wire JSON bodies
 * (already parsed, not yet validated: the importer validates and decodes them with src/contract);
 * outputs are exact wire JSON (numeric enums, epoch-second instants, no unknown keys), encoded by
 * src/contract. Import errors are HttpErrors (400 naming the problem, 413 when too large).
 */
export interface Importer {
  /** `importVariants[].format`, e.g. "json". */
  format: string;
  icon: string;
  hasLogo: boolean;
  entityTypes: EntityType[];
  /** POST /preprocessing/plan: body is a FileEnvelopeModel. */
  preprocessPlan(fileEnvelope: unknown): Promise<PreprocessingPlan>;
  /** POST /preprocessing/description: body is a FileEnvelopeModel. */
  preprocessDescription(fileEnvelope: unknown): Promise<PreprocessingDescription>;
  /** POST /import/plan: body is a PlanImportModel; answers a PlanModel (wire JSON). */
  importPlan(planImportModel: unknown, context: ExportContext): Promise<unknown>;
  /** POST /import/description: body is a DescriptionImportModel; answers a DescriptionModel (wire JSON). */
  importDescription(descriptionImportModel: unknown, context: ExportContext): Promise<unknown>;
}
