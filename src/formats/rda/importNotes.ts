/**
 * What an import could not place goes under the description's text, where its author sees it
 * (the import answer has no place for warnings), after a heading of its own. The notes are no
 * description of the data: an export leaves them out of the dataset's `description`.
 */
import { plainTextToHtml } from '../../contract/richText';

const HEADING = 'Notes from the RDA import:';

/** `html` with a list of `notes` after it (as paragraphs, one line per note). */
export function withImportNotes(html: string | null, notes: string[]): string | null {
  if (notes.length === 0) return html;
  const list = plainTextToHtml([HEADING, ...notes.map((n) => `- ${n}`)].join('\n'));
  return `${html ?? ''}${list}`;
}

/** The plain text of a description without the import's notes; null when nothing else is left. */
export function withoutImportNotes(text: string): string | null {
  const at = text.startsWith(HEADING) ? 0 : text.indexOf(`\n${HEADING}`);
  const kept = at < 0 ? text : text.slice(0, at);
  return kept.trim() || null;
}
