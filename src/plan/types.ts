/**
 * The plan as a reader sees it: blueprint sections in order, each field with a resolved, typed
 * value, descriptions with their pages -> sections -> questions -> answers, visibility applied.
 * Built once by `buildPlanView` / `buildDescriptionExportView`; every exporter reads only this.
 */
import type {
  BlueprintFieldCategory,
  DescriptionStatus,
  ExtraFieldDataType,
  PlanAccessType,
  PlanStatus,
  PlanUserRole,
  ReferenceFieldDataType,
  SystemFieldType,
  TemplateFieldType,
} from '../contract/model';

export interface PersonView {
  name: string | null;
  email: string | null;
}

export interface ContactView extends PersonView {
  firstName: string | null;
  lastName: string | null;
}

export interface PlanUserView extends PersonView {
  id: string | null;
  /** Every role the user holds in the plan, in enum order, without repeats. */
  roles: PlanUserRole[];
}

/**
 * A field of a reference that its reference type declares (OpenCDMP 1.3: `type.definition.fields`),
 * with the type's label for it: "Start date", "Funder identifier".
 */
export interface ReferenceDetailView {
  code: string;
  /** The reference type's label for the field; its code when the type gives none. */
  label: string;
  description: string | null;
  dataType: ReferenceFieldDataType;
  /** The value as the source gives it. */
  value: string;
  /** Date-typed values that read as a date (ISO 8601); null otherwise (then `value` is printed as is). */
  date: Date | null;
  /** A link when a text value is a URL, DOI or ORCID. */
  url: string | null;
}

export interface ReferenceView {
  id: string | null;
  /** What a reader sees: label, else description, else the external id. Never empty. */
  label: string;
  typeCode: string | null;
  typeName: string | null;
  /** The external identifier as the source gives it, e.g. "orcid:0000-0002-1825-0097". */
  reference: string | null;
  abbreviation: string | null;
  description: string | null;
  source: string | null;
  /** A resolvable link when one is known (URL, DOI or ORCID in the reference or its fields). */
  url: string | null;
  /** `definition.fields` as a map (code -> value), e.g. startDate, pidTypeField, primaryEmail. */
  fields: Record<string, string>;
  /**
   * The fields the reference type declares, in its order, with their labels and typed values, for
   * readers. Empty from a 1.2 planning service (its reference types declare no fields).
   */
  details: ReferenceDetailView[];
}

export interface FileView {
  filename: string | null;
  mimeType: string | null;
  bytes: Uint8Array | null;
  /** True when the MIME type (or the file name) says it is a raster image a document can embed. */
  isImage: boolean;
}

/** A resolved answer. `null` where a field has no answer. */
export type Value =
  | { kind: 'text'; text: string }
  | { kind: 'richText'; html: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; date: Date }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'options'; options: { value: string; label: string }[] }
  | { kind: 'tags'; tags: string[] }
  | { kind: 'references'; references: ReferenceView[] }
  | { kind: 'identifier'; identifier: string; type: string | null }
  | { kind: 'file'; file: FileView }
  | { kind: 'entities'; entityType: 'plan' | 'description'; ids: string[] }
  | { kind: 'contacts'; contacts: ContactView[] }
  | { kind: 'users'; users: PlanUserView[] }
  | { kind: 'language'; code: string }
  | { kind: 'accessRights'; accessType: PlanAccessType };

export type ValueKind = Value['kind'];

// ---- plan level ----

export interface PlanFieldView {
  id: string;
  ordinal: number;
  /** The blueprint's label; null for system fields left unlabelled (layouts name them by kind). */
  label: string | null;
  description: string | null;
  placeholder: string | null;
  required: boolean;
  semantics: string[];
  category: BlueprintFieldCategory;
  /** Set for category 'system'. */
  systemFieldType: SystemFieldType | null;
  /** Set for category 'extra'. */
  dataType: ExtraFieldDataType | null;
  /** Set for category 'referenceType'. */
  referenceTypeCode: string | null;
  answered: boolean;
  value: Value | null;
  /** Answered, but left out by a `withhold` rule: `value` is null, documents print a note. */
  withheld?: boolean;
}

export interface PlanSectionView {
  /** Blueprint section id; '' for the synthetic section holding descriptions of unknown sections. */
  id: string;
  ordinal: number;
  label: string | null;
  description: string | null;
  fields: PlanFieldView[];
  /** Not canceled, ordered by createdAt. */
  descriptions: DescriptionView[];
}

export interface PlanView {
  id: string;
  /** The plan label; never empty (falls back to the id). */
  title: string;
  version: number | null;
  descriptionHtml: string | null;
  /** ISO 639-1 code as the planning service stores it, e.g. "en". */
  language: string | null;
  accessType: PlanAccessType | null;
  status: { name: string | null; internal: PlanStatus | null };
  blueprint: {
    id: string | null;
    label: string | null;
    groupId: string | null;
    /** The blueprint's type (OpenCDMP 1.3); null from a 1.2 planning service. */
    type: { id: string | null; name: string | null } | null;
  };
  createdAt: Date | null;
  updatedAt: Date | null;
  finalizedAt: Date | null;
  publicAfter: Date | null;
  dois: { doi: string; repositoryId: string | null }[];
  previousDoi: string | null;
  creator: PlanUserView | null;
  contacts: ContactView[];
  /** Grouped by user, in the order users first appear. */
  users: PlanUserView[];
  /** Every plan reference, with the blueprint field it belongs to. */
  references: (ReferenceView & { blueprintFieldId: string | null })[];
  sections: PlanSectionView[];
  /** Plugin configuration values for this transformer, from the blueprint. */
  configuration: ConfigurationValues;
}

// ---- description level ----

export interface FieldDefinitionView {
  id: string;
  ordinal: number;
  label: string | null;
  fieldType: TemplateFieldType;
  semantics: string[];
  required: boolean;
  multipleSelect: boolean;
}

export interface FieldView extends FieldDefinitionView {
  answered: boolean;
  value: Value | null;
  /** Answered, but left out by a `withhold` rule: `value` is null, documents print a note. */
  withheld?: boolean;
}

export interface ItemView {
  ordinal: number;
  /** Visible, exported fields of this item, by ordinal. */
  fields: FieldView[];
}

export interface FieldSetView {
  id: string;
  ordinal: number;
  title: string | null;
  description: string | null;
  extendedDescription: string | null;
  additionalInformation: string | null;
  /** Set when the question repeats; tableView asks for one table row per item. */
  multiplicity: { min: number | null; max: number | null; placeholder: string | null; tableView: boolean } | null;
  /** The columns: exported fields visible in at least one item (all exported fields when none is). */
  fields: FieldDefinitionView[];
  items: ItemView[];
  comment: string | null;
  answered: boolean;
}

export interface SectionView {
  id: string;
  ordinal: number;
  title: string | null;
  description: string | null;
  extendedDescription: string | null;
  sections: SectionView[];
  fieldSets: FieldSetView[];
  answered: boolean;
}

export interface PageView {
  id: string;
  ordinal: number;
  title: string | null;
  sections: SectionView[];
  answered: boolean;
}

export interface DescriptionView {
  id: string;
  /** Never empty (falls back to the id). */
  title: string;
  descriptionHtml: string | null;
  tags: string[];
  status: { name: string | null; internal: DescriptionStatus | null };
  createdAt: Date | null;
  sectionId: string | null;
  template: {
    id: string | null;
    label: string | null;
    description: string | null;
    typeName: string | null;
    version: number | null;
    language: string | null;
    groupId: string | null;
  };
  pages: PageView[];
  /** Plugin configuration values for this transformer, from the description template. */
  configuration: ConfigurationValues;
}

/** A description export: the description, headed by the plan it belongs to. */
export interface DescriptionExportView {
  plan: PlanView;
  description: DescriptionView;
}

export interface ConfigurationValue {
  text: string | null;
  file: FileView | null;
}

/** Configuration field code -> value, as an admin set it for this transformer. */
export type ConfigurationValues = Record<string, ConfigurationValue>;
