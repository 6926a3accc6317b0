/**
 * The round-trip measure: a maDMP's standard leaves (every non-empty value under a key the 1.2
 * schema defines, by its path with array positions dropped) and, after import -> export, which
 * of them came back (kept), came back in the form the standard or the planning service holds
 * (normalised, with the reason), or did not come back at all (lost).
 */
import { htmlToPlainText } from '../../src/document/html';
import { dayOfText, instantOfText } from '../../src/formats/rda/dates';
import { asUrl, parseIdentifier } from '../../src/formats/rda/identifiers';
import { toContributorRole, toDataAccess, toYesNoUnknown } from '../../src/formats/rda/vocabulary';
import { readPackageJson } from '../../src/paths';

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  $defs?: Record<string, Schema>;
};
const schema12 = readPackageJson<Schema>('schemas/rda/maDMP-schema-1.2.json');

const resolve = (s: Schema): Schema => (s.$ref ? resolve(schema12.$defs![s.$ref.replace('#/$defs/', '')]) : s);

/** Schema branches a value may follow (`oneOf` object-or-array identifiers). */
const branches = (s: Schema): Schema[] => {
  const r = resolve(s);
  return r.oneOf ? r.oneOf.flatMap(branches) : [r];
};

type Scalar = string | number | boolean;

interface Leaf {
  path: string;
  key: string;
  raw: Scalar;
  /** `path=value`, the value as a reader takes it (see normalise). */
  text: string;
  /** For an identifier's `type`: the identifier beside it. */
  identifier?: string;
}

function leavesOf(document: unknown): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (value: unknown, schemas: Schema[], at: string, key: string, identifier?: string) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) {
      const itemSchemas = schemas.flatMap((s) => (s.items ? branches(s.items) : []));
      const wantsArray = schemas.some((s) => s.items);
      for (const item of value) walk(item, wantsArray ? itemSchemas : schemas, at, key);
      return;
    }
    if (typeof value === 'object') {
      const object = value as Record<string, unknown>;
      // An identifier object without identifier (`{"identifier": "", "type": "fundref"}`) says nothing.
      if ('identifier' in object && object.identifier === '') return;
      const id = typeof object.identifier === 'string' ? object.identifier : undefined;
      for (const [k, v] of Object.entries(object)) {
        const child = schemas.flatMap((s) => (s.properties?.[k] ? branches(s.properties[k]) : []));
        if (child.length > 0) walk(v, child, `${at}/${k}`, k, k === 'type' ? id : undefined);
      }
      return;
    }
    // A scalar where the schema wants an object or array (1.1 ex9's string `project_id`) is no standard leaf.
    if (schemas.every((s) => s.properties || s.items)) return;
    const raw = value as Scalar;
    leaves.push({ path: at, key, raw, text: `${at}=${normalise(key, raw)}`, identifier });
  };
  walk(document, branches(schema12), '', '');
  return leaves;
}

/**
 * `path=value` for every non-empty leaf under keys the 1.2 schema defines, array positions
 * dropped. Values are compared as a reader would: identifiers by their bare form (URL or not),
 * timestamps to the second, text with whitespace collapsed.
 */
export function standardLeaves(document: unknown): string[] {
  return leavesOf(document).map((leaf) => leaf.text);
}

const DATE_KEYS = new Set(['start', 'end', 'issued', 'available_until', 'start_date']);
const FLAG_KEYS = new Set(['personal_data', 'sensitive_data', 'ethical_issues_exist', 'support_versioning']);

/**
 * A leaf's value as a reader takes it: the instant or day a date names in whatever form, plain
 * text of HTML, an e-mail without `mailto:`, the yes/no/unknown a word means, identifiers and
 * links by their bare form (`zenodo.org` is https://zenodo.org). So a value read right and
 * written in the standard's form counts as kept.
 */
function normalise(key: string, value: Scalar): string {
  if (key === 'created' || key === 'modified') {
    const instant = instantOfText(typeof value === 'boolean' ? '' : value);
    return instant ? String(Math.floor(instant.getTime() / 1000)) : String(value);
  }
  if (key === 'is_reused' && typeof value === 'string')
    return String({ reused: true, produced: false, yes: true, no: false }[value.toLowerCase()] ?? value);
  if (typeof value !== 'string') return String(value);
  const trimmed = value.replace(/\s+/g, ' ').trim();
  if (DATE_KEYS.has(key)) return dayOfText(trimmed) ?? trimmed;
  if (FLAG_KEYS.has(key)) return toYesNoUnknown([trimmed]) ?? trimmed;
  if (key === 'mbox') return trimmed.replace(/^mailto:/i, '');
  if (key === 'identifier' || key === 'license_ref' || key === 'url')
    return parseIdentifier(key === 'url' ? asUrl(trimmed) : trimmed)
      .bare.replace(/\/+$/, '')
      .toLowerCase();
  return /<[a-z]/i.test(trimmed) ? htmlToPlainText(trimmed).replace(/\s+/g, ' ') : trimmed;
}

/** Why a leaf comes back in another form or place: deliberate, each documented. */
export const NORMALISATIONS = {
  contact:
    'a second contact, or one without e-mail: RDA has one contact, with the e-mail it requires; the others are contributors with role ContactPerson',
  role: 'a role written as the DataCite contributorType RDA 1.2 recommends (data steward -> DataManager, a CRediT URI -> its type)',
  access: 'an access word outside open/shared/closed, written as the one it means (restricted, a login -> shared)',
  type: 'an identifier type taken from the identifier itself (a doi.org URL is a doi, a FundRef DOI is fundref)',
  localId:
    "another tool's internal id for a person (a UUID of type other), which identifies no one outside it; the person comes back with their e-mail or name",
} as const;
export type Normalisation = keyof typeof NORMALISATIONS;

export interface LeafComparison {
  total: number;
  kept: string[];
  normalised: { leaf: string; reason: Normalisation }[];
  lost: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `before`'s leaves found in `after` (as a multiset: a value twice must come back twice), those
 * that came back normalised (each rule finds the form it writes, and uses it up), and the rest.
 */
export function compareLeaves(before: unknown, after: unknown): LeafComparison {
  const available = new Map<string, number>();
  for (const leaf of standardLeaves(after)) available.set(leaf, (available.get(leaf) ?? 0) + 1);
  const take = (text: string) => {
    const left = available.get(text) ?? 0;
    if (left > 0) available.set(text, left - 1);
    return left > 0;
  };
  const leaves = leavesOf(before);
  const kept: string[] = [];
  const missing: Leaf[] = [];
  for (const leaf of leaves) {
    if (take(leaf.text)) kept.push(leaf.text);
    else missing.push(leaf);
  }

  const rules: [Normalisation, (leaf: Leaf) => boolean][] = [
    [
      'contact',
      (leaf) =>
        leaf.path.startsWith('/dmp/contact/') &&
        take(
          `${leaf.path.replace('/dmp/contact/', '/dmp/contributor/').replace('/contact_id/', '/contributor_id/')}=${normalise(leaf.key, leaf.raw)}`,
        ),
    ],
    ['role', (leaf) => leaf.key === 'role' && take(`${leaf.path}=${toContributorRole(String(leaf.raw))}`)],
    [
      'access',
      (leaf) => {
        const access = leaf.key === 'data_access' ? toDataAccess([String(leaf.raw)]) : null;
        return access !== null && take(`${leaf.path}=${access}`);
      },
    ],
    [
      'type',
      (leaf) =>
        leaf.key === 'type' &&
        leaf.identifier !== undefined &&
        take(`${leaf.path}=${parseIdentifier(leaf.identifier, String(leaf.raw)).scheme}`),
    ],
    [
      'localId',
      (leaf) => /\/(?:contact|contributor|creator)_id\/identifier$/.test(leaf.path) && UUID.test(String(leaf.raw)),
    ],
  ];
  const normalised: LeafComparison['normalised'] = [];
  const lost: string[] = [];
  for (const leaf of missing) {
    const rule = rules.find(([, applies]) => applies(leaf));
    if (rule) normalised.push({ leaf: leaf.text, reason: rule[0] });
    else lost.push(leaf.text);
  }
  return { total: leaves.length, kept, normalised, lost };
}
