/**
 * Inline content -> styled runs. A run is text in one style (marks, link, size, colour) drawn by one
 * font family; hard line breaks split a paragraph's runs into lines ("segments").
 */
import { inlinesToPlainText } from '../../document/text';
import type { Inline } from '../../document/types';
import { type FontFamily, splitByFont } from './fonts';

export interface RunStyle {
  /** The family asked for (body, heading or code); characters it lacks fall back per run. */
  family: FontFamily;
  fontSize: number;
  color: string;
  bold: boolean;
  italics: boolean;
  underline: boolean;
  strike: boolean;
  sub: boolean;
  sup: boolean;
  code: boolean;
  link?: string;
}

/** Text in one style and one actual font family. */
export interface Run {
  text: string;
  family: FontFamily;
  style: RunStyle;
}

/** A hard-break-free stretch of a paragraph. */
export type Segment = Run[];

export interface InlineLook {
  linkColor: string;
  codeFamily: FontFamily;
}

const SAFE_LINK = /^(?:https?:|mailto:)/i;
/** C0/C1 controls other than tab and newline have no glyph; they would print as boxes. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LINE_BREAK = /\r\n?|\n/;

/** Flattens inlines into segments of font-split runs; `base` is the paragraph's style. */
export function inlineSegments(inlines: Inline[], base: RunStyle, look: InlineLook): Segment[] {
  const segments: Segment[] = [[]];
  const append = (text: string, style: RunStyle): void => {
    const lines = text.replace(CONTROL_CHARS, '').replace(/\t/g, ' ').split(LINE_BREAK);
    lines.forEach((line, index) => {
      if (index > 0) segments.push([]);
      for (const run of splitByFont(line, style.family)) segments[segments.length - 1].push({ ...run, style });
    });
  };
  const walk = (items: Inline[], style: RunStyle): void => {
    for (const inline of items) {
      switch (inline.type) {
        case 'text': {
          const marks = inline.marks ?? {};
          append(inline.text, {
            ...style,
            bold: style.bold || !!marks.bold,
            italics: style.italics || !!marks.italic,
            underline: style.underline || !!marks.underline,
            strike: style.strike || !!marks.strike,
            sub: style.sub || (!!marks.sub && !marks.sup),
            sup: style.sup || !!marks.sup,
            code: style.code || !!marks.code,
            family: marks.code ? look.codeFamily : style.family,
          });
          break;
        }
        case 'link':
          walk(
            inline.children,
            SAFE_LINK.test(inline.href)
              ? { ...style, link: inline.href, color: look.linkColor, underline: true }
              : style,
          );
          break;
        case 'break':
          segments.push([]);
          break;
      }
    }
  };
  walk(inlines, base);
  return segments;
}

/** Plain text of inlines on one line (outline titles, TOC sorting, size estimates). */
export function inlineText(inlines: Inline[]): string {
  return inlinesToPlainText(inlines).replace(/\n/g, ' ').replace(CONTROL_CHARS, '');
}

/** pdfmake shrinks sub- and superscripts to 58 % of the size. */
export const effectiveFontSize = (style: RunStyle): number =>
  style.sub || style.sup ? style.fontSize * 0.58 : style.fontSize;
