/**
 * What DOCX and PDF declare: the template uploads, the export options, and the exporters
 * themselves. Kept apart from the rendering code so the main thread can build `/formats`
 * without loading any renderer.
 */
import { EXPORT_OPTION_FIELDS } from '../templates/options';
import type { RenderedDocument } from './documentExport';
import type { ConfigurationFieldSpec, EntityType, ExportResult, Exporter } from './types';
import { assertDescriptionWithinLimits, assertPlanWithinLimits } from './documentLimits';

/** Our template field per entity, then the Java docx plugin's, so tenants can switch without re-uploading. */
export const TEMPLATE_FIELD_CODES: Record<EntityType, string[]> = {
  plan: ['plan-template', 'plan-docx-template-id'],
  description: ['description-template', 'description-docx-template-id'],
};

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

/** What a document format adds to the shared path: turning the rendered document into bytes. */
export interface DocumentWriter {
  write(rendered: RenderedDocument): Promise<ExportResult>;
}

// Plain requires (not import()): synchronous and cached, the same under tsx, Jest and dist/.
const pipeline = (): typeof import('./documentExport') => require('./documentExport');

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
      return writer().write(pipeline().renderPlan(plan, context));
    },
    exportDescription: async (description, context) => {
      assertDescriptionWithinLimits(description, declaration.format);
      return writer().write(pipeline().renderDescription(description, context));
    },
  };
}
