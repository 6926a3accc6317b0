/**
 * The RAiD metadata record (schema 1.6.3) as the RAiD API takes it to mint or update a RAiD
 * (`RaidCreateRequest` / `RaidUpdateRequest` of au-research/raido `raid.yaml`), limited to what
 * this exporter writes. schemas/raid/ is the full, checked shape.
 */

export interface VocabularyRef {
  id: string;
  schemaUri: string;
}

export interface RaidLanguage {
  id: string;
  schemaUri: string;
}

export interface RaidIdentifier {
  id: string;
  schemaUri: string;
  registrationAgency: VocabularyRef;
  owner: { id: string; schemaUri: string; servicePoint: number };
  license: string;
  version: number;
}

export interface RaidTitle {
  text: string;
  type: VocabularyRef;
  startDate: string;
  endDate?: string;
  language?: RaidLanguage;
}

export interface RaidDescription {
  text: string;
  type: VocabularyRef;
  language?: RaidLanguage;
}

export interface RaidAccess {
  type: VocabularyRef;
  statement?: { text: string; language?: RaidLanguage };
  embargoExpiry?: string;
}

export interface RaidPeriod {
  startDate: string;
  endDate?: string;
}

export interface RaidContributor {
  id: string;
  schemaUri: string;
  position: (VocabularyRef & RaidPeriod)[];
  role: VocabularyRef[];
  leader?: true;
  contact?: true;
}

export interface RaidOrganisation {
  id: string;
  schemaUri: string;
  role: (VocabularyRef & RaidPeriod)[];
}

export interface RaidRelatedObject {
  id: string;
  schemaUri: string;
  type: VocabularyRef;
  category: VocabularyRef[];
}

export interface RaidRelatedRaid {
  id: string;
  type: VocabularyRef;
}

export interface RaidDocument {
  identifier?: RaidIdentifier;
  title: RaidTitle[];
  date: RaidPeriod;
  description?: RaidDescription[];
  access: RaidAccess;
  alternateUrl?: { url: string }[];
  contributor: RaidContributor[];
  organisation?: RaidOrganisation[];
  relatedRaid?: RaidRelatedRaid[];
  relatedObject?: RaidRelatedObject[];
  alternateIdentifier?: { id: string; type: string }[];
}

/** The `raid.*` semantic keys OpenCDMP defines (backend Semantics.json, category "raid"). */
export const RAID_SINGLETON_KEYS = [
  'raid.identifier.id',
  'raid.identifier.schemaUri',
  'raid.identifier.registrationAgency.id',
  'raid.identifier.registrationAgency.schemaUri',
  'raid.identifier.owner.id',
  'raid.identifier.owner.schemaUri',
  'raid.identifier.owner.servicePoint',
  'raid.identifier.license',
  'raid.identifier.version',
  'raid.date.startDate',
  'raid.date.endDate',
  'raid.access.type.id',
  'raid.access.type.schemaUri',
  'raid.access.embargoExpiry',
  'raid.access.statement.text',
  'raid.access.statement.language.id',
  'raid.access.statement.language.schemaUri',
] as const;

/** The repeatable blocks: one entry per question item whose fields carry the block's keys. */
export const RAID_GROUPS = [
  'title',
  'description',
  'contributor',
  'organisation',
  'relatedObject',
  'alternateIdentifier',
  'alternateUrl',
  'relatedRaid',
] as const;
export type RaidGroup = (typeof RAID_GROUPS)[number];

export const RAID_GROUP_KEYS: Readonly<Record<RaidGroup, readonly string[]>> = {
  title: ['text', 'type.id', 'type.schemaUri', 'language.id', 'language.schemaUri', 'startDate', 'endDate'],
  description: ['text', 'type.id', 'type.schemaUri', 'language.id', 'language.schemaUri'],
  contributor: [
    'id',
    'schemaUri',
    'position.id',
    'position.schemaUri',
    'position.startDate',
    'position.endDate',
    'leader',
    'contact',
    'role.id',
    'role.schemaUri',
  ],
  organisation: ['id', 'schemaUri', 'role.id', 'role.schemaUri', 'role.startDate', 'role.endDate'],
  relatedObject: ['id', 'schemaUri', 'type.id', 'type.schemaUri', 'category.id', 'category.schemaUri'],
  alternateIdentifier: ['id', 'type'],
  alternateUrl: ['url'],
  relatedRaid: ['id', 'type.id', 'type.schemaUri'],
};

/** Every `raid.*` key, as OpenCDMP's semantics list has them. */
export const RAID_KEYS: readonly string[] = [
  ...RAID_SINGLETON_KEYS,
  ...RAID_GROUPS.flatMap((group) => RAID_GROUP_KEYS[group].map((key) => `raid.${group}.${key}`)),
];

/** The block a key belongs to: a group, or null for the singletons (identifier, date, access). */
export function groupOfKey(key: string): RaidGroup | null {
  const block = /^raid\.([A-Za-z]+)\./.exec(key)?.[1];
  return (RAID_GROUPS as readonly string[]).includes(block ?? '') ? (block as RaidGroup) : null;
}
