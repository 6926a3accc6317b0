/**
 * The persistent identifiers a RAiD record holds, read from the forms people paste (bare,
 * prefixed, as URLs) and written in the one form RAiD 1.6 wants: ORCID and ISNI for people, ROR
 * for organisations, DOI (and a few other schemes) for related objects, the RAiD name itself.
 * Check digits are checked as the RAiD service does (ORCID, ISNI, ROR), so a typo is reported here
 * rather than by the service. (The RDA format reads identifiers too; formats share no code, so
 * the few patterns both need are repeated there.)
 */
import { SCHEMA_URI } from './vocabulary';

const ORCID = /^(?:https?:\/\/(?:www\.)?orcid\.org\/|orcid:\s*)?(\d{4}-?\d{4}-?\d{4}-?\d{3}[\dX])\/?$/i;
const ISNI = /^(?:https?:\/\/(?:www\.)?isni\.org\/(?:isni\/)?|isni:\s*)?(\d{4}\s?\d{4}\s?\d{4}\s?\d{3}[\dX])\/?$/i;
const ROR = /^(?:https?:\/\/(?:www\.)?ror\.org\/|ror:\s*)?(0[0-9a-hjkmnp-tv-z]{6}\d{2})\/?$/i;
const DOI = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.\d{4,9}\/\S+)$/i;
const HANDLE = /^(?:https?:\/\/hdl\.handle\.net\/|hdl:\s*)([^\s/]+\/\S+)$/i;
const ARK = /^(?:https?:\/\/[^/\s]+\/)?(ark:\/?\d{5,}\/\S+)$/i;
const ISBN = /^(?:isbn:?\s*)?((?:97[89][-\s]?)?\d{1,5}[-\s]?\d+[-\s]?\d+[-\s]?[\dX])$/i;
const RRID = /^(?:https?:\/\/scicrunch\.org\/resolver\/)?(RRID:\s*[A-Z]+_\S+)$/i;
const ARCHIVE = /^https?:\/\/(?:web\.)?archive\.org\/\S+$/i;
const HTTP_URL = /^https?:\/\/[^\s/]+(?:\/\S*)?$/i;

/** ISO 7064 MOD 11-2 over the first 15 digits: the check character of ORCID and ISNI. */
function mod11Check(digits: string): string {
  let total = 0;
  for (const digit of digits) total = (total + Number(digit)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? 'X' : String(result);
}

const hasValidMod11 = (sixteen: string) => mod11Check(sixteen.slice(0, 15)) === sixteen[15].toUpperCase();

/** A person's identifier: `https://orcid.org/…` or `https://isni.org/isni/…`, with the schemaUri that goes with it. */
export interface PersonId {
  id: string;
  schemaUri: typeof SCHEMA_URI.orcid | typeof SCHEMA_URI.isni;
}

/**
 * `https://orcid.org/0000-0002-1825-0097` for an ORCID in any common form; null when the text is
 * no ORCID or its check digit is wrong.
 */
export function orcidOf(text: string): string | null {
  const match = ORCID.exec(text.trim());
  if (!match) return null;
  const digits = match[1].replace(/-/g, '').toUpperCase();
  if (!hasValidMod11(digits)) return null;
  return `${SCHEMA_URI.orcid}${digits.replace(/(.{4})(?=.)/g, '$1-')}`;
}

/** An ORCID, else an ISNI (only when the text says `isni`: both are 16 digits). */
export function personIdOf(text: string): PersonId | null {
  const orcid = orcidOf(text);
  if (orcid && !/isni/i.test(text)) return { id: orcid, schemaUri: SCHEMA_URI.orcid };
  const match = ISNI.exec(text.trim());
  if (match && /isni/i.test(text)) {
    const digits = match[1].replace(/\s/g, '').toUpperCase();
    if (hasValidMod11(digits)) return { id: `${SCHEMA_URI.isni}isni/${digits}`, schemaUri: SCHEMA_URI.isni };
  }
  return null;
}

/** Looks like an ORCID but the check digit is wrong: worth saying so, not just "not an ORCID". */
export const isOrcidWithBadCheckDigit = (text: string): boolean => ORCID.test(text.trim()) && orcidOf(text) === null;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** ROR's check: the last two digits are ISO 7064 MOD 97-10 of the base-32 number before them. */
function hasValidRorChecksum(ror: string): boolean {
  let value = 0n;
  for (const character of ror.slice(0, 7)) value = value * 32n + BigInt(CROCKFORD.indexOf(character));
  return String(98n - ((value * 100n) % 97n)).padStart(2, '0') === ror.slice(7);
}

/** `https://ror.org/03yrm5c26` for a ROR id in any common form; null when it is none or its checksum is wrong. */
export function rorOf(text: string): string | null {
  const match = ROR.exec(text.trim());
  if (!match) return null;
  const ror = match[1].toLowerCase();
  return hasValidRorChecksum(ror) ? `${SCHEMA_URI.ror}${ror}` : null;
}

/** A related object's identifier and the scheme (relatedObject.schemaUri) it belongs to. */
export interface ObjectId {
  id: string;
  schemaUri: string;
}

/**
 * A related object's id in the form RAiD wants: DOIs as `https://doi.org/…` (IGSNs, Crossref and
 * DataCite DOIs alike), handles, ARKs, ISBNs, RRIDs, and archive.org snapshots. Other web pages
 * are no related object for RAiD (it asks for an archive.org snapshot of them), so they give null.
 */
export function objectIdOf(text: string): ObjectId | null {
  const value = text.trim();
  let match: RegExpExecArray | null;
  if ((match = DOI.exec(value))) return { id: `https://doi.org/${match[1]}`, schemaUri: SCHEMA_URI.doi };
  if ((match = HANDLE.exec(value)))
    return { id: `http://hdl.handle.net/${match[1]}`, schemaUri: 'http://hdl.handle.net/' };
  if ((match = ARK.exec(value))) return { id: match[1], schemaUri: 'https://arks.org/' };
  if ((match = RRID.exec(value)))
    return { id: match[1].replace(/\s/g, ''), schemaUri: 'https://scicrunch.org/resolver/' };
  if (ARCHIVE.test(value)) return { id: value, schemaUri: 'https://archive.org/' };
  if ((match = ISBN.exec(value)) && /^(?:\d{9}[\dX]|\d{13})$/i.test(match[1].replace(/[-\s]/g, '')))
    return { id: match[1].replace(/[-\s]/g, ''), schemaUri: 'https://www.isbn-international.org/' };
  return null;
}

/** A DOI as `https://doi.org/10.…`, or null. */
export function doiOf(text: string): string | null {
  const match = DOI.exec(text.trim());
  return match ? `https://doi.org/${match[1]}` : null;
}

/**
 * A RAiD name as an actionable URL (`https://raid.org/10.25.10.1234/a1b2c`): a bare handle or
 * `doi:` form gets the raid.org resolver; a URL already pointing at a RAiD agency stays as it is.
 */
export function raidIdOf(text: string): string | null {
  const value = text.trim();
  const bare = /^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(\d+(?:\.\d+)+\/[^\s/]+)$/i.exec(value);
  if (bare) return `${SCHEMA_URI.raid}${bare[1]}`;
  return /^https?:\/\/[^\s/]+\/\d+(?:\.\d+)+\/[^\s/]+\/?$/i.test(value) ? value.replace(/\/$/, '') : null;
}

/** An http(s) URL with a host, as alternateUrl takes it; null otherwise. */
export function webUrlOf(text: string): string | null {
  const value = text.trim();
  if (!HTTP_URL.test(value) || value.length > 2048) return null;
  try {
    return new URL(value).hostname.includes('.') ? value : null;
  } catch {
    return null;
  }
}
