/**
 * What document formats (DOCX, PDF, HTML, Markdown) declare: the template uploads, the export
 * options, and the exporters themselves. Kept apart from the rendering code so the main thread
 * can build `/formats` without loading any renderer: the render path (documentExport.ts) is
 * required on the first export, and never imports this module back.
 */
import { EXPORT_OPTION_FIELDS } from '../templates/options';
import type { RenderedDocument } from './documentExport';
import type { DescriptionModel, PlanModel } from '../contract/model';
import type { ConfigurationFieldSpec, ExportContext, ExportResult, Exporter } from './types';
import { assertDescriptionWithinLimits, assertPlanWithinLimits } from './documentLimits';

export const DOCUMENT_CONFIGURATION_FIELDS: ConfigurationFieldSpec[] = [
  {
    code: 'plan-template',
    type: 'file',
    label: 'Plan template: a Word shell (.docx with placeholders), or a layout template (.hbs or .zip bundle)',
    appliesTo: ['plan'],
  },
  {
    code: 'description-template',
    type: 'file',
    label: 'Description template: a Word shell (.docx with placeholders), or a layout template (.hbs or .zip bundle)',
    appliesTo: ['description'],
  },
  ...EXPORT_OPTION_FIELDS,
];

/** The model a document was rendered from (the PDF archival-with-data profile embeds its RDA JSON). */
export type DocumentSource = { entity: 'plan'; model: PlanModel; context: ExportContext } | { entity: 'description'; model: DescriptionModel; context: ExportContext };

/** What a document format adds to the shared path: turning the rendered document into bytes. */
export interface DocumentWriter {
  write(rendered: RenderedDocument, source: DocumentSource): Promise<ExportResult>;
  /** Pours the body into an admin's Word shell when one is uploaded: the shell's cover replaces ours. */
  fillsWordShell?: boolean;
}

// Plain requires (not import()): synchronous and cached, the same under tsx, Jest and dist/.
const pipeline = (): typeof import('./documentExport') => require('./documentExport');
const compliance = (): typeof import('./compliance') => require('./compliance');

/** Writes, then for a PDF counts its pages and checks the layout's funder rules (problems become warnings). */
async function written(writer: DocumentWriter, rendered: RenderedDocument, source: DocumentSource, mimeType: string): Promise<ExportResult> {
  const result = await writer.write(rendered, source);
  if (mimeType !== 'application/pdf') return result;
  const { pages, problems } = compliance().checkCompliance(rendered.document, result.bytes);
  return { ...result, pages, warnings: [...result.warnings, ...problems] };
}

/**
 * A document format (DOCX, PDF). Its rendering code loads on the first export: exports run in
 * worker threads, and the main thread only needs the declaration (for `/formats` and routing).
 */
export function documentExporter(declaration: Pick<Exporter, 'format' | 'mimeType' | 'extension' | 'icon'>, writer: () => DocumentWriter): Exporter {
  return {
    ...declaration,
    entityTypes: ['plan', 'description'],
    configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
    runsInWorker: true,
    exportPlan: async (plan, context) => {
      assertPlanWithinLimits(plan, declaration.format);
      const format = writer();
      const rendered = pipeline().renderPlan(plan, context, { fillsWordShell: format.fillsWordShell === true });
      return written(format, rendered, { entity: 'plan', model: plan, context }, declaration.mimeType);
    },
    exportDescription: async (description, context) => {
      assertDescriptionWithinLimits(description, declaration.format);
      const format = writer();
      const rendered = pipeline().renderDescription(description, context, { fillsWordShell: format.fillsWordShell === true });
      return written(format, rendered, { entity: 'description', model: description, context }, declaration.mimeType);
    },
  };
}
