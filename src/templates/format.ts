/**
 * Dates and numbers in the label language. Intl formatters are costly to create (tens of
 * microseconds each) and a plan has thousands of values, so they are made once per language and
 * kept in small LRU caches: language tags come from requests, and a stream of distinct ones
 * must not grow the process.
 */
import { LruCache } from '../lru';
import { lookupTable } from '../lookup';

export type DateStyle = 'long' | 'short' | 'iso';

export const DATE_STYLES: readonly DateStyle[] = ['long', 'short', 'iso'];

/** Languages whose formatters stay cached; a deployment uses a handful. */
const CACHED_LANGUAGES = 32;

const dateFormats = new LruCache<Intl.DateTimeFormat>(CACHED_LANGUAGES * 2);
const numberFormats = new LruCache<Intl.NumberFormat>(CACHED_LANGUAGES);
const languageNames = new LruCache<Intl.DisplayNames>(CACHED_LANGUAGES);

/** Our Serbian labels are in Latin script; Intl's plain "sr" writes Cyrillic. */
const SCRIPT_OF_LABELS: Record<string, string> = lookupTable({ sr: 'sr-Latn' });

/** A language tag Intl accepts, else English (a bad tag must not break an export). */
function supported(language: string): string {
  const tag = SCRIPT_OF_LABELS[language.toLowerCase()] ?? language;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en';
  } catch {
    return 'en';
  }
}

/** Dates are calendar dates to the reader: formatted in UTC so a server's time zone never shifts them. */
export function formatDate(date: Date, style: DateStyle, language: string): string {
  if (Number.isNaN(date.getTime())) return '';
  if (style === 'iso') return date.toISOString().slice(0, 10);
  const key = `${language}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(supported(language), {
      dateStyle: style === 'long' ? 'long' : 'short',
      timeZone: 'UTC',
    });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

export function formatNumber(value: number, language: string): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(supported(language), { maximumFractionDigits: 20 });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** "Greek" for "el" when the label language is English, "Ελληνικά" when it is Greek; the code if unknown. */
export function languageName(code: string, language: string): string {
  let names = languageNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([supported(language)], { type: 'language', fallback: 'code' });
    languageNames.set(language, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
