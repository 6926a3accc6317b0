/**
 * Reads an uploaded maDMP file liberally: RDA DMP Common Standard 1.0, 1.1 and 1.2 shapes,
 * `dataset` as object or array, identifiers as objects or arrays, bare or URL identifiers,
 * timestamps with or without a zone (also epoch milliseconds, Java `Date.toString()` and
 * DMPHub's `16:01:58:00Z`), a contact given as a list, distributions split into one object per
 * field (OpenCDMP's Java exporter), and whatever extension keys tools add (`extension`,
 * `dmproadmap_*`, `schema`, `$schema`, `rda_schema_version`…), which are ignored. Files that are
 * not JSON, not a maDMP, or too large are 4xx errors naming the problem.
 */
import { ServiceError, badRequest } from '../../../errors';
import { dayOfText, instantOfText } from '../dates';
import { toDataAccess, toIso6391, toYesNoUnknown, type YesNoUnknown } from '../vocabulary';
import type {
  ImportedDataset,
  ImportedDistribution,
  ImportedDmp,
  ImportedIdentifier,
  ImportedPerson,
} from './imported';

/** The largest file we read, decoded. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

// ---- the file ----

/**
 * The JSON inside a `FileEnvelopeModel` body (base64 bytes). 413 past MAX_IMPORT_BYTES; 400 when
 * the bytes are missing, not UTF-8 or not JSON.
 */
export function parseEnvelopeJson(envelope: unknown): unknown {
  const file = (envelope as { file?: unknown } | null)?.file;
  if (typeof file !== 'string' || file.trim() === '') {
    throw badRequest('The upload has no file content: "file" must hold the base64 bytes of the JSON file.', [
      { path: '/file', message: 'must be the file bytes, base64-encoded' },
    ]);
  }
  const base64 = file.replace(/\s+/g, '');
  const size = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (size > MAX_IMPORT_BYTES) {
    throw new ServiceError(
      'too-large',
      `The file is too large to import (${(size / 1048576).toFixed(1)} MB; at most 20 MB).`,
      [{ path: '/file', message: `must be at most ${MAX_IMPORT_BYTES} bytes` }],
    );
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    throw badRequest('The upload is not base64-encoded.', [{ path: '/file', message: 'must be base64' }]);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64'));
  } catch {
    throw badRequest('The file is not UTF-8 text, so it cannot be RDA maDMP JSON.', [
      { path: '/file', message: 'must be UTF-8 JSON' },
    ]);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw badRequest(`The file is not JSON: ${(error as Error).message}.`, [
      { path: '/file', message: 'must be a JSON document' },
    ]);
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"dmp": …}`, or the first of a list (`{"items": [{"dmp": …}]}`, DMPRoadmap's API shape). */
function dmpObjectOf(json: unknown): Json | null {
  if (!isObject(json)) return null;
  if (isObject(json.dmp)) return json.dmp;
  const first = Array.isArray(json.items) ? json.items[0] : undefined;
  return isObject(first) && isObject(first.dmp) ? first.dmp : null;
}

/** The `dmp` object of a maDMP file; 400 when there is none or it has neither a title nor datasets. */
export function readDmp(json: unknown): ImportedDmp {
  const root = dmpObjectOf(json);
  if (!root || (text(root.title) === null && objects(root.dataset).length === 0)) {
    throw badRequest('The file is not an RDA maDMP: it needs a "dmp" object with at least a title or datasets.', [
      { path: '/dmp', message: 'must be an object with "title" or "dataset"' },
    ]);
  }
  return readDmpObject(root);
}

/**
 * One dataset for a description import: the first dataset of a maDMP (also inside `items`), or
 * a bare dataset object (`{"title": …, "dataset_id": …}`, or `{"dataset": {…}}`).
 */
export function readDatasetFile(json: unknown): { dataset: ImportedDataset; dmp: ImportedDmp | null } {
  if (dmpObjectOf(json)) {
    const dmp = readDmp(json);
    if (dmp.datasets.length === 0) {
      throw badRequest('The maDMP has no dataset to import as a description.', [
        { path: '/dmp/dataset', message: 'must hold a dataset' },
      ]);
    }
    return { dataset: dmp.datasets[0], dmp };
  }
  const candidate =
    isObject(json) && (isObject(json.dataset) || Array.isArray(json.dataset)) ? objects(json.dataset)[0] : json;
  if (!isObject(candidate) || (text(candidate.title) === null && !candidate.dataset_id)) {
    throw badRequest(
      'The file is neither an RDA maDMP nor an RDA dataset: it needs "dmp", or a dataset with a title or dataset_id.',
      [{ path: '/', message: 'must be {"dmp": …} or a dataset object' }],
    );
  }
  return { dataset: readDatasets([candidate])[0], dmp: null };
}

// ---- liberal readers ----

/** A string from a string or number. Empty -> null. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Text from a scalar, or from an array of scalars joined by lines (DMPRoadmap writes some texts as arrays). */
function text(value: unknown): string | null {
  return Array.isArray(value) ? value.map(scalarText).filter(Boolean).join('\n') || null : scalarText(value);
}

/** A list of objects from an array or a single object (1.0 `dataset`). */
function objects(value: unknown): Json[] {
  if (Array.isArray(value)) return value.filter(isObject);
  return isObject(value) ? [value] : [];
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  return list.map(scalarText).filter((s): s is string => s !== null);
}

/** Identifier objects from an object, an array of them (1.2), or a bare string. */
function identifiers(value: unknown): ImportedIdentifier[] {
  if (typeof value === 'string' || typeof value === 'number') {
    const identifier = text(value);
    return identifier ? [{ identifier, type: null }] : [];
  }
  return objects(value).flatMap((o) => {
    const identifier = text(o.identifier);
    return identifier ? [{ identifier, type: text(o.type)?.toLowerCase() ?? null }] : [];
  });
}

const firstIdentifier = (value: unknown): ImportedIdentifier | null => identifiers(value)[0] ?? null;

/** A timestamp in any form instantOfText reads; without a zone it is UTC. */
function timestamp(value: unknown): Date | null {
  if (typeof value === 'number') return instantOfText(value);
  const raw = text(value);
  return raw ? instantOfText(raw) : null;
}

/** `YYYY-MM-DD` a date field means, in any form `timestamp` reads (the day as written, see dayOfText). */
function date(value: unknown): string | null {
  const raw = typeof value === 'number' ? value : text(value);
  return raw === null ? null : dayOfText(raw);
}

function number(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const parsed = typeof value === 'string' ? Number(value.trim().replace(',', '.')) : NaN;
  return Number.isFinite(parsed) ? parsed : null;
}

const flag = (value: unknown): YesNoUnknown | null =>
  typeof value === 'boolean' ? (value ? 'yes' : 'no') : toYesNoUnknown(strings(value));

/** An e-mail as `mailto:` links give it, without the scheme. */
const email = (value: unknown): string | null =>
  text(value)
    ?.replace(/^mailto:/i, '')
    .trim() || null;

function person(raw: Json, idKey: string): ImportedPerson {
  return {
    name: text(raw.name),
    mbox: email(raw.mbox),
    ids: identifiers(raw[idKey]),
    roles: strings(raw.role),
    // 1.2 has an array; DMPRoadmap sends one object.
    affiliations: objects(raw.affiliation).flatMap((a) => {
      const name = text(a.name);
      return name ? [{ name, id: firstIdentifier(a.affiliation_id) }] : [];
    }),
  };
}

function readDmpObject(dmp: Json): ImportedDmp {
  const language = text(dmp.language);
  return {
    title: text(dmp.title),
    description: text(dmp.description),
    language,
    language6391: toIso6391(language),
    created: timestamp(dmp.created),
    modified: timestamp(dmp.modified),
    dmpId: firstIdentifier(dmp.dmp_id),
    // DMPTool's API v3 drafts send the contact as a list.
    contact:
      objects(dmp.contact)
        .slice(0, 1)
        .map((c) => person(c, 'contact_id'))[0] ?? null,
    contributors: objects(dmp.contributor).map((c) => person(c, 'contributor_id')),
    projects: objects(dmp.project).map((p) => ({
      title: text(p.title),
      description: text(p.description),
      start: date(p.start),
      end: date(p.end),
      ids: identifiers(p.project_id),
      fundings: objects(p.funding).map((f) => ({
        funderId: firstIdentifier(f.funder_id),
        funderName: text(f.funder_name) ?? text(f.name),
        grantId: firstIdentifier(f.grant_id),
        status: text(f.funding_status),
      })),
    })),
    costs: objects(dmp.cost).map((c) => ({
      title: text(c.title),
      description: text(c.description),
      value: number(c.value),
      currency: text(c.currency_code)?.toUpperCase() ?? null,
    })),
    ethicalIssuesExist: flag(dmp.ethical_issues_exist),
    ethicalIssuesDescription: text(dmp.ethical_issues_description),
    ethicalIssuesReport: text(dmp.ethical_issues_report),
    datasets: readDatasets(objects(dmp.dataset)),
  };
}

/**
 * Datasets with their import keys: the `dataset_id` identifier, else a position; a key already
 * taken gets `#<position>` (or the next free number: the file may itself hold `x#3`).
 */
function readDatasets(raws: Json[]): ImportedDataset[] {
  const used = new Set<string>();
  return raws.map((raw, index) => {
    const id = firstIdentifier(raw.dataset_id);
    const wanted = id?.identifier ?? `dataset-${index + 1}`;
    let key = wanted;
    for (let suffix = index + 1; used.has(key); suffix++) key = `${wanted}#${suffix}`;
    used.add(key);
    return readDataset(raw, key, id);
  });
}

function readDataset(raw: Json, key: string, id: ImportedIdentifier | null): ImportedDataset {
  return {
    key,
    id,
    title: text(raw.title),
    description: text(raw.description),
    type: text(raw.type),
    personalData: flag(raw.personal_data),
    sensitiveData: flag(raw.sensitive_data),
    keywords: strings(raw.keyword),
    issued: date(raw.issued),
    language: text(raw.language),
    preservationStatement: text(raw.preservation_statement),
    dataQualityAssurance: strings(raw.data_quality_assurance),
    securityAndPrivacy: objects(raw.security_and_privacy).map((s) => ({
      title: text(s.title),
      description: text(s.description),
    })),
    technicalResources: objects(raw.technical_resource).map((t) => ({
      name: text(t.name),
      description: text(t.description),
    })),
    metadata: objects(raw.metadata).map((m) => ({
      id: firstIdentifier(m.metadata_standard_id),
      language: text(m.language),
      description: text(m.description),
    })),
    distributions: joinFragments(objects(raw.distribution)).map(readDistribution),
    isReused: reused(raw.is_reused),
    rights: text(raw.rights),
  };
}

/** `is_reused`: a boolean (1.2), a yes/no word, or what tools write instead (`reused`, `produced`). */
function reused(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const word = text(value)?.toLowerCase() ?? '';
  if (/^(reused|re-used|existing|secondary)$/.test(word)) return true;
  if (/^(produced|new|generated|created|primary)$/.test(word)) return false;
  const yesNo = flag(value);
  return yesNo === 'yes' ? true : yesNo === 'no' ? false : null;
}

/** Nothing said: null, blank text, an empty list. */
const isEmptyValue = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * OpenCDMP's Java exporter writes one object per answered field, plus empty ones:
 * `[{"title":"Survey tables"},{"format":["text/csv"]},{},{"byte_size":1000}]`. Empty objects go;
 * an object with neither `title` nor `data_access` continues the one before it.
 */
function joinFragments(raws: Json[]): Json[] {
  const joined: Json[] = [];
  for (const raw of raws) {
    const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => !isEmptyValue(value)));
    if (Object.keys(present).length === 0) continue;
    const previous = joined[joined.length - 1];
    const standsAlone = 'title' in present || 'data_access' in present;
    if (previous && !standsAlone) {
      for (const [key, value] of Object.entries(present)) if (!(key in previous)) previous[key] = value;
    } else {
      joined.push({ ...present });
    }
  }
  return joined;
}

function readDistribution(raw: Json): ImportedDistribution {
  const host = isObject(raw.host) ? raw.host : null;
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
          url: text(host.url),
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
    licenses: objects(raw.license).flatMap((l) => {
      const ref = text(l.license_ref);
      return ref ? [{ ref, startDate: date(l.start_date) }] : [];
    }),
  };
}
