/**
 * What the formats share with the layers above them: the exporter and importer a format offers the
 * service (the registry lists them), and, for document formats, the writer the pipeline hands a
 * rendered document to.
 */
import type { LayoutBudget } from '../config';
import type { ConfigurationFieldSpec, EntityType } from '../contract/formats';
import type { DescriptionModel, PlanModel } from '../contract/model';
import type { PdfProfile } from '../document/options';
import type { ShellValue } from '../document/placeholders';
import type { DocumentModel } from '../document/types';

/** What every export needs besides the model. */
export interface ExportContext {
  /** Our `fileTransformerId`: picks our values out of blueprint / template plugin configurations. */
  transformerId: string;
  /** WITHHOLD: fields left out of every format on top of each configuration's `withhold` (src/plan/withhold.ts). */
  withhold?: readonly string[];
  /** PLAN_URL_TEMPLATE (config.ts): related plans link to this URL, `{id}` replaced by their id. */
  planUrlTemplate?: string | null;
  /**
   * A template to use instead of the one configured in the plan (designer CLI, preview page):
   * the same kinds of file an admin uploads (.docx shell, .hbs, .zip bundle). Bytes, not a
   * compiled template, so it crosses to worker threads.
   */
  templateOverride?: { filename: string; bytes: Uint8Array };
  /** What one layout may make of a plan (LAYOUT_*); the defaults when not given. */
  layoutBudget?: LayoutBudget;
}

export interface ExportResult {
  bytes: Uint8Array;
  /** Things an operator should know (unknown placeholders, dropped images); logged, not fatal. */
  warnings: string[];
  /** PDFs: the page count, for the page budget (CLI, preview). */
  pages?: number;
}

/**
 * One output format. The registry (service/registry.ts) lists them; `/formats`, routing and the
 * worker pool all derive from it. Adding a format = one module implementing this (or a
 * `DocumentFormat`) + one line in service/formats.ts.
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
 * src/contract. Import errors are ServiceErrors (bad-request naming the problem, too-large when too large).
 */
export interface Importer {
  /** `importVariants[].format`, e.g. "json". */
  format: string;
  icon: string;
  hasLogo: boolean;
  entityTypes: EntityType[];
  /**
   * Whether an uploaded file (a FileEnvelopeModel, wire JSON) is in this format: the planning
   * service sends no format with an import, so when several importers are enabled the upload goes
   * to the one that recognises it. Cheap, and never throws. An importer without it takes what no
   * other recognises.
   */
  recognises?(fileEnvelope: unknown): boolean;
  /** POST /preprocessing/plan: body is a FileEnvelopeModel. */
  preprocessPlan(fileEnvelope: unknown): Promise<PreprocessingPlan>;
  /** POST /preprocessing/description: body is a FileEnvelopeModel. */
  preprocessDescription(fileEnvelope: unknown): Promise<PreprocessingDescription>;
  /** POST /import/plan: body is a PlanImportModel; answers a PlanModel (wire JSON). */
  importPlan(planImportModel: unknown, context: ExportContext): Promise<unknown>;
  /** POST /import/description: body is a DescriptionImportModel; answers a DescriptionModel (wire JSON). */
  importDescription(descriptionImportModel: unknown, context: ExportContext): Promise<unknown>;
}

/** A document made by the pipeline (plan view -> layout -> document model), ready for a writer. */
export interface RenderedDocument {
  document: DocumentModel;
  /** An admin's Word shell template, when one was uploaded (only the DOCX writer uses it). */
  shellDocx: Uint8Array | null;
  /** What the shell's placeholders print (with `shellDocx` when the writer fills shells). */
  shellValues: Record<string, ShellValue> | null;
  /** The configuration field the template came from, named in template errors. */
  templateFieldCode: string;
  labelLanguage: string | null;
  /** PDF only (the `pdf-profile` option). */
  pdfProfile: PdfProfile;
  warnings: string[];
  /** The same plan or description as the json export gives it, for a PDF that embeds its data. */
  dataFile(): Promise<Uint8Array>;
}

/** What a document format adds to the shared pipeline: turning the rendered document into bytes. */
export interface DocumentWriter {
  write(rendered: RenderedDocument): Promise<ExportResult>;
  /** Pours the body into an admin's Word shell when one is uploaded: the shell's cover replaces ours. */
  fillsWordShell?: boolean;
  /**
   * Refuses a Word shell it cannot use from what is cheap to read (a ZIP's directory), so a broken
   * or lying shell is refused before the document is laid out; `write` reads the rest.
   */
  checkWordShell?(template: Uint8Array, fieldCode: string): void;
}

/**
 * A document format (DOCX, PDF, HTML, Markdown, the answer pack): its declaration and its writer,
 * loaded on the first export (exports run in worker threads; the main thread only needs the
 * declaration, for `/formats` and routing). The pipeline makes the exporter (pipeline/documentExporter.ts).
 */
export interface DocumentFormat extends Pick<Exporter, 'format' | 'mimeType' | 'extension' | 'icon'> {
  writer(): DocumentWriter;
  /**
   * `template`: the configured layout template (or the default) lays the document out, within the
   * document limits; `answer-pack`: every question in form order, whatever a layout prints.
   */
  layout: 'template' | 'answer-pack';
}
