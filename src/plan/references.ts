import type { ReferenceField, ReferenceModel } from '../contract/model';
import type { ReferenceDetailView, ReferenceView } from './types';

const ORCID = /^(?:https?:\/\/orcid\.org\/|orcid:)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/i;
const DOI = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:)?(10\.\d{4,9}\/\S+)$/i;
const ROR = /^(?:https?:\/\/ror\.org\/|ror:)?(0[a-z0-9]{6}\d{2})$/i;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** A link a reader can follow for an identifier, when it is a URL, DOI, ORCID or ROR id. */
export function linkForIdentifier(identifier: string | null | undefined, scheme?: string | null): string | null {
  const id = identifier?.trim();
  if (!id) return null;
  const kind = scheme?.toLowerCase();
  let match: RegExpExecArray | null;
  if ((match = ORCID.exec(id)) && (!kind || kind === 'orcid' || id.toLowerCase().startsWith('orcid:'))) {
    return `https://orcid.org/${match[1].toUpperCase()}`;
  }
  if ((match = DOI.exec(id))) return `https://doi.org/${match[1]}`;
  if ((match = ROR.exec(id)) && (kind === 'ror' || /ror/i.test(id))) return `https://ror.org/${match[1].toLowerCase()}`;
  if (HTTP_URL.test(id)) return id;
  return null;
}

/** Field codes under which reference sources put a landing page. */
const URL_FIELD_CODES = ['uri', 'url', 'link', 'landingPage', 'website'];

/** `2024-01-01`, or a date-time with or without a zone (`2024-01-01T00:00:00Z`, `2024-01-01T12:00+02:00`). */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A date-typed reference value as the day it names (UTC midnight, so it prints as written in any
 * zone: a funder's "2024-01-01T00:00:00+02:00" is 1 January, not 31 December); null when the value
 * is no ISO 8601 date, and then it is printed as written.
 */
export function referenceDate(value: string): Date | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1, 4).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date rolls 2024-02-31 over to March: a day that is not in the calendar is no date.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/**
 * The fields the reference type declares (1.3), in its order, with the type's labels: the ones the
 * reference has a value for. The field's own `dataType` wins over the type's (the backend sends both).
 */
function referenceDetails(reference: ReferenceModel): ReferenceDetailView[] {
  const declared = reference.type?.fields ?? [];
  if (declared.length === 0) return [];
  const values = new Map<string, ReferenceField>();
  for (const field of reference.fields) if (field.code && !values.has(field.code)) values.set(field.code, field);
  const details: ReferenceDetailView[] = [];
  const seen = new Set<string>();
  for (const definition of declared) {
    const field = values.get(definition.code);
    const value = field?.value?.trim();
    if (!value || seen.has(definition.code)) continue;
    seen.add(definition.code);
    const dataType = field?.dataType ?? definition.dataType ?? 'text';
    details.push({
      code: definition.code,
      label: definition.label?.trim() || definition.code,
      description: definition.description,
      dataType,
      value,
      date: dataType === 'date' ? referenceDate(value) : null,
      url: dataType === 'text' ? linkForIdentifier(value) : null,
    });
  }
  return details;
}

export function buildReferenceView(reference: ReferenceModel): ReferenceView {
  // fromEntries defines own properties: a source's field named "__proto__" stays an ordinary key.
  const fields: Record<string, string> = Object.fromEntries(
    reference.fields.filter((field) => field.code && field.value != null).map((field) => [field.code, field.value!]),
  );
  const url =
    linkForIdentifier(reference.reference, fields.pidTypeField) ??
    URL_FIELD_CODES.map((code) => linkForIdentifier(fields[code])).find(Boolean) ??
    null;
  return {
    id: reference.id,
    label: reference.label || reference.description || reference.reference || reference.type?.name || '',
    typeCode: reference.type?.code ?? null,
    typeName: reference.type?.name ?? null,
    reference: reference.reference,
    abbreviation: reference.abbreviation,
    description: reference.description,
    source: reference.source,
    url,
    fields,
    details: referenceDetails(reference),
  };
}
