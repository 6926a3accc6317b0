/** PDF rendering: the same document model as DOCX, laid out with pdfmake. */
import type { DescriptionModel, PlanModel } from '../../contract/model';
import { renderDescription, renderPlan, type RenderedDocument } from '../documentExport';
import type { ExportContext, ExportResult } from '../types';
import { writePdf } from './PdfWriter';

async function write(rendered: RenderedDocument): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  // A Word shell styles DOCX only; the PDF keeps the layout and says so in the log.
  if (rendered.shellDocx) warnings.push(`${rendered.templateFieldCode}: a Word shell template shapes DOCX exports only; the PDF uses the default layout.`);
  return { bytes: await writePdf(rendered.document), warnings };
}

export const exportPlanAsPdf = (plan: PlanModel, context: ExportContext) => write(renderPlan(plan, context));
export const exportDescriptionAsPdf = (description: DescriptionModel, context: ExportContext) => write(renderDescription(description, context));
