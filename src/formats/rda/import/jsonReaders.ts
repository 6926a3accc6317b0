/**
 * Liberal readers of the JSON values maDMP files hold: text from a string, a number or a list of
 * lines; objects from an object or a list; identifiers as objects, lists or bare strings; dates
 * and timestamps in every form tools write (dates.ts). Each gives null (or nothing) for what it
 * cannot read, never throws.
 */
import { dayOfText, instantOfText } from '../dates';
import { toYesNoUnknown, type YesNoUnknown } from '../vocabulary';
import type { ImportedIdentifier } from './imported';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A string from a string or number. Empty -> null. */
export function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Text from a scalar, or from an array of scalars joined by lines (DMPRoadmap writes some texts as arrays). */
export function text(value: unknown): string | null {
  return Array.isArray(value) ? value.map(scalarText).filter(Boolean).join('\n') || null : scalarText(value);
}

/** A list of objects from an array or a single object (1.0 `dataset`). */
export function objects(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) ? [value] : [];
}

export function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  return list.map(scalarText).filter((s): s is string => s !== null);
}

/** Identifier objects from an object, an array of them (1.2), or a bare string. */
export function identifiers(value: unknown): ImportedIdentifier[] {
  if (typeof value === 'string' || typeof value === 'number') {
    const identifier = text(value);
    return identifier ? [{ identifier, type: null }] : [];
  }
  return objects(value).flatMap((o) => {
    const identifier = text(o.identifier);
    return identifier ? [{ identifier, type: text(o.type)?.toLowerCase() ?? null }] : [];
  });
}

export const firstIdentifier = (value: unknown): ImportedIdentifier | null => identifiers(value)[0] ?? null;

/** A timestamp in any form instantOfText reads; without a zone it is UTC. */
export function timestamp(value: unknown): Date | null {
  if (typeof value === 'number') return instantOfText(value);
  const raw = text(value);
  return raw ? instantOfText(raw) : null;
}

/** `YYYY-MM-DD` a date field means, in any form `timestamp` reads (the day as written, see dayOfText). */
export function date(value: unknown): string | null {
  const raw = typeof value === 'number' ? value : text(value);
  return raw === null ? null : dayOfText(raw);
}

export function number(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const parsed = typeof value === 'string' ? Number(value.trim().replace(',', '.')) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

export const flag = (value: unknown): YesNoUnknown | null =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : toYesNoUnknown(strings(value));
