/**
 * Text as Word accepts it. Word refuses to open a file whose XML holds a control character or a lone
 * surrogate (DMPRoadmap's exports failed that way), so every string we write goes through `xmlSafe`.
 */

// XML 1.0 allows tab, LF and CR among the C0 controls, and no lone surrogates or U+FFFE/U+FFFF.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  NOT_XML_CHARACTER.lastIndex = 0;
  return NOT_XML_CHARACTER.test(text) ? text.replace(NOT_XML_CHARACTER, '') : text;
}

/** Languages written right to left, whose runs Word wants tagged with `w:lang w:bidi`. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

export function isRtlLanguage(lang: string): boolean {
  return RTL_LANGUAGES.has(lang.toLowerCase().split(/[-_]/)[0]);
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
  return isRtlLanguage(tag) ? { value: tag, bidirectional: tag } : { value: tag };
}

/** A colour as docx wants it ("1F4E79"), from "#1f4e79", "1F4E79" or "#abc"; undefined when it is not one. */
export function hexColor(color: string | undefined): string | undefined {
  if (!color) return undefined;
  const hex = color.trim().replace(/^#/, '');
  if (/^[0-9a-fA-F]{6}$/.test(hex)) return hex.toUpperCase();
  if (/^[0-9a-fA-F]{3}$/.test(hex)) return hex.replace(/./g, (digit) => digit + digit).toUpperCase();
  return undefined;
}
