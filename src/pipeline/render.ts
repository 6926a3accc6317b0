/**
 * The shared path of document formats: model -> plan view (withheld fields already emptied) ->
 * layout template -> document model. Writers differ only in the last step.
 */
import type { EntityType } from '../contract/formats';
import type { DescriptionModel, PlanModel } from '../contract/model';
import type { ExportOptions } from '../document/options';
import type { DocumentModel } from '../document/types';
import type { DocumentFormat, DocumentWriter, ExportContext, RenderedDocument } from '../formats/types';
import { buildDescriptionExportView, buildPlanView } from '../plan/buildPlanView';
import type { ConfigurationValues, DescriptionExportView, PlanView } from '../plan/types';
import { answerPackDocument } from '../templates/answerPack';
import type { CompiledLayout } from '../templates/compile';
import {
  descriptionContextFor,
  type LayoutEnvironment,
  planContextFor,
  renderDescriptionDocument,
  renderPlanDocument,
} from '../templates/layout';
import type { TemplateContext } from '../templates/context';
import { resolveTemplate } from '../templates/resolve';
import { shellPlaceholderValues } from '../templates/shellValues';
import { locatedText, type TemplateProblem } from '../templates/problems';
import { exportOptionsFrom } from './options';

/** Our template field per entity, then the Java docx plugin's, so tenants can switch without re-uploading. */
export const TEMPLATE_FIELD_CODES: Record<EntityType, string[]> = {
  plan: ['plan-template', 'plan-docx-template-id'],
  description: ['description-template', 'description-docx-template-id'],
};

/** What the layout needs from the service: the plan links and the layout budget (both from the environment). */
const environmentOf = (context: ExportContext): LayoutEnvironment => ({
  planUrlTemplate: context.planUrlTemplate,
  budget: context.layoutBudget,
});

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

/** Per compiled template (its warnings array), the configuration fields whose exports have reported them. */
const reportedDataWarnings = new WeakMap<readonly TemplateProblem[], Set<string>>();

/**
 * A layout's unknown-data warnings, located: on every render of a designer's template (CLI,
 * preview), where the designer is looking; for a configured template, with its first export only,
 * so the log has them once per template rather than once per export.
 */
function dataWarnings(layout: CompiledLayout, designer: boolean): string[] {
  const found = layout.dataWarnings;
  if (found.length === 0) return [];
  if (!designer) {
    const reported = reportedDataWarnings.get(found) ?? new Set<string>();
    if (reported.has(layout.origin)) return [];
    reportedDataWarnings.set(found, reported.add(layout.origin));
  }
  return found.map((problem) => locatedText(layout.origin, problem));
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
  environment: LayoutEnvironment,
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
  const rendered = lay(view, template.layout, options, environmentOf(context));
  const { document } = rendered;
  const warnings = [...dataWarnings(template.layout, context.templateOverride !== undefined), ...rendered.warnings];
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

/**
 * The context the layout template receives for a plan or description, as an export would build it
 * (its template, export options and label language): what `dmp-transform data` prints.
 */
export function templateContext(
  entity: EntityType,
  model: PlanModel | DescriptionModel,
  context: ExportContext,
): TemplateContext {
  if (entity === 'plan') {
    const view = buildPlanView(model as PlanModel, context);
    const { file, code } = templateFile(view.configuration, 'plan', context);
    const options = exportOptionsFrom(view.configuration, view.language);
    return planContextFor(view, resolveTemplate(file, code).layout, options, environmentOf(context));
  }
  const view = buildDescriptionExportView(model as DescriptionModel, context);
  const { file, code } = templateFile(view.description.configuration, 'description', context);
  const options = exportOptionsFrom(view.description.configuration, view.plan.language);
  return descriptionContextFor(view, resolveTemplate(file, code).layout, options, environmentOf(context));
}
