import type { ReferenceModel } from '../contract/model';
import type { ReferenceView } from './types';

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
  };
}
