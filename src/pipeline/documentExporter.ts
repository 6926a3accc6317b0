/**
 * A document format (DOCX, PDF, HTML, Markdown, the answer pack) made into an exporter: what it
 * declares (the template uploads and the export options) and how an export runs (limits, the
 * shared render path, the writer, the page budget). Kept apart from the rendering code so the main
 * thread can build `/formats` without loading any renderer: the render path (render.ts) is
 * required on the first export, and never imports this module back.
 */
import type { ConfigurationFieldSpec } from '../contract/formats';
import type { DescriptionModel, PlanModel } from '../contract/model';
import type {
  DocumentFormat,
  DocumentWriter,
  ExportContext,
  ExportResult,
  Exporter,
  RenderedDocument,
} from '../formats/types';
import { rdaExporter } from '../formats/rda';
import { assertDescriptionWithinLimits, assertPlanWithinLimits } from './limits';
import { EXPORT_OPTION_FIELDS } from './options';

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

// Plain requires (not import()): synchronous and cached, the same under tsx, Jest and dist/.
const pipeline = (): typeof import('./render') => require('./render');
const compliance = (): typeof import('./compliance') => require('./compliance');

/** Writes, then for a PDF counts its pages and checks the layout's funder rules (problems become warnings). */
async function written(writer: DocumentWriter, rendered: RenderedDocument, mimeType: string): Promise<ExportResult> {
  const result = await writer.write(rendered);
  if (mimeType !== 'application/pdf') return result;
  const { pages, problems } = compliance().checkCompliance(rendered.document, result.bytes);
  return { ...result, pages, warnings: [...result.warnings, ...problems] };
}

/** The RDA JSON of what is exported, made only when a writer asks for it (archival-with-data PDFs embed it). */
const planData = (plan: PlanModel, context: ExportContext) => async () =>
  (await rdaExporter.exportPlan(plan, context)).bytes;
const descriptionData = (description: DescriptionModel, context: ExportContext) => async () =>
  (await rdaExporter.exportDescription(description, context)).bytes;

export function documentExporter(format: DocumentFormat): Exporter {
  const { writer, layout, ...declaration } = format;
  // The answer pack lists answers as text: the limits guard what layouts and page writers cost.
  const limited = layout === 'template';
  return {
    ...declaration,
    entityTypes: ['plan', 'description'],
    configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
    runsInWorker: true,
    exportPlan: async (plan, context) => {
      if (limited) assertPlanWithinLimits(plan, declaration.format);
      const target = writer();
      const rendered = pipeline().renderPlan(
        plan,
        context,
        { fillsWordShell: target.fillsWordShell === true, layout, checkWordShell: target.checkWordShell },
        planData(plan, context),
      );
      return written(target, rendered, declaration.mimeType);
    },
    exportDescription: async (description, context) => {
      if (limited) assertDescriptionWithinLimits(description, declaration.format);
      const target = writer();
      const rendered = pipeline().renderDescription(
        description,
        context,
        { fillsWordShell: target.fillsWordShell === true, layout, checkWordShell: target.checkWordShell },
        descriptionData(description, context),
      );
      return written(target, rendered, declaration.mimeType);
    },
  };
}
