/**
 * The shared path of document formats: model -> plan view (withheld fields already emptied) ->
 * layout template -> document model. Writers differ only in the last step.
 */
import type { LayoutBudget } from '../config';
import type { EntityType } from '../contract/formats';
import type { DescriptionModel, PlanModel } from '../contract/model';
import type { ExportOptions } from '../document/options';
import type { DocumentModel } from '../document/types';
import type { DocumentFormat, DocumentWriter, ExportContext, RenderedDocument } from '../formats/types';
import { buildDescriptionExportView, buildPlanView } from '../plan/buildPlanView';
import type { ConfigurationValues, DescriptionExportView, PlanView } from '../plan/types';
import { answerPackDocument } from '../templates/answerPack';
import type { CompiledLayout } from '../templates/compile';
import { renderDescriptionDocument, renderPlanDocument } from '../templates/layout';
import { resolveTemplate } from '../templates/resolve';
import { shellPlaceholderValues } from '../templates/shellValues';
import { exportOptionsFrom } from './options';

/** Our template field per entity, then the Java docx plugin's, so tenants can switch without re-uploading. */
export const TEMPLATE_FIELD_CODES: Record<EntityType, string[]> = {
  plan: ['plan-template', 'plan-docx-template-id'],
  description: ['description-template', 'description-docx-template-id'],
};

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
  /** Which layout makes the document (DocumentFormat.layout); the configured template by default. */
  layout?: DocumentFormat['layout'];
  /** Refuses a Word shell from its directory alone, before the layout runs (DocumentWriter.checkWordShell). */
  checkWordShell?: DocumentWriter['checkWordShell'];
}

type Lay<View> = (
  view: View,
  layout: CompiledLayout,
  options: ExportOptions,
  budget?: LayoutBudget,
) => { document: DocumentModel; warnings: string[] };

/** View, template and options -> document: the steps both entities share. */
function render<View extends PlanView | DescriptionExportView>(
  view: View,
  entity: EntityType,
  configuration: ConfigurationValues,
  planLanguage: string | null,
  context: ExportContext,
  writer: RenderFor,
  lay: Lay<View>,
  dataFile: () => Promise<Uint8Array>,
): RenderedDocument {
  if (writer.layout === 'answer-pack') {
    const options = exportOptionsFrom(configuration, planLanguage);
    const { document, warnings } = answerPackDocument(view, options);
    const code = TEMPLATE_FIELD_CODES[entity][0];
    return {
      document,
      shellDocx: null,
      shellValues: null,
      templateFieldCode: code,
      labelLanguage: options.labelLanguage,
      pdfProfile: options.pdfProfile,
      warnings,
      dataFile,
    };
  }
  const { file, code } = templateFile(configuration, entity, context);
  const template = resolveTemplate(file, code);
  // A shell has its own cover (the Java plugin's plan.docx does): ours only when asked for explicitly.
  const shellCover = Boolean(writer.fillsWordShell && template.shellDocx);
  // A shell the writer cannot use is refused now, not after the whole document is laid out.
  if (shellCover && template.shellDocx) writer.checkWordShell?.(template.shellDocx, code);
  const options = exportOptionsFrom(configuration, planLanguage, { coverPage: !shellCover });
  const { document, warnings } = lay(view, template.layout, options, context.layoutBudget);
  const shellValues = shellCover
    ? shellPlaceholderValues(view, { labelLanguage: options.labelLanguage ?? undefined })
    : null;
  return {
    document,
    shellDocx: template.shellDocx,
    shellValues,
    templateFieldCode: code,
    labelLanguage: options.labelLanguage,
    pdfProfile: options.pdfProfile,
    warnings,
    dataFile,
  };
}

const noDataFile = async (): Promise<Uint8Array> => {
  throw new Error('This rendering was made without a data file.');
};

export function renderPlan(
  plan: PlanModel,
  context: ExportContext,
  writer: RenderFor = {},
  dataFile = noDataFile,
): RenderedDocument {
  const view = buildPlanView(plan, context);
  return render(view, 'plan', view.configuration, view.language, context, writer, renderPlanDocument, dataFile);
}

export function renderDescription(
  description: DescriptionModel,
  context: ExportContext,
  writer: RenderFor = {},
  dataFile = noDataFile,
): RenderedDocument {
  const view = buildDescriptionExportView(description, context);
  return render(
    view,
    'description',
    view.description.configuration,
    view.plan.language,
    context,
    writer,
    renderDescriptionDocument,
    dataFile,
  );
}
