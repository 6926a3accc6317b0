/**
 * Per page: how long its contents were when the last plain line on it was drawn (lineDrawing.ts),
 * and the fill colour that line left set (its opacity is 1). While nothing else has been written
 * since, the next plain line sets neither again. Marked-content operators (tagging) change no
 * graphics state, so writing them keeps what is known: a tagged page's lines, each in its own
 * marked content, are drawn as compactly as an untagged page's.
 */

interface Page {
  content: { uncompressedLength: number };
}

export interface LineState {
  length: number;
  color: unknown;
}

const lastLineState = new WeakMap<Page, LineState>();

/** What the last plain line left set, while nothing else has been written on the page since. */
export function keptLineState(page: Page): LineState | undefined {
  const last = lastLineState.get(page);
  return last !== undefined && last.length === page.content.uncompressedLength ? last : undefined;
}

/** After a plain line: the colour it left set, as of the page's contents now. */
export function setLineState(page: Page, color: unknown): void {
  const last = lastLineState.get(page);
  if (last) {
    last.length = page.content.uncompressedLength;
    last.color = color;
  } else lastLineState.set(page, { length: page.content.uncompressedLength, color });
}

/** Writes operators that change no graphics state (marked content) without forgetting the last line's. */
export function addStateless(doc: { page: Page; addContent(operators: string): unknown }, operators: string): void {
  const kept = keptLineState(doc.page);
  doc.addContent(operators);
  if (kept) kept.length = doc.page.content.uncompressedLength;
}
