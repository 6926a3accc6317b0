/**
 * A dataset's `distribution` list, read liberally: whole distributions as most tools write them,
 * and the fragments OpenCDMP's Java exporter writes (one object per question of the template that
 * answers a distribution field), joined back into the distributions they describe.
 */
import { asUrl } from '../identifiers';
import { toDataAccess } from '../vocabulary';
import type { ImportedDistribution, ImportedLicense } from './imported';
import { date, firstIdentifier, flag, isObject, number, objects, strings, text, type Json } from './jsonReaders';

export function readDistributions(value: unknown): ImportedDistribution[] {
  return joinFragments(objects(value)).map(readDistribution);
}

/** Nothing said: null, blank text, an empty list. */
const isEmptyValue = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const present = (raw: Json): Json => Object.fromEntries(Object.entries(raw).filter(([, v]) => !isEmptyValue(v)));

/**
 * OpenCDMP writes a distribution as fragments, in the order of its template's questions, each
 * with empty lists beside the fields it answers: `[{"title":"Scans","format":[]},
 * {"format":["image/tiff"]},{"data_access":"open"},{"host":{"title":"Zenodo",…}},
 * {"host":{"description":…}},{"license":[…]}]`. A fragment continues the distribution before it
 * while it says nothing that distribution has already said otherwise (a second title, another
 * host URL); hosts join key by key and licences add up. Whole distributions, each with its own
 * title or access, so stay apart. Empty objects go.
 */
function joinFragments(raws: Json[]): Json[] {
  const joined: Json[] = [];
  for (const raw of raws) {
    const fragment = present(raw);
    if (Object.keys(fragment).length === 0) continue;
    const previous = joined[joined.length - 1];
    if (previous && continues(previous, fragment)) addFragment(previous, fragment);
    else joined.push(addFragment({}, fragment));
  }
  return joined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function continues(distribution: Json, fragment: Json): boolean {
  return Object.entries(fragment).every(([key, value]) => {
    const said = distribution[key];
    if (said === undefined || key === 'license') return true;
    if (key === 'host' && isObject(said) && isObject(value)) {
      return Object.entries(present(value)).every(([hostKey, hostValue]) => {
        return said[hostKey] === undefined || same(said[hostKey], hostValue);
      });
    }
    return same(said, value);
  });
}

/** Adds a fragment's values; `distribution`'s host and licence list are its own copies, extended in place. */
function addFragment(distribution: Json, fragment: Json): Json {
  for (const [key, value] of Object.entries(fragment)) {
    const said = distribution[key];
    if (key === 'host' && isObject(value) && isObject(said)) Object.assign(said, present(value));
    else if (key === 'host' && isObject(value)) distribution.host = present(value);
    else if (key === 'license' && Array.isArray(said)) for (const license of objects(value)) said.push(license);
    else if (key === 'license') distribution.license = objects(value);
    else distribution[key] = value;
  }
  return distribution;
}

function readDistribution(raw: Json): ImportedDistribution {
  const host = isObject(raw.host) ? raw.host : null;
  const url = text(host?.url);
  return {
    title: text(raw.title),
    description: text(raw.description),
    // Peers emit `restricted`/`embargoed`; read them as the standard's nearest value.
    dataAccess: toDataAccess(strings(raw.data_access)),
    accessUrl: text(raw.access_url),
    downloadUrl: text(raw.download_url),
    byteSize: number(raw.byte_size),
    formats: strings(raw.format),
    availableUntil: date(raw.available_until),
    issued: date(raw.issued),
    host: host
      ? {
          title: text(host.title),
          // The official 1.2 example 10 writes a bare DOI; others a bare domain.
          url: url ? asUrl(url) : null,
          id: firstIdentifier(host.host_id),
          description: text(host.description),
          geoLocation: text(host.geo_location),
          certifiedWith: text(host.certified_with),
          pidSystems: strings(host.pid_system),
          supportVersioning: flag(host.support_versioning),
          backupType: text(host.backup_type),
          backupFrequency: text(host.backup_frequency),
          availability: text(host.availability),
          storageType: text(host.storage_type),
        }
      : null,
    licenses: readLicenses(objects(raw.license)),
  };
}

/**
 * Licences with a `license_ref`. A start date given on its own (a fragment with only the date
 * field) dates the licences that have none.
 */
function readLicenses(raws: Json[]): ImportedLicense[] {
  const loneDate =
    raws
      .filter((l) => !text(l.license_ref))
      .map((l) => date(l.start_date))
      .find((d) => d !== null) ?? null;
  return raws.flatMap((l) => {
    const ref = text(l.license_ref);
    return ref ? [{ ref, startDate: date(l.start_date) ?? loneDate }] : [];
  });
}
