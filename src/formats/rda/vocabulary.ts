/**
 * Controlled values of the RDA DMP Common Standard and how planning-service words map onto them.
 * Each normaliser returns null for a value it cannot place, so callers can fall back or warn.
 */
import type { PlanUserRole } from '../../contract/model';
import { vocabulary } from './schemas';
import { lookupTable } from '../../lookup';

/**
 * ISO 639-1 -> ISO 639-2/T, exactly the 3-letter list of the schemas (which despite its label is
 * not ISO 639-3: it is the T-codes of the 2-letter languages, plus `bih` and `hbs`).
 */
const ISO_639_1_TO_2T: Readonly<Record<string, string>> = lookupTable(
  (
    'aa aar ab abk ae ave af afr ak aka am amh an arg ar ara as asm av ava ay aym az aze ba bak be bel bg bul ' +
    'bh bih bi bis bm bam bn ben bo bod br bre bs bos ca cat ce che ch cha co cos cr cre cs ces cu chu cv chv ' +
    'cy cym da dan de deu dv div dz dzo ee ewe el ell en eng eo epo es spa et est eu eus fa fas ff ful fi fin ' +
    'fj fij fo fao fr fra fy fry ga gle gd gla gl glg gn grn gu guj gv glv ha hau he heb hi hin ho hmo hr hrv ' +
    'ht hat hu hun hy hye hz her ia ina id ind ie ile ig ibo ii iii ik ipk io ido is isl it ita iu iku ja jpn ' +
    'jv jav ka kat kg kon ki kik kj kua kk kaz kl kal km khm kn kan ko kor kr kau ks kas ku kur kv kom kw cor ' +
    'ky kir la lat lb ltz lg lug li lim ln lin lo lao lt lit lu lub lv lav mg mlg mh mah mi mri mk mkd ml mal ' +
    'mn mon mr mar ms msa mt mlt my mya na nau nb nob nd nde ne nep ng ndo nl nld nn nno no nor nr nbl nv nav ' +
    'ny nya oc oci oj oji om orm or ori os oss pa pan pi pli pl pol ps pus pt por qu que rm roh rn run ro ron ' +
    'ru rus rw kin sa san sc srd sd snd se sme sg sag sh hbs si sin sk slk sl slv sm smo sn sna so som sq sqi ' +
    'sr srp ss ssw st sot su sun sv swe sw swa ta tam te tel tg tgk th tha ti tir tk tuk tl tgl tn tsn to ton ' +
    'tr tur ts tso tt tat tw twi ty tah ug uig uk ukr ur urd uz uzb ve ven vi vie vo vol wa wln wo wol xh xho ' +
    'yi yid yo yor za zha zh zho zu zul'
  )
    .split(' ')
    .flatMap((code, index, all) => (index % 2 === 0 ? [[code, all[index + 1]] as const] : [])),
);

/** ISO 639-2/B codes some tools emit instead of the T codes the schemas require. */
const ISO_639_2B_TO_2T: Readonly<Record<string, string>> = lookupTable({
  alb: 'sqi',
  arm: 'hye',
  baq: 'eus',
  bur: 'mya',
  chi: 'zho',
  cze: 'ces',
  dut: 'nld',
  fre: 'fra',
  geo: 'kat',
  ger: 'deu',
  gre: 'ell',
  ice: 'isl',
  mac: 'mkd',
  mao: 'mri',
  may: 'msa',
  per: 'fas',
  rum: 'ron',
  slo: 'slk',
  tib: 'bod',
  wel: 'cym',
});

const ISO_639_2T_TO_1: Readonly<Record<string, string>> = lookupTable(
  Object.entries(ISO_639_1_TO_2T).map(([two, three]) => [three, two] as const),
);

/** Every pair of the table, for tests that check it against the schemas. */
export const LANGUAGE_TABLE: readonly (readonly [string, string])[] = Object.entries(ISO_639_1_TO_2T);

/**
 * A language as the schemas spell it (`deu`), from what planning services store: ISO 639-1
 * (`de`), a locale (`de-CH`, `de_CH`), or already a 3-letter T or B code. Null when unknown.
 */
export function toRdaLanguage(code: string | null | undefined): string | null {
  const lower = code?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const three = lower.length === 2 ? ISO_639_1_TO_2T[lower] : (ISO_639_2B_TO_2T[lower] ?? lower);
  return three && vocabulary('LanguageCode').has(three) ? three : null;
}

/** The planning service's ISO 639-1 code for an RDA (or B-code, or 2-letter) language. */
export function toIso6391(code: string | null | undefined): string | null {
  const three = toRdaLanguage(code);
  return three ? (ISO_639_2T_TO_1[three] ?? null) : null;
}

export type YesNoUnknown = 'yes' | 'no' | 'unknown';

const YES = new Set(['yes', 'y', 'true', '1', 'ja', 'oui', 'si', 'sí', 'ναι']);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non', 'όχι', 'none']);
const UNKNOWN = new Set([
  'unknown',
  'not known',
  'not yet known',
  "don't know",
  'dont know',
  'do not know',
  'i do not know',
  "i don't know",
  'not sure',
  'unsure',
  'n/a',
  'na',
  'tbd',
  'maybe',
  'unclear',
  'undecided',
]);

/** yes/no/unknown from answers like "Yes", true, "Yes, personal data" or "Not yet known". */
export function toYesNoUnknown(candidates: readonly string[]): YesNoUnknown | null {
  for (const candidate of candidates) {
    const word = candidate.trim().toLowerCase();
    if (YES.has(word)) return 'yes';
    if (NO.has(word)) return 'no';
    if (UNKNOWN.has(word)) return 'unknown';
    const first = word.split(/[\s,.;:!]+/)[0];
    if (YES.has(first)) return 'yes';
    if (NO.has(first)) return 'no';
  }
  return null;
}

export type DataAccess = 'open' | 'shared' | 'closed';

/**
 * open/shared/closed from common access words. Embargoed data counts as closed until released
 * (the standard models an embargo as a licence starting later); restricted or on-request as shared.
 */
const DATA_ACCESS_WORDS: Readonly<Record<string, DataAccess>> = lookupTable({
  open: 'open',
  'open access': 'open',
  public: 'open',
  openaccess: 'open',
  free: 'open',
  shared: 'shared',
  restricted: 'shared',
  'restricted access': 'shared',
  'on request': 'shared',
  'upon request': 'shared',
  controlled: 'shared',
  'controlled access': 'shared',
  'shared on request': 'shared',
  registered: 'shared',
  closed: 'closed',
  'closed access': 'closed',
  private: 'closed',
  embargoed: 'closed',
  embargo: 'closed',
  'embargoed access': 'closed',
  none: 'closed',
  confidential: 'closed',
});

/**
 * Access behind a login (an AAI such as ELIXIR AAI or eduGAIN, single sign-on, an account):
 * the data is shared with whoever may log in, not open to all.
 */
const LOGIN =
  /\b(?:aai|login|log in|sign in|single sign on|sso|shibboleth|edugain|authenticat\w*|account|registration)\b/;
/** "No login needed" names a login and means the opposite. */
const NEGATION = /\b(?:no|not|without|never|none)\b/;

export function toDataAccess(candidates: readonly string[]): DataAccess | null {
  for (const candidate of candidates) {
    const word = candidate.trim().toLowerCase().replace(/[_-]+/g, ' ');
    const access = DATA_ACCESS_WORDS[word] ?? DATA_ACCESS_WORDS[word.split(/[\s,(]+/)[0]];
    if (access) return access;
    if (LOGIN.test(word) && !NEGATION.test(word)) return 'shared';
  }
  return null;
}

/**
 * Plan members published as contributors, with their DataCite contributorType. Only data
 * stewards: their job is the plan's data management, which a reader of the plan needs to reach.
 * Owners are the contact when no contact is named; viewers, reviewers and description
 * contributors are access rights in the planning service, not roles in the research.
 */
export const MEMBER_CONTRIBUTOR_ROLES: Readonly<Partial<Record<PlanUserRole, string>>> = {
  dataSteward: 'DataManager',
};

/** DataCite 4.x contributorType, the roles RDA 1.2 recommends. */
const DATACITE_CONTRIBUTOR_TYPES = [
  'ContactPerson',
  'DataCollector',
  'DataCurator',
  'DataManager',
  'Distributor',
  'Editor',
  'HostingInstitution',
  'Producer',
  'ProjectLeader',
  'ProjectManager',
  'ProjectMember',
  'RegistrationAgency',
  'RegistrationAuthority',
  'RelatedPerson',
  'Researcher',
  'ResearchGroup',
  'RightsHolder',
  'Sponsor',
  'Supervisor',
  'WorkPackageLeader',
  'Other',
];

const compactRole = (role: string) => role.toLowerCase().replace(/[^a-z]/g, '');

/** Words tools and people use for roles (DSW phrases, CRediT URIs, OpenCDMP names), compacted. */
const ROLE_SYNONYMS: Readonly<Record<string, string>> = lookupTable({
  ...Object.fromEntries(DATACITE_CONTRIBUTOR_TYPES.map((t) => [compactRole(t), t])),
  datasteward: 'DataManager',
  datamanagement: 'DataManager',
  contact: 'ContactPerson',
  principalinvestigator: 'ProjectLeader',
  pi: 'ProjectLeader',
  projectcoordinator: 'ProjectManager',
  coordinator: 'ProjectManager',
  member: 'ProjectMember',
  creatorofdmp: 'Other',
  curator: 'DataCurator',
  datacuration: 'DataCurator',
  investigation: 'Researcher',
  supervision: 'Supervisor',
  projectadministration: 'ProjectManager',
  resources: 'HostingInstitution',
});

/**
 * A role as DataCite names it where one fits (`data steward` -> DataManager, a CRediT URI's last
 * segment `data-curation` -> DataCurator), else as given.
 */
export function toContributorRole(role: string): string {
  const trimmed = role.trim();
  const lastSegment = /^https?:\/\//i.test(trimmed)
    ? (trimmed.replace(/\/+$/, '').split('/').pop() ?? trimmed)
    : trimmed;
  return ROLE_SYNONYMS[compactRole(lastSegment)] ?? trimmed;
}

/** The role given to people listed in a researchers field. */
export const RESEARCHER_ROLE = 'Researcher';

/** The role of a plan's contact persons other than the one RDA's `contact` names. */
export const CONTACT_PERSON_ROLE = 'ContactPerson';

export const FUNDING_STATUSES = ['planned', 'applied', 'granted', 'rejected'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

const FUNDING_STATUS_WORDS: Readonly<Record<string, FundingStatus>> = lookupTable({
  planned: 'planned',
  applied: 'applied',
  submitted: 'applied',
  pending: 'applied',
  granted: 'granted',
  funded: 'granted',
  awarded: 'granted',
  approved: 'granted',
  rejected: 'rejected',
  denied: 'rejected',
  declined: 'rejected',
});

export function toFundingStatus(candidates: readonly string[]): FundingStatus | null {
  for (const candidate of candidates) {
    const status = FUNDING_STATUS_WORDS[candidate.trim().toLowerCase()];
    if (status) return status;
  }
  return null;
}

/** An upper-case currency from the schemas' (dated) ISO 4217 list, or null. */
export function toCurrency(code: string | null | undefined): string | null {
  const upper = code?.trim().toUpperCase() ?? '';
  return vocabulary('CurrencyCode').has(upper) ? upper : null;
}

/** An ISO 3166-1 alpha-2 country from the schemas' list (`UK` -> `GB`), or null. */
export function toCountry(code: string | null | undefined): string | null {
  const upper = code?.trim().toUpperCase() ?? '';
  const country = upper === 'UK' ? 'GB' : upper;
  return vocabulary('CountryCode').has(country) ? country : null;
}

/** `coretrustseal` from "CoreTrustSeal", "Core Trust Seal", "ISO 16363"… or null. */
export function toCertification(candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    const compact = candidate
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '');
    const known = [...vocabulary('Certification')].find((c) => c.replace(/-/g, '') === compact.replace(/-/g, ''));
    if (known) return known;
  }
  return null;
}

/** The PID systems among `candidates`, lower case, without repeats. */
export function toPidSystems(candidates: readonly string[]): string[] {
  const known = vocabulary('PIDSystemType');
  return [...new Set(candidates.map((c) => c.trim().toLowerCase()).filter((c) => known.has(c)))];
}
