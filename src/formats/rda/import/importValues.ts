/**
 * The values of a read maDMP under the `rda.*` semantic keys a blueprint or template field may
 * carry, grouped the way the exporter groups them (one record per distribution, cost,
 * contributor, project…), so each field of the target blueprint or template can pick its value.
 */
import { htmlToPlainText, sanitizeAnswerHtml } from '../../../document/html';
import type { RdaGroup } from '../groups';
import { parseIdentifier } from '../identifiers';
import { plainTextToHtml } from '../../../contract/richText';
import { toRdaLanguage, type YesNoUnknown } from '../vocabulary';
import type {
  ImportedAffiliation,
  ImportedDataset,
  ImportedDmp,
  ImportedIdentifier,
  ImportedPerson,
  ImportedProject,
} from './imported';

/** A reference to create in the planning service (its type comes from the target field). */
export interface ReferenceDraft {
  label: string;
  reference: string | null;
  description: string | null;
  fields: { code: string; value: string }[];
}

export interface ImportValue {
  /** How a text field shows it (plain text, also when the file sent HTML). */
  text: string;
  /** Sanitised HTML, when the file sent HTML: what a rich-text field shows. */
  html?: string;
  /** Other spellings an option may use (`en` for `eng`). */
  alternatives?: string[];
  /** Items, for tags and multiple selects. */
  list?: string[];
  /** `YYYY-MM-DD`, or a full ISO date-time. */
  date?: string;
  number?: number;
  flag?: YesNoUnknown;
  identifier?: ImportedIdentifier;
  reference?: ReferenceDraft;
}

export class ImportRecord {
  private readonly byKey = new Map<string, ImportValue[]>();

  set(key: string, ...values: (ImportValue | null)[]): this {
    return this.setAll(key, values);
  }

  /** `set` for a list of any length (a spread of a million licences overflows the stack). */
  setAll(key: string, values: (ImportValue | null)[]): this {
    const present = values.filter((v): v is ImportValue => v !== null);
    if (present.length === 0) return this;
    const known = this.byKey.get(key);
    if (known) for (const value of present) known.push(value);
    else this.byKey.set(key, present);
    return this;
  }

  get(key: string): ImportValue[] {
    return this.byKey.get(key) ?? [];
  }
}

export interface ImportScope {
  scalars: ImportRecord;
  groups: Map<RdaGroup, ImportRecord[]>;
}

/** Tags or character references: text that tools storing rich text (Argos, DMPRoadmap) send as HTML. */
const HTML_HINT = /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>|&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]+);/i;

/**
 * Text from a file: HTML is detected, sanitised with the answers' allow-list (kept for rich-text
 * fields) and stripped to plain text (for the rest); other text is taken as it is.
 */
export function textValue(text: string | null | undefined): ImportValue | null {
  if (!text) return null;
  if (!HTML_HINT.test(text)) return { text };
  const html = sanitizeAnswerHtml(text);
  const plain = htmlToPlainText(html);
  return plain ? { text: plain, html } : null;
}

/** HTML for a rich-text slot (plan or description text): sanitised HTML as sent, or plain text as paragraphs. */
export function richText(text: string | null): string | null {
  const value = textValue(text);
  return value ? (value.html ?? plainTextToHtml(value.text)) : null;
}
const dateValue = (date: string | null | undefined): ImportValue | null => (date ? { text: date, date } : null);
const listValue = (list: string[], separator: string): ImportValue | null =>
  list.length > 0 ? { text: list.join(separator), list } : null;
const flagValue = (flag: YesNoUnknown | null): ImportValue | null => (flag ? { text: flag, flag } : null);
const numberValue = (value: number | null): ImportValue | null =>
  value === null ? null : { text: String(value), number: value };

function identifierValue(id: ImportedIdentifier | null, label?: string | null): ImportValue | null {
  if (!id) return null;
  const { reference, pidType } = catalogueForm(id);
  return {
    text: id.identifier,
    identifier: id,
    reference: { label: label ?? id.identifier, reference, description: null, fields: pidTypeField(pidType) },
  };
}

/**
 * An identifier as the planning service's catalogues write it in `reference`, which is what it
 * matches existing references on: ORCIDs as `orcid:0000-…` (researchers), FundRef and ROR ids
 * bare (funders, organisations), with the scheme in `pidTypeField`. Other identifiers stay as
 * the file gives them (there is no one convention to follow).
 */
function catalogueForm(id: ImportedIdentifier): { reference: string; pidType: string | null } {
  const parsed = parseIdentifier(id.identifier, id.type);
  switch (parsed.scheme) {
    case 'orcid':
      return { reference: `orcid:${parsed.bare}`, pidType: 'orcid' };
    case 'fundref':
    case 'ror':
      return { reference: parsed.bare, pidType: parsed.scheme };
    default:
      return { reference: id.identifier, pidType: id.type };
  }
}

/** Something known by name only (a funder without identifier, RDA 1.1 example 9): a reference without id. */
const namedValue = (name: string | null): ImportValue | null =>
  name ? { text: name, reference: { label: name, reference: null, description: null, fields: [] } } : null;

const pidTypeField = (pidType: string | null): ReferenceDraft['fields'] =>
  pidType ? [{ code: 'pidTypeField', value: pidType }] : [];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A planning-service account id, as the exporter writes plan members (`type: other`, a UUID):
 * it names a user of one installation, not a researcher any catalogue knows.
 */
const isAccountId = (id: ImportedIdentifier) => (id.type === null || id.type === 'other') && UUID.test(id.identifier);

function languageValue(code: string | null): ImportValue | null {
  if (!code) return null;
  const rda = toRdaLanguage(code);
  return { text: rda ?? code, alternatives: [code, ...(rda ? [rda] : [])] };
}

/**
 * The person as a researcher reference: name, first identifier (ORCID when given) in catalogue
 * form. None for plan members (only account ids): they are users of the planning service, which
 * adds members by invitation, not by import. An `other` id that is just the person's name or
 * e-mail (how the exporter identifies people without one) is no reference.
 */
function personValue(person: ImportedPerson): ImportValue | null {
  if (!person.name) return null;
  if (person.ids.length > 0 && person.ids.every(isAccountId)) return null;
  const meaningful = person.ids.filter(
    (i) => !isAccountId(i) && i.identifier !== person.name && i.identifier !== person.mbox,
  );
  const id = meaningful.find((i) => parseIdentifier(i.identifier, i.type).scheme === 'orcid') ?? meaningful[0] ?? null;
  const catalogue = id ? catalogueForm(id) : null;
  return {
    text: person.name,
    reference: {
      label: person.name,
      reference: catalogue?.reference ?? null,
      description: null,
      fields: [
        ...pidTypeField(catalogue?.pidType ?? null),
        ...(person.mbox ? [{ code: 'primaryEmail', value: person.mbox }] : []),
      ],
    },
  };
}

function projectValue(project: ImportedProject): ImportValue | null {
  if (!project.title) return null;
  const fields = [
    ...(project.start ? [{ code: 'startDate', value: project.start }] : []),
    ...(project.end ? [{ code: 'endDate', value: project.end }] : []),
  ];
  return {
    text: project.title,
    reference: {
      label: project.title,
      reference: project.ids[0]?.identifier ?? null,
      description: project.description,
      fields,
    },
  };
}

function personRecord(person: ImportedPerson, prefix: 'rda.dmp.contact' | 'rda.dmp.contributor'): ImportRecord {
  const idKey = prefix === 'rda.dmp.contact' ? 'contact_id' : 'contributor_id';
  const id = person.ids.find((i) => !isAccountId(i)) ?? null;
  const record = new ImportRecord()
    .set(`${prefix}.name`, textValue(person.name))
    .set(`${prefix}.mbox`, textValue(person.mbox))
    .set(`${prefix}.${idKey}`, identifierValue(id, person.name))
    .set(`${prefix}.${idKey}.identifier`, textValue(id?.identifier))
    .set(`${prefix}.${idKey}.type`, textValue(id?.type));
  if (prefix === 'rda.dmp.contributor') {
    record
      .set(prefix, personValue(person))
      .set(`${prefix}.role`, listValue(person.roles, ', '))
      .setAll(`${prefix}.affiliation`, person.affiliations.map(affiliationValue));
  }
  return record;
}

/** Plan-level values: `rda.dmp.*`. */
export function dmpScope(dmp: ImportedDmp): ImportScope {
  const scalars = new ImportRecord()
    .set('rda.dmp.title', textValue(dmp.title))
    .set('rda.dmp.description', textValue(dmp.description))
    .set('rda.dmp.language', languageValue(dmp.language))
    .set('rda.dmp.created', dateValue(dmp.created?.toISOString()))
    .set('rda.dmp.modified', dateValue(dmp.modified?.toISOString()))
    .set('rda.dmp.dmp_id', identifierValue(dmp.dmpId))
    .set('rda.dmp.dmp_id.identifier', textValue(dmp.dmpId?.identifier))
    .set('rda.dmp.dmp_id.type', textValue(dmp.dmpId?.type))
    .set('rda.dmp.ethical_issues_exist', flagValue(dmp.ethicalIssuesExist))
    .set('rda.dmp.ethical_issues_description', textValue(dmp.ethicalIssuesDescription))
    .set('rda.dmp.ethical_issues_report', textValue(dmp.ethicalIssuesReport));
  if (dmp.contact) {
    const contact = personRecord(dmp.contact, 'rda.dmp.contact');
    for (const key of ['name', 'mbox', 'contact_id', 'contact_id.identifier', 'contact_id.type']) {
      scalars.setAll(`rda.dmp.contact.${key}`, contact.get(`rda.dmp.contact.${key}`));
    }
  }
  const groups = new Map<RdaGroup, ImportRecord[]>([
    ['rda.dmp.contributor', dmp.contributors.map((c) => personRecord(c, 'rda.dmp.contributor'))],
    [
      'rda.dmp.cost',
      dmp.costs.map((c) =>
        new ImportRecord()
          .set('rda.dmp.cost', textValue(c.title))
          .set('rda.dmp.cost.title', textValue(c.title))
          .set('rda.dmp.cost.description', textValue(c.description))
          .set('rda.dmp.cost.value', numberValue(c.value))
          .set('rda.dmp.cost.currency_code', textValue(c.currency)),
      ),
    ],
    ['rda.dmp.project', dmp.projects.map(projectRecord)],
  ]);
  return { scalars, groups };
}

/** A project with all its fundings (a repeated funder field takes them all). */
function projectRecord(project: ImportedProject): ImportRecord {
  const record = new ImportRecord()
    .set('rda.dmp.project', projectValue(project))
    .set('rda.dmp.project.title', textValue(project.title))
    .set('rda.dmp.project.description', textValue(project.description))
    .set('rda.dmp.project.start', dateValue(project.start))
    .set('rda.dmp.project.end', dateValue(project.end))
    .set('rda.dmp.project.project_id.identifier', textValue(project.ids[0]?.identifier))
    .set('rda.dmp.project.project_id.type', textValue(project.ids[0]?.type));
  for (const funding of project.fundings) {
    record
      .set(
        'rda.dmp.project.funding.funder_id',
        identifierValue(funding.funderId, funding.funderName) ?? namedValue(funding.funderName),
      )
      // A funder named without identifier (RDA example 9) is known by its name, so its grant survives.
      .set(
        'rda.dmp.project.funding.funder_id.identifier',
        textValue(funding.funderId?.identifier ?? funding.funderName),
      )
      .set('rda.dmp.project.funding.funder_id.type', textValue(funding.funderId?.type))
      .set('rda.dmp.project.funding.grant_id', identifierValue(funding.grantId))
      .set('rda.dmp.project.funding.grant_id.identifier', textValue(funding.grantId?.identifier))
      .set('rda.dmp.project.funding.grant_id.type', textValue(funding.grantId?.type))
      .set('rda.dmp.project.funding.funding_status', textValue(funding.status));
  }
  return record;
}

const D = 'rda.dataset';
const DIST = 'rda.dataset.distribution';

/** Dataset-level values: `rda.dataset.*`. */
export function datasetScope(dataset: ImportedDataset): ImportScope {
  const scalars = new ImportRecord()
    .set(`${D}.title`, textValue(dataset.title))
    .set(`${D}.description`, textValue(dataset.description))
    .set(`${D}.type`, textValue(dataset.type))
    .set(`${D}.dataset_id`, identifierValue(dataset.id))
    .set(`${D}.dataset_id.identifier`, identifierValue(dataset.id))
    .set(`${D}.dataset_id.type`, textValue(dataset.id?.type))
    .set(`${D}.personal_data`, flagValue(dataset.personalData))
    .set(`${D}.sensitive_data`, flagValue(dataset.sensitiveData))
    .set(`${D}.keyword`, listValue(dataset.keywords, ', '))
    .set(`${D}.issued`, dateValue(dataset.issued))
    .set(`${D}.language`, languageValue(dataset.language))
    .set(`${D}.preservation_statement`, textValue(dataset.preservationStatement))
    .set(`${D}.data_quality_assurance`, listValue(dataset.dataQualityAssurance, '\n'))
    .set(`${D}.is_reused`, flagValue(dataset.isReused === null ? null : dataset.isReused ? 'yes' : 'no'))
    .set(`${D}.rights`, textValue(dataset.rights));
  const groups = new Map<RdaGroup, ImportRecord[]>([
    [
      `${D}.security_and_privacy`,
      dataset.securityAndPrivacy.map((s) =>
        new ImportRecord()
          .set(`${D}.security_and_privacy`, textValue(s.description ?? s.title))
          .set(`${D}.security_and_privacy.title`, textValue(s.title))
          .set(`${D}.security_and_privacy.description`, textValue(s.description)),
      ),
    ],
    [
      `${D}.technical_resource`,
      dataset.technicalResources.map((t) =>
        new ImportRecord()
          .set(`${D}.technical_resource`, textValue(t.name))
          .set(`${D}.technical_resource.name`, textValue(t.name))
          .set(`${D}.technical_resource.description`, textValue(t.description)),
      ),
    ],
    [
      `${D}.metadata`,
      dataset.metadata.map((m) =>
        new ImportRecord()
          .set(`${D}.metadata.metadata_standard_id`, identifierValue(m.id))
          .set(`${D}.metadata.metadata_standard_id.identifier`, textValue(m.id?.identifier))
          .set(`${D}.metadata.metadata_standard_id.type`, textValue(m.id?.type))
          .set(`${D}.metadata.language`, languageValue(m.language))
          .set(`${D}.metadata.description`, textValue(m.description)),
      ),
    ],
    [
      DIST,
      dataset.distributions.map((d) => {
        const licenses = d.licenses.map((l) => ({
          text: l.ref,
          reference: {
            label: l.ref,
            reference: l.ref,
            description: null,
            fields: l.startDate ? [{ code: 'start_date', value: l.startDate }] : [],
          },
        }));
        const host = d.host;
        return new ImportRecord()
          .set(`${DIST}.exists`, flagValue('yes'))
          .set(`${DIST}.title`, textValue(d.title))
          .set(`${DIST}.description`, textValue(d.description))
          .set(`${DIST}.data_access`, textValue(d.dataAccess))
          .set(`${DIST}.access_url`, textValue(d.accessUrl))
          .set(`${DIST}.download_url`, textValue(d.downloadUrl))
          .set(`${DIST}.byte_size`, numberValue(d.byteSize))
          .set(`${DIST}.format`, listValue(d.formats, ', '))
          .set(`${DIST}.available_until`, dateValue(d.availableUntil))
          .set(`${DIST}.issued`, dateValue(d.issued))
          .setAll(`${DIST}.license`, licenses)
          .setAll(`${DIST}.license.license_ref`, licenses)
          .set(`${DIST}.license.start_date`, dateValue(d.licenses[0]?.startDate))
          .set(
            `${DIST}.host.title`,
            host?.title ? { text: host.title, reference: hostReference(host.title, host.url) } : null,
          )
          .set(`${DIST}.host.url`, textValue(host?.url))
          .set(`${DIST}.host.host_id`, identifierValue(host?.id ?? null))
          .set(`${DIST}.host.host_id.identifier`, textValue(host?.id?.identifier))
          .set(`${DIST}.host.host_id.type`, textValue(host?.id?.type))
          .set(`${DIST}.host.description`, textValue(host?.description))
          .set(`${DIST}.host.geo_location`, textValue(host?.geoLocation))
          .set(`${DIST}.host.certified_with`, textValue(host?.certifiedWith))
          .set(`${DIST}.host.pid_system`, listValue(host?.pidSystems ?? [], ', '))
          .set(`${DIST}.host.support_versioning`, flagValue(host?.supportVersioning ?? null))
          .set(`${DIST}.host.supports_versioning`, flagValue(host?.supportVersioning ?? null))
          .set(`${DIST}.host.backup_type`, textValue(host?.backupType))
          .set(`${DIST}.host.backup_frequency`, textValue(host?.backupFrequency))
          .set(`${DIST}.host.availability`, textValue(host?.availability))
          .set(`${DIST}.host.storage_type`, textValue(host?.storageType));
      }),
    ],
  ]);
  return { scalars, groups };
}

const hostReference = (title: string, url: string | null): ReferenceDraft => ({
  label: title,
  reference: url,
  description: null,
  fields: [],
});

/** Every licence of every distribution, once (for a plan-level licences field). */
export function allLicenses(datasets: ImportedDataset[]): ImportValue[] {
  const refs = [
    ...new Set(datasets.flatMap((d) => d.distributions.flatMap((dist) => dist.licenses.map((l) => l.ref)))),
  ];
  return refs.map((ref) => ({ text: ref, reference: { label: ref, reference: ref, description: null, fields: [] } }));
}

/**
 * The contact's affiliations, once each (for a plan-level organisations field, which exports give
 * the contact). A contributor's affiliations are theirs: `rda.dmp.contributor.affiliation`.
 */
export function contactAffiliations(dmp: ImportedDmp): ImportValue[] {
  const seen = new Set<string>();
  return (dmp.contact?.affiliations ?? []).filter((a) => !seen.has(a.name) && seen.add(a.name)).map(affiliationValue);
}

/** An organisation as a reference in the catalogues' form (a ROR id bare, its scheme beside it). */
function affiliationValue(affiliation: ImportedAffiliation): ImportValue {
  const catalogue = affiliation.id ? catalogueForm(affiliation.id) : null;
  return {
    text: affiliation.name,
    reference: {
      label: affiliation.name,
      reference: catalogue?.reference ?? null,
      description: null,
      fields: pidTypeField(catalogue?.pidType ?? null),
    },
  };
}
