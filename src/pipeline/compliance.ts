/**
 * The page budget and funder rules (a layout's manifest `compliance`) checked on a rendered PDF:
 * page count, page size, margins and the smallest text the PDF theme prints. Each problem names
 * the template file and the setting to change. An export cannot answer with a warning (the
 * contract has no place for one), so exports log them; the CLI and the preview show them.
 */
import type { DocumentModel } from '../document/types';
import { paragraphLook, resolveTheme } from '../formats/pdf/theme';

export interface ComplianceResult {
  pages: number;
  problems: string[];
}

/** pdfkit writes the page tree root uncompressed: `/Type /Pages /Count n`. */
export function pdfPageCount(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.length > 0 ? Math.max(...counts) : 0;
}

const MM_PER_POINT = 25.4 / 72;
const RUNNING_TEXT_SCALE = 0.8;
const round = (value: number) => Math.round(value * 10) / 10;

export function checkCompliance(document: DocumentModel, pdf: Uint8Array): ComplianceResult {
  const pages = pdfPageCount(pdf);
  const rules = document.meta.compliance;
  if (!rules) return { pages, problems: [] };
  const { meta } = document;
  const at = (setting: string) => `${rules.source}#/${setting}`;
  const because = (rule: string) => `(compliance/${rule}${rules.preset ? `, preset ${rules.preset}` : ''})`;
  const problems: string[] = [];

  if (rules.maxPages !== undefined && pages > rules.maxPages) {
    problems.push(
      `${at('compliance/maxPages')}: the PDF has ${pages} pages, over the limit of ${rules.maxPages} ${because('maxPages')}`,
    );
  }
  if (rules.pageSize && meta.pageSize !== rules.pageSize) {
    problems.push(
      `${at('pageSize')}: the pages are ${meta.pageSize}, the rules ask for ${rules.pageSize} ${because('pageSize')}; set pageSize or the page-size option`,
    );
  }
  if (rules.minMarginMm !== undefined) {
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      const mm = meta.margins[side] * MM_PER_POINT;
      if (mm + 0.05 < rules.minMarginMm) {
        problems.push(
          `${at(`margins/${side}`)}: ${meta.margins[side]} pt (${round(mm)} mm), under ${rules.minMarginMm} mm ${because('minMarginMm')}`,
        );
      }
    }
  }
  if (rules.minFontPt !== undefined) {
    const theme = resolveTheme(meta);
    // The smallest text the PDF prints: captions (guidance, template and status lines), and the
    // running header and footer (80% of the body size, see pdf/definition.ts).
    const smallest = Math.min(paragraphLook('caption', theme).fontSize, theme.fontSize * RUNNING_TEXT_SCALE);
    if (smallest + 0.01 < rules.minFontPt) {
      problems.push(
        `${at('theme/fontSize')}: the smallest text is ${round(smallest)} pt (body ${theme.fontSize} pt; captions, header and footer smaller), under ${rules.minFontPt} pt ${because('minFontPt')}`,
      );
    }
  }
  return { pages, problems };
}
