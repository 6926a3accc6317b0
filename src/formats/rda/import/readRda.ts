/**
 * Reads an uploaded maDMP file liberally: RDA DMP Common Standard 1.0, 1.1 and 1.2 shapes,
 * `dataset` as object or array, identifiers as objects or arrays, bare or URL identifiers,
 * timestamps with or without a zone (also epoch milliseconds, Java `Date.toString()` and
 * DMPHub's `16:01:58:00Z`), a contact given as a list, distributions split into one object per
 * field (OpenCDMP's Java exporter), and whatever extension keys tools add (`extension`,
 * `dmproadmap_*`, `schema`, `$schema`, `rda_schema_version`…), which are ignored. Files that are
 * not JSON, not a maDMP, or too large are 4xx errors naming the problem.
 */
import { badRequest } from '../../../errors';
import { CONTACT_PERSON_ROLE, toContributorRole, toIso6391 } from '../vocabulary';
import type { ImportedDataset, ImportedDmp, ImportedIdentifier, ImportedPerson } from './imported';
import {
  date,
  firstIdentifier,
  flag,
  identifiers,
  isObject,
  number,
  objects,
  strings,
  text,
  timestamp,
  type Json,
} from './jsonReaders';
import { readDistributions } from './readDistributions';

// ---- the file ----

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

/**
 * RDA has one contact, with the e-mail it requires: the first contact that has one (DMPTool's
 * API v3 drafts send a list). The other contacts, and a contact without e-mail, are contributors
 * with role ContactPerson; a contributor the file lists already gains that role.
 */
function readPeople(dmp: Json): Pick<ImportedDmp, 'contact' | 'contributors'> {
  const contacts = objects(dmp.contact).map((c) => person(c, 'contact_id'));
  const contact = contacts.find((c) => c.mbox !== null) ?? null;
  const contributors = objects(dmp.contributor).map((c) => person(c, 'contributor_id'));
  // Looked up by index: a file may list thousands of people.
  const byKey = new Map<string, ImportedPerson>();
  for (const contributor of contributors) {
    for (const key of personKeys(contributor)) if (!byKey.has(key)) byKey.set(key, contributor);
  }
  for (const other of contacts.filter((c) => c !== contact && (c.name || c.mbox))) {
    const same = personKeys(other)
      .map((key) => byKey.get(key))
      .find((p) => p !== undefined);
    if (!same) {
      const added = { ...other, roles: [CONTACT_PERSON_ROLE] };
      contributors.push(added);
      for (const key of personKeys(added)) if (!byKey.has(key)) byKey.set(key, added);
    } else if (!same.roles.some((role) => toContributorRole(role) === CONTACT_PERSON_ROLE)) {
      same.roles.push(CONTACT_PERSON_ROLE);
    }
  }
  return { contact, contributors };
}

/** What tells a person apart, most telling first: e-mail (any case), identifiers, name. */
function personKeys(person: ImportedPerson): string[] {
  return [
    ...(person.mbox ? [`mbox:${person.mbox.toLowerCase()}`] : []),
    ...person.ids.map((id) => `id:${id.identifier}`),
    ...(person.name ? [`name:${person.name}`] : []),
  ];
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
    ...readPeople(dmp),
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
      // DMPTool writes the name as `title`.
      name: text(t.name) ?? text(t.title),
      description: text(t.description),
    })),
    metadata: objects(raw.metadata).map((m) => ({
      id: firstIdentifier(m.metadata_standard_id),
      language: text(m.language),
      description: text(m.description),
    })),
    distributions: readDistributions(raw.distribution),
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
