/** Text and date conversions between planning-service answers and maDMP strings. */
import { conformsTo } from './schemas';

const DAY_MS = 86_400_000;

/**
 * RFC 3339 date-time in UTC, whole seconds (`2025-04-12T16:42:07Z`), as `created`/`modified`
 * need: always with a zone.
 */
export function toRdaDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A calendar date (`YYYY-MM-DD`) for an instant a date picker produced. Pickers send the user's
 * local midnight in UTC (`2025-09-30T22:00:00Z` for 1 October in Athens), so the instant is
 * rounded to the nearest UTC midnight: right for every zone within ±12 h.
 */
export function dateOfPickedInstant(date: Date): string {
  return new Date(Math.round(date.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC calendar date of a timestamp (e.g. `created` as the fallback licence start). */
export const utcDate = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * `YYYY-MM-DD` from text: a leading ISO date (`2024-01-01`, `2024-01-01T00:00:00Z`), or any
 * date `Date.parse` understands. Null for impossible dates (`2023-02-29`) and non-dates.
 */
export function dateOfText(text: string): string | null {
  const value = text.trim();
  const leading = /^(\d{4}-\d{2}-\d{2})(?:$|[T\s])/.exec(value);
  if (leading) return conformsTo('date', leading[1]) ? leading[1] : null;
  if (!/\d{4}/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : dateOfPickedInstant(new Date(ms));
}

/** Plain text -> minimal HTML for rich-text fields: escaped, one `<p>` per paragraph, `<br>` per line. */
export function plainTextToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Paragraphs of plain text (blank-line or line separated), trimmed, without empties. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

const BYTE_UNITS: Readonly<Record<string, number>> = {
  b: 1, byte: 1, bytes: 1,
  kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, pb: 1e15,
  kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40, pib: 2 ** 50,
};

/**
 * An integer number of bytes from "52428800", "5 GB" (SI: 5×10⁹), "1.5 TiB" (binary), "500MB",
 * "2,5 GB" or "1,000 MB". Null when there is no number, the unit is unknown or the result is not
 * a safe integer.
 */
export function parseByteSize(text: string): number | null {
  const match = /^\s*([\d][\d\s.,']*)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return null;
  const number = parseLocaleNumber(match[1]);
  const unit = BYTE_UNITS[(match[2] || 'b').toLowerCase()];
  if (number === null || unit === undefined) return null;
  const bytes = Math.round(number * unit);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : null;
}

/**
 * A number from "48500", "48,500.50", "48.500,50", "1 000" or "2,5". A single separator followed
 * by exactly three digits is read as a thousands separator.
 */
export function parseLocaleNumber(text: string): number | null {
  const compact = text.replace(/[\s']/g, '');
  if (!/^-?[\d.,]+$/.test(compact) || !/\d/.test(compact)) return null;
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    normalized = compact.split(thousands).join('').replace(decimal, '.');
  } else {
    const separator = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : '';
    const parts = separator ? compact.split(separator) : [compact];
    const thousandsGrouping = parts.length > 2 || (parts.length === 2 && parts[1].length === 3 && parts[0] !== '0' && parts[0] !== '-0');
    normalized = thousandsGrouping ? parts.join('') : parts.join('.');
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
