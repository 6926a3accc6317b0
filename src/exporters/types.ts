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
}

export interface ExportResult {
  bytes: Uint8Array;
  /** Things an operator should know (unknown placeholders, dropped images); logged, not fatal. */
  warnings: string[];
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
