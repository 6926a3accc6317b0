/**
 * Persistent identifiers in the forms people paste them (bare, prefixed, as URLs) and the one
 * form this exporter writes: the resolvable https URL (`https://orcid.org/…`, `https://doi.org/…`,
 * `https://hdl.handle.net/…`, `https://ror.org/…`), with `type` naming the scheme.
 */

export type IdentifierScheme = 'orcid' | 'doi' | 'fundref' | 'handle' | 'ark' | 'ror' | 'isni' | 'url' | 'other';

export interface ParsedIdentifier {
  scheme: IdentifierScheme;
  /** The identifier without resolver or scheme prefix, e.g. `0000-0002-1825-0097`, `10.5281/zenodo.1`. */
  bare: string;
  /** The resolvable URL for schemes that have one, else the trimmed input. */
  url: string;
}

const ORCID = /^(?:https?:\/\/(?:www\.)?orcid\.org\/|orcid:\s*)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])\/?$/i;
const FUNDREF = /^(?:(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?10\.13039\/)(\d{6,12})$/i;
const DOI = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\d{4,9}\/\S+)$/i;
const HANDLE_URL = /^(?:https?:\/\/hdl\.handle\.net\/|hdl:\s*)([^\s/]+\/\S+)$/i;
const BARE_HANDLE = /^([^\s/:]+\/\S+)$/;
const ARK = /^(?:https?:\/\/[^/]+\/)?(ark:\/?\d{5,}\/\S+)$/i;
const ROR = /^(?:https?:\/\/ror\.org\/|ror:\s*)?(0[a-hj-km-np-tv-z0-9]{6}\d{2})\/?$/i;
const ISNI = /^(?:https?:\/\/isni\.org\/isni\/|isni:\s*)?(\d{4}\s?\d{4}\s?\d{4}\s?\d{3}[\dX])$/i;
const HTTP_URL = /^(?:https?|ftp):\/\/\S+$/i;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** `zenodo.org`, `www.re3data.org/repository/r3d100010468`: host names with a top-level domain. */
const BARE_DOMAIN = /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const FUNDREF_DIGITS = /^50\d{4,10}$/;

/**
 * What kind of identifier `raw` is. `hint` is a scheme named next to it (an RDA `type`, an
 * OpenCDMP `pidTypeField`), used for values that could be several things (bare digits, ROR ids).
 */
export function parseIdentifier(raw: string, hint?: string | null): ParsedIdentifier {
  const value = raw.trim();
  const scheme = hint?.trim().toLowerCase() ?? '';
  let match: RegExpExecArray | null;
  if ((match = ORCID.exec(value))) return orcid(match[1]);
  if ((match = FUNDREF.exec(value)) || (scheme === 'fundref' && (match = /^(\d{6,12})$/.exec(value))))
    return fundref(match[1]);
  if ((match = DOI.exec(value))) return { scheme: 'doi', bare: match[1], url: `https://doi.org/${match[1]}` };
  if ((match = HANDLE_URL.exec(value)) || (scheme === 'handle' && (match = BARE_HANDLE.exec(value)))) {
    return { scheme: 'handle', bare: match[1], url: `https://hdl.handle.net/${match[1]}` };
  }
  if ((match = ARK.exec(value))) return { scheme: 'ark', bare: match[1], url: value };
  if ((match = ROR.exec(value)) && (scheme === 'ror' || /ror/i.test(value))) {
    return { scheme: 'ror', bare: match[1].toLowerCase(), url: `https://ror.org/${match[1].toLowerCase()}` };
  }
  if ((match = ISNI.exec(value)) && (scheme === 'isni' || /isni/i.test(value))) {
    const bare = match[1].replace(/\s/g, '');
    return { scheme: 'isni', bare, url: `https://isni.org/isni/${bare}` };
  }
  if (HTTP_URL.test(value)) return { scheme: 'url', bare: value, url: value };
  return { scheme: 'other', bare: value, url: value };
}

/**
 * A funder's identifier. FundRef ids are bare digits starting with 50 (`501100000780`), so a
 * funder's id without a scheme named is read as one; grant numbers look alike (DFG `501865131`),
 * so no other identifier is.
 */
export function parseFunderIdentifier(raw: string, hint?: string | null): ParsedIdentifier {
  const value = raw.trim();
  return !hint?.trim() && FUNDREF_DIGITS.test(value) ? fundref(value) : parseIdentifier(raw, hint);
}

const orcid = (bare: string): ParsedIdentifier => ({
  scheme: 'orcid',
  bare: bare.toUpperCase(),
  url: `https://orcid.org/${bare.toUpperCase()}`,
});
const fundref = (bare: string): ParsedIdentifier => ({
  scheme: 'fundref',
  bare,
  url: `https://doi.org/10.13039/${bare}`,
});

/** `identifier` + `type` restricted to an RDA 1.1 enum: the scheme if allowed, else url/other. */
export function rdaIdentifier<T extends string>(
  parsed: ParsedIdentifier,
  allowed: readonly T[],
): { identifier: string; type: T } {
  if ((allowed as readonly string[]).includes(parsed.scheme))
    return { identifier: parsed.url, type: parsed.scheme as T };
  const resolvable = parsed.url.startsWith('http');
  if (resolvable && (allowed as readonly string[]).includes('url')) return { identifier: parsed.url, type: 'url' as T };
  return { identifier: parsed.bare, type: 'other' as T };
}

/** The URL of an identifier when it has one (DOI, ORCID, http…), else null. */
export function resolvableUrl(raw: string | null | undefined, hint?: string | null): string | null {
  if (!raw?.trim()) return null;
  const parsed = parseIdentifier(raw, hint);
  return /^(?:https?|ftp):\/\//i.test(parsed.url) ? parsed.url : null;
}

/**
 * What people write where a URL belongs, as a URL: a DOI without resolver (`10.25504/…`, as the
 * official 1.2 example 10 writes a host) as `https://doi.org/…`, a bare domain (`zenodo.org`)
 * with `https://`. Anything else (a URL, other text) is returned trimmed, as it is.
 */
export function asUrl(text: string): string {
  const value = text.trim();
  if (HTTP_URL.test(value)) return value;
  const doi = DOI.exec(value);
  if (doi) return `https://doi.org/${doi[1]}`;
  return !HAS_SCHEME.test(value) && BARE_DOMAIN.test(value) ? `https://${value}` : value;
}
