/**
 * What the importer reads from a maDMP file, before it is placed into a blueprint and templates:
 * every value in the standard's own structure, already in one form (texts trimmed, identifiers as
 * objects, dates as `YYYY-MM-DD` or instants), null where the file says nothing.
 */
import type { DataAccess, YesNoUnknown } from '../vocabulary';

export interface ImportedIdentifier {
  identifier: string;
  type: string | null;
}

export interface ImportedAffiliation {
  name: string;
  id: ImportedIdentifier | null;
}

export interface ImportedPerson {
  name: string | null;
  mbox: string | null;
  ids: ImportedIdentifier[];
  roles: string[];
  affiliations: ImportedAffiliation[];
}

export interface ImportedFunding {
  funderId: ImportedIdentifier | null;
  /** Not standard; DMPRoadmap and 1.1 examples send `funder_name` or `name`. */
  funderName: string | null;
  grantId: ImportedIdentifier | null;
  status: string | null;
}

export interface ImportedProject {
  title: string | null;
  description: string | null;
  start: string | null;
  end: string | null;
  ids: ImportedIdentifier[];
  fundings: ImportedFunding[];
}

export interface ImportedCost {
  title: string | null;
  description: string | null;
  value: number | null;
  currency: string | null;
}

export interface ImportedLicense {
  ref: string;
  startDate: string | null;
}

export interface ImportedHost {
  title: string | null;
  url: string | null;
  /** 1.2 `host_id` (a re3data or FAIRsharing record): the first. */
  id: ImportedIdentifier | null;
  description: string | null;
  geoLocation: string | null;
  certifiedWith: string | null;
  pidSystems: string[];
  supportVersioning: YesNoUnknown | null;
  backupType: string | null;
  backupFrequency: string | null;
  availability: string | null;
  storageType: string | null;
}

export interface ImportedDistribution {
  title: string | null;
  description: string | null;
  dataAccess: DataAccess | null;
  accessUrl: string | null;
  downloadUrl: string | null;
  byteSize: number | null;
  formats: string[];
  availableUntil: string | null;
  issued: string | null;
  host: ImportedHost | null;
  licenses: ImportedLicense[];
}

export interface ImportedDataset {
  /** What preprocessing answered as this dataset's id, and import matches on. */
  key: string;
  id: ImportedIdentifier | null;
  title: string | null;
  description: string | null;
  type: string | null;
  personalData: YesNoUnknown | null;
  sensitiveData: YesNoUnknown | null;
  keywords: string[];
  issued: string | null;
  /** As the file gives it (3-letter in valid files). */
  language: string | null;
  preservationStatement: string | null;
  dataQualityAssurance: string[];
  securityAndPrivacy: { title: string | null; description: string | null }[];
  technicalResources: { name: string | null; description: string | null }[];
  metadata: { id: ImportedIdentifier | null; language: string | null; description: string | null }[];
  distributions: ImportedDistribution[];
  isReused: boolean | null;
  rights: string | null;
}

export interface ImportedDmp {
  title: string | null;
  description: string | null;
  /** As the file gives it. */
  language: string | null;
  /** ISO 639-1, for the planning service. */
  language6391: string | null;
  created: Date | null;
  modified: Date | null;
  dmpId: ImportedIdentifier | null;
  contact: ImportedPerson | null;
  contributors: ImportedPerson[];
  projects: ImportedProject[];
  costs: ImportedCost[];
  ethicalIssuesExist: YesNoUnknown | null;
  ethicalIssuesDescription: string | null;
  ethicalIssuesReport: string | null;
  datasets: ImportedDataset[];
}
