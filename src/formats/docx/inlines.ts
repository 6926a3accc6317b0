/**
 * Inline content (text with marks, line breaks, links) as runs: a line of one direction is one run,
 * mixed lines are cut where the direction changes (text.ts). Links become `w:hyperlink`s with
 * external relationships; a link inside a link, or one Word could not follow, is its text only.
 */
import { DEFAULT_FONTS } from '../../document/look';
import type { Direction, Inline, Marks } from '../../document/types';
import type { BodyRelationships } from './relationships';
import { breakRun, mergeRunProperties, runProperties, textRun } from './runs';
import { StyleId } from './styles';
import { directedText, type DirectedText, xmlSafe } from './text';

export interface RunFormat {
  /** The paragraph's direction: runs are marked right to left by their own text (see directedText). */
  direction: Direction;
  language?: { value: string; bidirectional?: string };
  bold?: boolean;
  /** Half points, where the text is set smaller than its style (a table that needs the room). */
  size?: number;
  link?: boolean;
}

export class InlineRenderer {
  /** The properties of the Word shell's run a placeholder stood in, lent to the runs replacing it. */
  inheritedRunProperties = '';

  constructor(
    private readonly relationships: BodyRelationships,
    private readonly styleId: (id: string) => string,
  ) {}

  /** Appends the runs of `content` to `out`. */
  render(content: readonly Inline[], format: RunFormat, out: string[]): void {
    for (const inline of content) {
      if (inline.type === 'text') {
        const lines = inline.text.split('\n');
        lines.forEach((line, i) => {
          directedText(line, format.direction).forEach((piece, j) =>
            out.push(this.textRun(piece, inline.marks, format, i > 0 && j === 0)),
          );
        });
      } else if (inline.type === 'break') {
        out.push(breakRun(this.inheritedRunProperties));
      } else if (inline.type === 'link') {
        const target = format.link ? undefined : linkTarget(inline.href);
        if (target) {
          out.push(`<w:hyperlink w:history="1" r:id="${this.relationships.hyperlink(target)}">`);
          this.render(inline.children, { ...format, link: true }, out);
          out.push('</w:hyperlink>');
        } else {
          this.render(inline.children, format, out);
        }
      }
    }
  }

  private textRun(piece: DirectedText, marks: Marks | undefined, format: RunFormat, breakBefore: boolean): string {
    const code = marks?.code === true;
    const properties = runProperties({
      style: format.link ? this.styleId(StyleId.hyperlink) : code ? this.styleId(StyleId.inlineCode) : undefined,
      // The Hyperlink style takes the place of the code style: the code font is given directly.
      font: format.link && code ? DEFAULT_FONTS.code : undefined,
      bold: marks?.bold || format.bold,
      italic: marks?.italic,
      strike: marks?.strike,
      underline: marks?.underline,
      subscript: marks?.sub && !marks.sup,
      superscript: marks?.sup,
      size: format.size,
      rightToLeft: piece.rightToLeft,
      language: format.language,
    });
    return textRun(mergeRunProperties(this.inheritedRunProperties, properties), piece.text, breakBefore);
  }
}

/**
 * The link as a URI Word accepts in a relationship (spaces and non-ASCII percent-encoded), or
 * undefined when it is not an http(s) or mailto link: Word reports a file with a malformed
 * relationship target as damaged.
 */
function linkTarget(href: string): string | undefined {
  try {
    const url = new URL(href.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? xmlSafe(url.href) : undefined;
  } catch {
    return undefined;
  }
}
