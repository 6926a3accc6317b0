/**
 * The shared path of document formats (DOCX, PDF, HTML, Markdown): model -> plan view (withheld
 * fields already emptied) -> layout template -> document model. Writers differ only in the last step.
 */
import type { DescriptionModel, PlanModel } from '../contract/model';
import type { DocumentModel } from '../document/types';
import { buildDescriptionExportView, buildPlanView } from '../plan/buildPlanView';
import type { ConfigurationValues, DescriptionExportView, PlanView } from '../plan/types';
import { renderDescriptionDocument, renderPlanDocument } from '../templates/layout';
import type { CompiledLayout } from '../templates/compile';
import { exportOptionsFrom, type ExportOptions, type PdfProfile } from '../templates/options';
import { resolveTemplate } from '../templates/resolve';
import type { EntityType, ExportContext } from './types';

/** Our template field per entity, then the Java docx plugin's, so tenants can switch without re-uploading. */
export const TEMPLATE_FIELD_CODES: Record<EntityType, string[]> = {
  plan: ['plan-template', 'plan-docx-template-id'],
  description: ['description-template', 'description-docx-template-id'],
};

export interface RenderedDocument {
  document: DocumentModel;
  /** An admin's Word shell template, when one was uploaded (only the DOCX writer uses it). */
  shellDocx: Uint8Array | null;
  /** The configuration field the template came from, named in template errors. */
  templateFieldCode: string;
  /** The view the document was made from (shell placeholders read it). */
  view: PlanView | DescriptionExportView;
  labelLanguage: string | null;
  /** PDF only (the `pdf-profile` option). */
  pdfProfile: PdfProfile;
  warnings: string[];
}

function templateFile(configuration: ConfigurationValues, entity: EntityType, context: ExportContext) {
  const override = context.templateOverride;
  if (override) {
    const file = { filename: override.filename, mimeType: null, bytes: override.bytes, isImage: false };
    // Problems are located in the file the designer gave (funder.zip:partials/q.hbs:3:7).
    return { file, code: override.filename };
  }
  for (const code of TEMPLATE_FIELD_CODES[entity]) {
    const file = configuration[code]?.file;
    if (file?.bytes) return { file, code };
  }
  return { file: null, code: TEMPLATE_FIELD_CODES[entity][0] };
}

/** What the writer the document is rendered for does with it. */
export interface RenderFor {
  /** The writer fills a Word shell when one is uploaded (DOCX). */
  fillsWordShell?: boolean;
}

/** View, template and options -> document: the steps both entities share. */
function render<View extends PlanView | DescriptionExportView>(
  view: View,
  entity: EntityType,
  configuration: ConfigurationValues,
  planLanguage: string | null,
  context: ExportContext,
  writer: RenderFor,
  lay: (view: View, layout: CompiledLayout, options: ExportOptions) => { document: DocumentModel; warnings: string[] },
): RenderedDocument {
  const { file, code } = templateFile(configuration, entity, context);
  const template = resolveTemplate(file, code);
  // A shell has its own cover (the Java plugin's plan.docx does): ours only when asked for explicitly.
  const shellCover = Boolean(writer.fillsWordShell && template.shellDocx);
  const options = exportOptionsFrom(configuration, planLanguage, { coverPage: !shellCover });
  const { document, warnings } = lay(view, template.layout, options);
  return { document, shellDocx: template.shellDocx, templateFieldCode: code, view, labelLanguage: options.labelLanguage, pdfProfile: options.pdfProfile, warnings };
}

export function renderPlan(plan: PlanModel, context: ExportContext, writer: RenderFor = {}): RenderedDocument {
  const view = buildPlanView(plan, context);
  return render(view, 'plan', view.configuration, view.language, context, writer, renderPlanDocument);
}

export function renderDescription(description: DescriptionModel, context: ExportContext, writer: RenderFor = {}): RenderedDocument {
  const view = buildDescriptionExportView(description, context);
  return render(view, 'description', view.description.configuration, view.plan.language, context, writer, renderDescriptionDocument);
}
