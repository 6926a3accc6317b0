/**
 * Dates people type and tools write, read with date-fns against explicit formats (never
 * `Date.parse`, which reads `01.02.2025` as 2 January and `since 2020` as 1 January 2020).
 *
 * - calendarDateOfText: a free-text answer -> `YYYY-MM-DD`, day-first for numeric dates, month
 *   names in the plan's language or English; what is not a whole date is no date.
 * - instantOfText: a timestamp in a maDMP file -> an instant: RFC 3339 with or without zone,
 *   epoch milliseconds (DAMAP), Java `Date.toString()` (Argos), DMPHub's `16:01:58:00Z`.
 * - dayOfText: the calendar day such a timestamp writes, for date fields (project start…).
 */
// Per-function and per-locale modules: the package index loads every function and locale (~0.4 s).
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import type { Locale } from 'date-fns/locale';
import { de } from 'date-fns/locale/de';
import { el } from 'date-fns/locale/el';
import { enGB } from 'date-fns/locale/en-GB';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it as italian } from 'date-fns/locale/it';
import { nl } from 'date-fns/locale/nl';
import { pl } from 'date-fns/locale/pl';
import { pt } from 'date-fns/locale/pt';
import { parse } from 'date-fns/parse';
import { lookupTable } from '../../lookup';

const LOCALES: Readonly<Record<string, Locale>> = lookupTable({ de, el, en: enGB, es, fr, it: italian, nl, pl, pt });

/** ISO dates (with or without a time after them) and unambiguous numeric forms. */
const NUMERIC_FORMATS = ['yyyy-MM-dd', 'yyyy/M/d', 'd.M.yyyy', 'd-M-yyyy'];

/** Month names, with or without weekday; tried in the plan's language, then English. */
const NAMED_FORMATS = [
  'd MMMM yyyy',
  'd MMM yyyy',
  'd. MMMM yyyy',
  'd. MMM yyyy',
  'MMMM d, yyyy',
  'MMM d, yyyy',
  'MMMM d yyyy',
  'EEEE, d MMMM yyyy',
  'EEEE d MMMM yyyy',
  'EEEE, MMMM d, yyyy',
  'd MMMM, yyyy',
];

/** Longer text is no date ("Wednesday, 24 September 2025" is 29 characters). */
const MAX_DATE_TEXT = 48;

/** 1 January 2000, local: the reference date-fns fills missing parts from (every format names them all). */
const REFERENCE = new Date(2000, 0, 1);

function parsed(text: string, pattern: string, locale: Locale): string | null {
  const date = parse(text, pattern, REFERENCE, { locale });
  if (!isValid(date)) return null;
  const year = date.getFullYear();
  return year >= 1 && year <= 9999 ? format(date, 'yyyy-MM-dd') : null;
}

/**
 * `YYYY-MM-DD` of a typed date, or null. An ISO date may carry a time (`2024-01-01T10:00:00Z`
 * gives its written day). Slash dates read day first, except where only month-first makes a date
 * (`03/15/2025`); when both readings are dates and differ (`01/02/2025`) the text is left out.
 */
export function calendarDateOfText(text: string, language?: string | null): string | null {
  const value = text.trim();
  if (value.length === 0 || value.length > MAX_DATE_TEXT) return null;
  const isoDay = value.length > 10 && /^\d{4}-\d{2}-\d{2}[T\s]/.test(value) ? value.slice(0, 10) : value;
  for (const pattern of NUMERIC_FORMATS) {
    const date = parsed(isoDay, pattern, enGB);
    if (date) return date;
  }
  const dayFirst = parsed(value, 'd/M/yyyy', enGB);
  const monthFirst = parsed(value, 'M/d/yyyy', enUS);
  if (dayFirst || monthFirst)
    return dayFirst && monthFirst && dayFirst !== monthFirst ? null : (dayFirst ?? monthFirst);
  const own = LOCALES[language?.trim().toLowerCase().split(/[-_]/)[0] ?? ''];
  for (const locale of own && own !== enGB ? [own, enGB] : [enGB]) {
    for (const pattern of NAMED_FORMATS) {
      const date = parsed(value, pattern, locale);
      if (date) return date;
    }
  }
  return null;
}

/**
 * `YYYY-MM-DD` a maDMP date field means, in any form instantOfText reads: the day as written
 * (`2025-06-30T00:00:00+02:00` and `Mon Jun 30 00:00:00 CEST 2025` are 30 June, though UTC says
 * 29), the UTC day of an epoch number.
 */
export function dayOfText(value: string | number): string | null {
  const raw = String(value).trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(raw)) return parsed(raw.slice(0, 10), 'yyyy-MM-dd', enGB);
  const parts = raw.split(/\s+/);
  if (parts.length === 6) return parsed([...parts.slice(0, 4), parts[5]].join(' '), 'EEE MMM d HH:mm:ss yyyy', enUS);
  return instantOfText(value)?.toISOString().slice(0, 10) ?? null;
}

/** Offsets of the zone abbreviations Java's `Date.toString()` writes on common servers. */
const ZONE_OFFSETS: Readonly<Record<string, string>> = lookupTable({
  UTC: '+00:00',
  GMT: '+00:00',
  Z: '+00:00',
  WET: '+00:00',
  WEST: '+01:00',
  BST: '+01:00',
  CET: '+01:00',
  CEST: '+02:00',
  MET: '+01:00',
  MEST: '+02:00',
  EET: '+02:00',
  EEST: '+03:00',
  MSK: '+03:00',
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
});

/** Epoch numbers from 2001-09-09 on are read as milliseconds (DAMAP), earlier ones as seconds. */
const EPOCH_MS_FROM = 1e12;

const supported = (date: Date): Date | null => {
  const year = date.getUTCFullYear();
  return isValid(date) && year >= 0 && year <= 9999 ? date : null;
};

/** An instant from a maDMP timestamp, or null. A timestamp without a zone is read as UTC. */
export function instantOfText(value: string | number): Date | null {
  if (typeof value === 'number' || /^\d{9,14}$/.test(value.trim())) {
    const epoch = Number(value);
    return Number.isFinite(epoch) ? supported(new Date(epoch >= EPOCH_MS_FROM ? epoch : epoch * 1000)) : null;
  }
  const raw = value.trim();
  if (raw.length === 0 || raw.length > MAX_DATE_TEXT) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(raw)) return isoInstant(raw);
  // Java: "Fri Nov 17 11:12:03 UTC 2023" (weekday, month, day, time, zone, year).
  const parts = raw.split(/\s+/);
  if (parts.length === 6) {
    // Java writes custom zones as "GMT+01:00".
    const zone = parts[4].toUpperCase();
    const offset = ZONE_OFFSETS[zone] ?? (/^GMT[+-]\d\d:\d\d$/.test(zone) ? zone.slice(3) : null);
    if (offset) {
      const date = parse(
        `${[...parts.slice(0, 4), parts[5]].join(' ')} ${offset}`,
        'EEE MMM d HH:mm:ss yyyy XXX',
        REFERENCE,
        { locale: enUS },
      );
      return supported(date);
    }
  }
  return null;
}

/** RFC 3339 and near forms: `T` or a space, zone optional (UTC), DMPHub's extra `:00` before the zone. */
function isoInstant(raw: string): Date | null {
  const dmphub = parse(raw, "yyyy-MM-dd'T'HH:mm:ss':'SSX", REFERENCE);
  if (isValid(dmphub)) return supported(dmphub);
  const normalized = raw.replace(' ', 'T');
  const hasTime = /T\d/.test(normalized);
  const zoned = !hasTime
    ? `${normalized}T00:00:00Z`
    : /(?:z|[+-]\d\d:?\d\d)$/i.test(normalized)
      ? normalized
      : `${normalized}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : supported(new Date(ms));
}
