/**
 * The planning service's rich text (an answer's `textValue`, a rich-text blueprint field) made from
 * plain text, as the importers fill a plan: escaped, one `<p>` per blank-line block, `<br>` per line.
 */
export function plainTextToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
