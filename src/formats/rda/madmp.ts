/**
 * The maDMP document this exporter writes: the RDA DMP Common Standard fields it fills, typed
 * for the form that validates against both 1.1 and 1.2 (identifier objects, 1.1 identifier types),
 * plus the 1.2-only fields written when 1.2 is chosen. Optional keys are left out, never null.
 */
import type { DataAccess, FundingStatus, YesNoUnknown } from './vocabulary';

export interface Identifier<T extends string = string> {
  identifier: string;
  type: T;
}

export type PersonIdType = 'orcid' | 'isni' | 'openid' | 'other';
export type DmpIdType = 'handle' | 'doi' | 'ark' | 'url' | 'other';
export type FunderIdType = 'fundref' | 'url' | 'other';
export type GrantIdType = 'url' | 'other';
export type MetadataStandardIdType = 'url' | 'other';

export const PERSON_ID_TYPES: readonly PersonIdType[] = ['orcid', 'isni', 'openid', 'other'];
export const DMP_ID_TYPES: readonly DmpIdType[] = ['handle', 'doi', 'ark', 'url', 'other'];
export const FUNDER_ID_TYPES: readonly FunderIdType[] = ['fundref', 'url', 'other'];
export const GRANT_ID_TYPES: readonly GrantIdType[] = ['url', 'other'];
export const METADATA_STANDARD_ID_TYPES: readonly MetadataStandardIdType[] = ['url', 'other'];

/** 1.2 only. */
export interface Affiliation {
  name: string;
  affiliation_id: Identifier;
}

/** 1.2 only. */
export interface RelatedIdentifier extends Identifier {
  relation_type: string;
}

export interface Contact {
  name: string;
  mbox: string;
  contact_id: Identifier<PersonIdType>;
  affiliation?: Affiliation[];
}

export interface Contributor {
  name: string;
  mbox?: string;
  role: string[];
  contributor_id: Identifier<PersonIdType>;
  affiliation?: Affiliation[];
}

export interface Funding {
  /** Not standard (no RDA key holds a funder's name); see funderName in export/projects.ts. */
  name?: string;
  /** Not standard; the same name under the key of the official 1.1 example ex9. */
  funder_name?: string;
  /** `ror` only in 1.2 output. */
  funder_id: Identifier<FunderIdType | 'ror'>;
  grant_id?: Identifier<GrantIdType>;
  funding_status?: FundingStatus;
}

export interface Project {
  title: string;
  description?: string;
  start?: string;
  end?: string;
  funding?: Funding[];
  /** 1.2 only. */
  project_id?: Identifier[];
}

export interface Cost {
  title: string;
  description?: string;
  value?: number;
  currency_code?: string;
}

export interface Host {
  title: string;
  url: string;
  description?: string;
  geo_location?: string;
  certified_with?: string;
  pid_system?: string[];
  support_versioning?: YesNoUnknown;
  backup_type?: string;
  backup_frequency?: string;
  availability?: string;
  storage_type?: string;
  /** 1.2 only. */
  host_id?: Identifier[];
}

export interface License {
  license_ref: string;
  start_date: string;
}

export interface Distribution {
  title: string;
  data_access: DataAccess;
  description?: string;
  access_url?: string;
  download_url?: string;
  byte_size?: number;
  format?: string[];
  available_until?: string;
  host?: Host;
  license?: License[];
  /** 1.2 only. */
  issued?: string;
}

export interface Metadata {
  metadata_standard_id: Identifier<MetadataStandardIdType>;
  language: string;
  description?: string;
}

export interface SecurityAndPrivacy {
  title: string;
  description?: string;
}

export interface TechnicalResource {
  name: string;
  description?: string;
}

export interface Dataset {
  title: string;
  dataset_id: Identifier<DmpIdType>;
  personal_data: YesNoUnknown;
  sensitive_data: YesNoUnknown;
  description?: string;
  type?: string;
  issued?: string;
  language?: string;
  keyword?: string[];
  preservation_statement?: string;
  data_quality_assurance?: string[];
  security_and_privacy?: SecurityAndPrivacy[];
  technical_resource?: TechnicalResource[];
  metadata?: Metadata[];
  distribution?: Distribution[];
  /** 1.2 only. */
  is_reused?: boolean;
  /** 1.2 only. */
  rights?: string;
  /** 1.2 only. */
  alternate_identifier?: Identifier[];
}

export interface Dmp {
  title: string;
  description?: string;
  language: string;
  created: string;
  modified: string;
  dmp_id: Identifier<DmpIdType>;
  contact: Contact;
  contributor?: Contributor[];
  project?: Project[];
  cost?: Cost[];
  ethical_issues_exist: YesNoUnknown;
  ethical_issues_description?: string;
  ethical_issues_report?: string;
  dataset: Dataset[];
  /** 1.2 only. */
  alternate_identifier?: Identifier[];
  /** 1.2 only. */
  related_identifier?: RelatedIdentifier[];
}

export interface MaDmpDocument {
  dmp: Dmp;
}

/** `{key: value}` when the value is present, `{}` otherwise: the document never holds null or "". */
export function optional<K extends string, T>(key: K, value: T | null | undefined): { [P in K]?: T } {
  const absent = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  return absent ? {} : ({ [key]: value } as { [P in K]?: T });
}

/** `{key: values}` when there are values, `{}` otherwise. */
export function optionalList<K extends string, T>(key: K, values: T[]): { [P in K]?: T[] } {
  return values.length > 0 ? ({ [key]: values } as { [P in K]?: T[] }) : {};
}
