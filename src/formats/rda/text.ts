/** Text and date conversions between planning-service answers and maDMP strings. */
import { calendarDateOfText } from './dates';
import { lookupTable } from '../../lookup';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * `toISOString()`, or null for an invalid date or a year outside 0000–9999: JavaScript writes
 * those with a sign and six digits (`+010000-01-01…`), which no RFC 3339 date format accepts.
 */
function isoString(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return /^\d{4}-/.test(iso) ? iso : null;
}

/**
 * RFC 3339 date-time in UTC, whole seconds (`2025-04-12T16:42:07Z`), as `created`/`modified`
 * need: always with a zone. Null when the date cannot be written so (see isoString).
 */
export function toRdaDateTime(date: Date): string | null {
  const iso = isoString(date);
  return iso ? iso.replace(/\.\d{3}Z$/, 'Z') : null;
}

/**
 * A picked date is local midnight in UTC: in a zone at offset `o` it is `D 00:00 − o`. Adding
 * 13 h 30 min and taking the UTC day gives `D` for every `o` with −10:30 < o ≤ +13:30, which
 * covers Hawaii (−10:00) to New Zealand summer time and Tonga (+13:00); only +13:45 (Chatham
 * summer), +14:00 (Kiribati) and −11:00 or below come out one day off.
 */
const PICKED_DATE_SHIFT_MS = 13.5 * HOUR_MS;

/**
 * A calendar date (`YYYY-MM-DD`) for an instant a date picker produced (`2025-09-30T22:00:00Z`
 * for 1 October in Athens). Null outside the years 0000–9999.
 */
export function dateOfPickedInstant(date: Date): string | null {
  const day = Math.floor((date.getTime() + PICKED_DATE_SHIFT_MS) / DAY_MS) * DAY_MS;
  return isoString(new Date(day))?.slice(0, 10) ?? null;
}

/**
 * `YYYY-MM-DD` from typed text, read with explicit formats in the plan's language (dates.ts):
 * null for impossible dates (`2023-02-29`), ambiguous ones (`01/02/2025`) and non-dates (`since 2020`).
 */
export function dateOfText(text: string, language?: string | null): string | null {
  return calendarDateOfText(text, language);
}

/** Paragraphs of plain text (blank-line or line separated), trimmed, without empties. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

const BYTE_UNITS: Readonly<Record<string, number>> = lookupTable({
  b: 1,
  byte: 1,
  bytes: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  pb: 1e15,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
  pib: 2 ** 50,
});

/** Longer text is no size ("1 234 567 890 bytes" is 19 characters); it is not read at all. */
const MAX_BYTE_SIZE_TEXT = 64;

/**
 * An integer number of bytes from "52428800", "5 GB" (SI: 5×10⁹), "1.5 TiB" (binary), "500MB",
 * "2,5 GB" or "1,000 MB". Null when there is no number, the unit is unknown, the result is not
 * a safe integer, or the text is longer than MAX_BYTE_SIZE_TEXT.
 */
export function parseByteSize(text: string): number | null {
  const value = text.trim();
  if (value.length > MAX_BYTE_SIZE_TEXT) return null;
  // The unit is the trailing letters; what comes before it must be the number alone.
  let unitStart = value.length;
  while (unitStart > 0 && /[a-z]/i.test(value[unitStart - 1])) unitStart--;
  const numberText = value.slice(0, unitStart).trimEnd();
  if (!/^\d[\d\s.,']*$/.test(numberText)) return null;
  const number = parseLocaleNumber(numberText);
  const unit = BYTE_UNITS[(value.slice(unitStart) || 'b').toLowerCase()];
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
    const thousandsGrouping =
      parts.length > 2 || (parts.length === 2 && parts[1].length === 3 && parts[0] !== '0' && parts[0] !== '-0');
    normalized = thousandsGrouping ? parts.join('') : parts.join('.');
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
