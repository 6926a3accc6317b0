/**
 * Reads an uploaded RAiD metadata record liberally: what our export writes, what the RAiD API
 * answers (`RaidDto`, with `raidAgencyUrl` and the extended blocks, which are ignored), a list of
 * them (the first is read), vocabulary values as IRIs of any RAiD version. Files that are not
 * JSON, not RAiD, or too large are 4xx errors naming the problem.
 */
import { badRequest } from '../../../errors';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** `{id, schemaUri}` of a vocabulary block, as text. */
const ref = (value: unknown) => ({
  id: isObject(value) ? text(value.id) : null,
  schemaUri: isObject(value) ? text(value.schemaUri) : null,
});

export interface ImportedTitle {
  text: string;
  type: { id: string | null; schemaUri: string | null };
  language: { id: string | null; schemaUri: string | null };
  startDate: string | null;
  endDate: string | null;
}

export interface ImportedDescription {
  text: string;
  type: { id: string | null; schemaUri: string | null };
  language: { id: string | null; schemaUri: string | null };
}

/** The record's values by `raid.*` key (identifier, date, access), as the file gives them. */
export interface ImportedRaid {
  singles: Map<string, string>;
  titles: ImportedTitle[];
  descriptions: ImportedDescription[];
}

/** The record object: the root, or the first of a list (the RAiD API's list answer). */
function recordOf(json: unknown): Json | null {
  const root = Array.isArray(json) ? json.find(isObject) : json;
  return isObject(root) ? root : null;
}

/**
 * True when the JSON is a RAiD record: an object without an RDA `dmp`, with a `title` list or an
 * `identifier` object naming a RAiD. Cheap: import routing asks it of every upload.
 */
export function looksLikeRaid(json: unknown): boolean {
  const record = recordOf(json);
  if (!record || 'dmp' in record) return false;
  return Array.isArray(record.title) || (isObject(record.identifier) && text(record.identifier.id) !== null);
}

/** The RAiD record in a parsed file; 400 when it is none. */
export function readRaid(json: unknown): ImportedRaid {
  const record = recordOf(json);
  if (!record || !looksLikeRaid(json)) {
    throw badRequest('The file is not RAiD metadata: it needs a "title" list or an "identifier" object with an "id".', [
      { path: '/title', message: 'must be a list of titles' },
    ]);
  }
  const singles = new Map<string, string>();
  const put = (key: string, value: string | null) => {
    if (value !== null) singles.set(key, value);
  };
  const identifier = isObject(record.identifier) ? record.identifier : {};
  put('raid.identifier.id', text(identifier.id));
  put('raid.identifier.schemaUri', text(identifier.schemaUri));
  const agency = ref(identifier.registrationAgency);
  put('raid.identifier.registrationAgency.id', agency.id);
  put('raid.identifier.registrationAgency.schemaUri', agency.schemaUri);
  const owner = isObject(identifier.owner) ? identifier.owner : {};
  put('raid.identifier.owner.id', text(owner.id));
  put('raid.identifier.owner.schemaUri', text(owner.schemaUri));
  put('raid.identifier.owner.servicePoint', text(owner.servicePoint));
  put('raid.identifier.license', text(identifier.license));
  put('raid.identifier.version', text(identifier.version));
  const date = isObject(record.date) ? record.date : {};
  put('raid.date.startDate', text(date.startDate));
  put('raid.date.endDate', text(date.endDate));
  const access = isObject(record.access) ? record.access : {};
  const accessType = ref(access.type);
  put('raid.access.type.id', accessType.id);
  put('raid.access.type.schemaUri', accessType.schemaUri);
  put('raid.access.embargoExpiry', text(access.embargoExpiry));
  const statement = isObject(access.statement) ? access.statement : {};
  put('raid.access.statement.text', text(statement.text));
  const statementLanguage = ref(statement.language);
  put('raid.access.statement.language.id', statementLanguage.id);
  put('raid.access.statement.language.schemaUri', statementLanguage.schemaUri);

  const titles = objects(record.title).flatMap((title): ImportedTitle[] => {
    const value = text(title.text);
    return value
      ? [
          {
            text: value,
            type: ref(title.type),
            language: ref(title.language),
            startDate: text(title.startDate),
            endDate: text(title.endDate),
          },
        ]
      : [];
  });
  const descriptions = objects(record.description).flatMap((description): ImportedDescription[] => {
    const value = text(description.text);
    return value ? [{ text: value, type: ref(description.type), language: ref(description.language) }] : [];
  });
  return { singles, titles, descriptions };
}
