/**
 * The page budget and funder rules (a layout's manifest `compliance`) checked on a rendered PDF:
 * page count, page size, margins and the smallest text the PDF theme prints. Each problem names
 * the template file and the setting to change. An export cannot answer with a warning (the
 * contract has no place for one), so exports log them; the CLI and the preview show them.
 */
import { inflateSync } from 'node:zlib';
import type { DocumentModel } from '../document/types';
import { paragraphLook, resolveTheme } from '../formats/pdf/theme';

export interface ComplianceResult {
  pages: number;
  problems: string[];
}

/** The largest `/Count` of a page tree node (`/Type /Pages /Count n`) in PDF text, 0 if none. */
function pageTreeCount(text: string): number {
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.length > 0 ? Math.max(...counts) : 0;
}

/** An object stream as the PDF writer writes one (src/formats/pdf/internals/objectStreams.ts). */
const OBJECT_STREAM = /\/Type \/ObjStm\b[^>]*?\/Length (\d+)>>\r?\nstream\r?\n/g;

/**
 * The page count the page tree root says. The writer puts it in an object stream (deflated),
 * near the end of the file: object streams are read from the last; a file without them has it
 * as plain text.
 */
export function pdfPageCount(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  const plain = pageTreeCount(text);
  if (plain > 0) return plain;
  for (const stream of [...text.matchAll(OBJECT_STREAM)].reverse()) {
    const start = (stream.index ?? 0) + stream[0].length;
    const objects = inflateSync(buffer.subarray(start, start + Number(stream[1]))).toString('latin1');
    const count = pageTreeCount(objects);
    if (count > 0) return count;
  }
  return 0;
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
