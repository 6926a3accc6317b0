/**
 * Text as Word accepts it. Word refuses to open a file whose XML holds a control character or a lone
 * surrogate (DMPRoadmap's exports failed that way), so every string we write goes through `xmlSafe`.
 */

import { firstStrongDirection, RIGHT_TO_LEFT_SCRIPTS, strongDirection } from '../../document/direction';
import { isRightToLeftLanguage } from '../../document/languages';
import type { Direction } from '../../document/types';

// XML 1.0 allows tab, LF and CR among the C0 controls, and no lone surrogates or U+FFFE/U+FFFF.
const NOT_XML_CHARACTER =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  NOT_XML_CHARACTER.lastIndex = 0;
  return NOT_XML_CHARACTER.test(text) ? text.replace(NOT_XML_CHARACTER, '') : text;
}

/** A BCP 47 tag as Word writes it ("en-US", "el", "pt-BR"), or undefined when it is not one. */
export function wordLanguageTag(lang: string | undefined): string | undefined {
  if (!lang) return undefined;
  const match = /^([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{2}|\d{3}))?$/.exec(lang.trim());
  if (!match) return undefined;
  return match[2] ? `${match[1].toLowerCase()}-${match[2].toUpperCase()}` : match[1].toLowerCase();
}

/** Word's run language for a BCP 47 tag: right-to-left languages also set the complex-script language. */
export function runLanguage(lang: string | undefined): { value: string; bidirectional?: string } | undefined {
  const tag = wordLanguageTag(lang);
  if (!tag) return undefined;
  // Right-to-left languages also name the complex-script language (`w:lang w:bidi`), which Word uses for their runs.
  return isRightToLeftLanguage(tag) ? { value: tag, bidirectional: tag } : { value: tag };
}

/** A colour as docx wants it ("1F4E79"), from "#1f4e79", "1F4E79" or "#abc"; undefined when it is not one. */
export function hexColor(color: string | undefined): string | undefined {
  if (!color) return undefined;
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(hex)) return hex.toUpperCase();
  if (/^[0-9a-fA-F]{3}$/.test(hex)) return hex.replace(/./g, (digit) => digit + digit).toUpperCase();
  return undefined;
}

/** A stretch of text and whether Word should treat it as a right-to-left run (`w:rtl`). */
export interface DirectedText {
  text: string;
  rightToLeft: boolean;
}

/** Right-to-left letters: only text holding one needs cutting. */
const RTL_LETTER = new RegExp(`[${RIGHT_TO_LEFT_SCRIPTS}]`, 'u');

/**
 * Text cut where its direction changes, for `w:rtl` runs: Word lays a run marked right to left out
 * in its complex-script font and direction, so English words in an Arabic paragraph stay unmarked
 * and Arabic words in an English one are marked. Spaces and punctuation between words of the two
 * directions go with the paragraph's direction (Unicode bidi rule N2); text without a letter of
 * either direction takes the paragraph's.
 */
export function directedText(text: string, paragraph: Direction): DirectedText[] {
  const paragraphRtl = paragraph === 'rtl';
  if (!RTL_LETTER.test(text)) return [{ text, rightToLeft: paragraphRtl && firstStrongDirection(text) === undefined }];
  const pieces: DirectedText[] = [];
  // The paragraph's edges count as strong characters of its direction (bidi "sos" and "eos").
  let current: Direction = paragraph;
  let start = 0;
  let afterStrong = 0;
  const cut = (at: number, next: Direction) => {
    if (at > start) pieces.push({ text: text.slice(start, at), rightToLeft: current === 'rtl' });
    start = at;
    current = next;
  };
  let index = 0;
  for (const char of text) {
    const direction = strongDirection(char);
    if (direction) {
      if (direction !== current) cut(current === paragraph ? index : afterStrong, direction);
      afterStrong = index + char.length;
    }
    index += char.length;
  }
  if (current !== paragraph) cut(afterStrong, paragraph);
  cut(text.length, paragraph);
  return pieces;
}
