/**
 * Page geometry in the units Word uses: twips (1/20 point) for the page, pixels at 96 dpi for pictures.
 */
import type { DocumentMeta } from '../../document/types';

export const TWIPS_PER_POINT = 20;
/** docx sizes pictures in pixels at 96 to the inch; a point is 1/72 inch. */
export const PIXELS_PER_POINT = 96 / 72;

/** Portrait sizes in twips, as Word writes them. */
const PAGE_SIZES = {
  A4: { width: 11906, height: 16838 },
  Letter: { width: 12240, height: 15840 },
} as const;

export interface PageGeometry {
  /** Portrait width and height in twips; docx swaps them for landscape. */
  width: number;
  height: number;
  landscape: boolean;
  margins: { top: number; right: number; bottom: number; left: number };
  /** The room between the margins, in points. */
  textWidthPt: number;
  textHeightPt: number;
}

const toTwips = (points: number): number =>
  Math.max(0, Math.round((Number.isFinite(points) ? points : 0) * TWIPS_PER_POINT));

export function pageGeometry(meta: Pick<DocumentMeta, 'pageSize' | 'orientation' | 'margins'>): PageGeometry {
  const size = PAGE_SIZES[meta.pageSize] ?? PAGE_SIZES.A4;
  const landscape = meta.orientation === 'landscape';
  const margins = {
    top: toTwips(meta.margins.top),
    right: toTwips(meta.margins.right),
    bottom: toTwips(meta.margins.bottom),
    left: toTwips(meta.margins.left),
  };
  const shownWidth = landscape ? size.height : size.width;
  const shownHeight = landscape ? size.width : size.height;
  // Margins that leave less than an inch of text are not what anyone meant; keep a usable column.
  const minimumText = 1440;
  const textWidth = Math.max(minimumText, shownWidth - margins.left - margins.right);
  const textHeight = Math.max(minimumText, shownHeight - margins.top - margins.bottom);
  return {
    width: size.width,
    height: size.height,
    landscape,
    margins,
    textWidthPt: textWidth / TWIPS_PER_POINT,
    textHeightPt: textHeight / TWIPS_PER_POINT,
  };
}
