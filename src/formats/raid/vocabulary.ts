/**
 * The controlled lists of the RAiD metadata schema 1.6.3 (metadata.raid.org, core), each with the
 * IRI a RAiD record carries and the words people type or pick for it. schemas/raid/ holds the
 * same lists as enums (a test keeps the two equal); the mapper writes a vocabulary value only
 * after `termOf` placed it, so every IRI in an export is one of these.
 */

export interface Term {
  /** The IRI the record carries, e.g. `https://vocabulary.raid.org/title.type.id/380`. */
  id: string;
  /** The documentation's name for it, e.g. "Primary". */
  label: string;
  /** Other spellings that stand for it (OpenCDMP's Java enum names, short forms). */
  aliases?: readonly string[];
}

export interface Vocabulary {
  /** The `schemaUri` that goes with every id of the list. */
  schemaUri: string;
  terms: readonly Term[];
}

const raidIri = (list: string) => (suffix: number) => `https://vocabulary.raid.org/${list}/${suffix}`;

/**
 * IRIs of earlier RAiD versions (records the RAiD service wrote before 1.6), read as the 1.6.3
 * term they became so older files import; exports always write the 1.6.3 IRIs.
 */
const LEGACY = {
  titleType: raidIri('title.type.schema'),
  descriptionType: raidIri('description.type.schema'),
  access: (name: string) => `https://github.com/au-research/raid-metadata/blob/main/scheme/access/type/v1/${name}.json`,
};

const titleType = raidIri('title.type.id');
export const TITLE_TYPE: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/title.type.schema/376',
  terms: [
    { id: titleType(380), label: 'Primary', aliases: [LEGACY.titleType(5)] },
    { id: titleType(381), label: 'Short' },
    { id: titleType(378), label: 'Acronym' },
    { id: titleType(379), label: 'Alternative', aliases: ['Subtitle', LEGACY.titleType(4)] },
  ],
};

const descriptionType = raidIri('description.type.id');
export const DESCRIPTION_TYPE: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/description.type.schema/320',
  terms: [
    { id: descriptionType(326), label: 'Primary', aliases: ['Abstract', LEGACY.descriptionType(318)] },
    { id: descriptionType(321), label: 'Alternative', aliases: [LEGACY.descriptionType(319)] },
    { id: descriptionType(322), label: 'Brief' },
    { id: descriptionType(327), label: 'Significance Statement' },
    { id: descriptionType(323), label: 'Methods' },
    { id: descriptionType(324), label: 'Objectives' },
    { id: descriptionType(392), label: 'Acknowledgements', aliases: ['Acknowledgments'] },
    { id: descriptionType(325), label: 'Other', aliases: ['Note'] },
  ],
};

const position = raidIri('contributor.position.schema');
export const CONTRIBUTOR_POSITION: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/contributor.position.schema/305',
  terms: [
    {
      id: position(307),
      label: 'Principal or Chief Investigator',
      aliases: ['Principal Investigator', 'Chief Investigator', 'PI', 'Leader', 'Lead Investigator'],
    },
    { id: position(308), label: 'Co-investigator or Collaborator', aliases: ['Co-investigator', 'Collaborator'] },
    { id: position(309), label: 'Partner Investigator' },
    { id: position(310), label: 'Consultant' },
    { id: position(311), label: 'Other Participant', aliases: ['Other', 'Member'] },
  ],
};

const credit = (slug: string, label: string, aliases?: string[]): Term => ({
  id: `https://credit.niso.org/contributor-roles/${slug}/`,
  label,
  ...(aliases && { aliases }),
});
/** CRediT, the only role vocabulary RAiD 1.6 allows. */
export const CONTRIBUTOR_ROLE: Vocabulary = {
  schemaUri: 'https://credit.niso.org/',
  terms: [
    credit('conceptualization', 'Conceptualization', ['Conceptualisation']),
    credit('data-curation', 'Data curation'),
    credit('formal-analysis', 'Formal analysis'),
    credit('funding-acquisition', 'Funding acquisition'),
    credit('investigation', 'Investigation'),
    credit('methodology', 'Methodology'),
    credit('project-administration', 'Project administration'),
    credit('resources', 'Resources'),
    credit('software', 'Software'),
    credit('supervision', 'Supervision'),
    credit('validation', 'Validation'),
    credit('visualization', 'Visualization', ['Visualisation']),
    credit('writing-original-draft', 'Writing – original draft', ['Writing original draft']),
    credit('writing-review-editing', 'Writing – review & editing', ['Writing review editing']),
  ],
};

const organisationRole = raidIri('organisation.role.schema');
export const ORGANISATION_ROLE: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/organisation.role.schema/359',
  terms: [
    { id: organisationRole(182), label: 'Lead Research Organisation', aliases: ['Lead Research Organization'] },
    { id: organisationRole(183), label: 'Other Research Organisation', aliases: ['Other Research Organization'] },
    { id: organisationRole(184), label: 'Partner Organisation', aliases: ['Partner Organization', 'Partner'] },
    { id: organisationRole(185), label: 'Contractor' },
    { id: organisationRole(186), label: 'Funder' },
    { id: organisationRole(187), label: 'Facility' },
    { id: organisationRole(188), label: 'Other Organisation', aliases: ['Other Organization', 'Other'] },
  ],
};

const objectType = raidIri('relatedObject.type.schema');
export const RELATED_OBJECT_TYPE: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/relatedObject.type.schema/329',
  terms: [
    { id: objectType(273), label: 'Audiovisual' },
    { id: objectType(258), label: 'Book' },
    { id: objectType(271), label: 'Book Chapter' },
    { id: objectType(256), label: 'Computational Notebook' },
    { id: objectType(264), label: 'Conference Paper' },
    { id: objectType(248), label: 'Conference Poster' },
    { id: objectType(262), label: 'Conference Proceeding' },
    { id: objectType(255), label: 'Data Paper' },
    { id: objectType(269), label: 'Dataset' },
    { id: objectType(253), label: 'Dissertation' },
    { id: objectType(260), label: 'Event' },
    { id: objectType(272), label: 'Funding', aliases: ['Grant'] },
    { id: objectType(257), label: 'Image' },
    { id: objectType(266), label: 'Instrument' },
    { id: objectType(250), label: 'Journal Article' },
    { id: objectType(267), label: 'Learning Object' },
    { id: objectType(263), label: 'Model' },
    { id: objectType(247), label: 'Output Management Plan', aliases: ['Data Management Plan', 'DMP'] },
    { id: objectType(270), label: 'Physical Object' },
    { id: objectType(254), label: 'Preprint' },
    { id: objectType(268), label: 'Prize' },
    { id: objectType(252), label: 'Report' },
    { id: objectType(274), label: 'Service' },
    { id: objectType(259), label: 'Software' },
    { id: objectType(261), label: 'Sound' },
    { id: objectType(251), label: 'Standard' },
    { id: objectType(265), label: 'Text' },
    { id: objectType(249), label: 'Workflow' },
  ],
};

const category = raidIri('relatedObject.category.id');
export const RELATED_OBJECT_CATEGORY: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/relatedObject.category.schema/385',
  terms: [
    { id: category(191), label: 'Input' },
    { id: category(192), label: 'Internal process document or artefact', aliases: ['Internal', 'Process document'] },
    { id: category(190), label: 'Output' },
  ],
};

const raidRelation = raidIri('relatedRaid.type.schema');
export const RELATED_RAID_TYPE: Vocabulary = {
  schemaUri: 'https://vocabulary.raid.org/relatedRaid.type.schema/367',
  terms: [
    { id: raidRelation(204), label: 'Continues' },
    { id: raidRelation(203), label: 'IsContinuedBy' },
    { id: raidRelation(201), label: 'HasPart' },
    { id: raidRelation(202), label: 'IsPartOf' },
    { id: raidRelation(199), label: 'IsSourceOf' },
    { id: raidRelation(200), label: 'IsDerivedFrom' },
    { id: raidRelation(198), label: 'Obsoletes' },
    { id: raidRelation(205), label: 'IsObsoletedBy' },
  ],
};

/** RAiD allows only these two of the COAR access rights (no closed or restricted RAiDs). */
export const ACCESS_TYPE: Vocabulary = {
  schemaUri: 'https://vocabularies.coar-repositories.org/access_rights/',
  terms: [
    {
      id: 'https://vocabularies.coar-repositories.org/access_rights/c_abf2/',
      label: 'Open access',
      aliases: ['Open', 'Public', LEGACY.access('open')],
    },
    {
      id: 'https://vocabularies.coar-repositories.org/access_rights/c_f1cf/',
      label: 'Embargoed access',
      aliases: ['Embargoed', 'Embargo', LEGACY.access('embargoed')],
    },
  ],
};

export const OPEN_ACCESS = ACCESS_TYPE.terms[0].id;
export const EMBARGOED_ACCESS = ACCESS_TYPE.terms[1].id;
export const PRIMARY_TITLE = TITLE_TYPE.terms[0].id;
export const ALTERNATIVE_TITLE = TITLE_TYPE.terms[3].id;
export const PRIMARY_DESCRIPTION = DESCRIPTION_TYPE.terms[0].id;
export const ALTERNATIVE_DESCRIPTION = DESCRIPTION_TYPE.terms[1].id;
export const PRINCIPAL_INVESTIGATOR = CONTRIBUTOR_POSITION.terms[0].id;
export const OTHER_PARTICIPANT = CONTRIBUTOR_POSITION.terms[4].id;
export const LEAD_RESEARCH_ORGANISATION = ORGANISATION_ROLE.terms[0].id;
export const OTHER_RESEARCH_ORGANISATION = ORGANISATION_ROLE.terms[1].id;
export const FUNDER_ORGANISATION = ORGANISATION_ROLE.terms[4].id;

/** The identifier, language and scheme URIs RAiD 1.6.3 allows (closed lists of one or a few). */
export const SCHEMA_URI = {
  raid: 'https://raid.org/',
  ror: 'https://ror.org/',
  orcid: 'https://orcid.org/',
  isni: 'https://isni.org/',
  language: 'https://www.iso.org/standard/74575.html',
  doi: 'https://doi.org/',
} as const;

/** identifier.license: the closed list has one entry. */
export const RAID_LICENSE = 'Creative Commons CC-0';

/**
 * relatedObject.schemaUri: the 1.6.3 list, plus `https://doi.org/` (what the RAiD service's own
 * validator requires for DOIs; the documentation writes `http://doi.org/`).
 */
export const RELATED_OBJECT_SCHEMA_URIS = [
  'https://doi.org/',
  'http://doi.org/',
  'https://arks.org/',
  'http://hdl.handle.net/',
  'https://www.isbn-international.org/',
  'https://scicrunch.org/resolver/',
  'https://archive.org/',
] as const;

/** Lower case, letters and digits only: "Open access", "OpenAccess" and "open-access" are one key. */
const keyOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Scheme, `www.` and trailing slash do not matter when an IRI is matched. */
const iriKeyOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, '')
    .replace(/\/+$/, '');

const lookups = new WeakMap<Vocabulary, { byIri: Map<string, Term>; byWord: Map<string, Term> }>();

function lookupOf(vocabulary: Vocabulary) {
  let lookup = lookups.get(vocabulary);
  if (!lookup) {
    const byIri = new Map(vocabulary.terms.map((t) => [iriKeyOf(t.id), t]));
    const byWord = new Map<string, Term>();
    for (const term of vocabulary.terms)
      for (const word of [term.label, ...(term.aliases ?? [])]) byWord.set(keyOf(word), term);
    lookup = { byIri, byWord };
    lookups.set(vocabulary, lookup);
  }
  return lookup;
}

/** The term among `candidates` (an option's value, its label, typed text), or null. */
export function termOf(vocabulary: Vocabulary, candidates: readonly string[]): Term | null {
  const { byIri, byWord } = lookupOf(vocabulary);
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue;
    const term = byIri.get(iriKeyOf(candidate)) ?? byWord.get(keyOf(candidate));
    if (term) return term;
  }
  return null;
}

/** The documented name of a vocabulary id (for messages), or the id itself. */
export const labelOf = (vocabulary: Vocabulary, id: string): string =>
  vocabulary.terms.find((t) => t.id === id)?.label ?? id;
