/**
 * OpenCDMP common-models 1.2.0 and the 1.3.0 additions (optional here, absent from 1.2.0 bodies),
 * as the rest of the service sees them: decoded from the wire
 * (instants -> Date, numeric enums -> names, base64 -> bytes, last duplicate key wins).
 * Only `src/contract` reads or writes the wire form: decode.ts reads it, encode.ts writes it.
 */

export type PlanStatus = 'draft' | 'finalized';
export type DescriptionStatus = 'draft' | 'finalized' | 'canceled';
export type PlanAccessType = 'public' | 'restricted';
export type PlanUserRole =
  'owner' | 'viewer' | 'descriptionContributor' | 'reviewer' | 'dataSteward' | 'dataPrivacyOfficer' | 'ethicsReviewer';
export type BlueprintFieldCategory = 'system' | 'extra' | 'referenceType' | 'upload';
export type SystemFieldType = 'title' | 'description' | 'language' | 'contact' | 'accessRights' | 'user';
export type ExtraFieldDataType = 'text' | 'richText' | 'date' | 'number';
export type PluginType = 'fileTransformer' | 'deposit' | 'evaluation';
export type ReferenceSourceType = 'internal' | 'external';
/** 1.3.0 `ReferenceTypeFieldDataType`: how a reference's field value is to be read. */
export type ReferenceFieldDataType = 'text' | 'date';

/** The 15 description-template field types, as the wire names them (`data.fieldType`). */
export const TEMPLATE_FIELD_TYPES = [
  'select',
  'booleanDecision',
  'radiobox',
  'internalEntitiesPlans',
  'internalEntitiesDescriptions',
  'checkBox',
  'freetext',
  'textarea',
  'richTextarea',
  'upload',
  'datePicker',
  'tags',
  'referenceTypes',
  'datasetIdentifier',
  'validation',
] as const;
export type TemplateFieldType = (typeof TEMPLATE_FIELD_TYPES)[number];

export interface FileEnvelope {
  filename: string | null;
  mimeType: string | null;
  fileRef: string | null;
  /** The bytes, when the backend sent them (it always does on input). */
  bytes: Uint8Array | null;
}

export interface StatusModel<S extends string> {
  id: string | null;
  name: string | null;
  internalStatus: S | null;
}

export interface UserContactInfo {
  id: string | null;
  type: 'email' | null;
  value: string | null;
  createdAt: Date | null;
}

export interface UserModel {
  id: string | null;
  name: string | null;
  contacts: UserContactInfo[];
}

export interface PluginFieldValue {
  code: string;
  textValue: string | null;
  file: FileEnvelope | null;
}

export interface PluginConfiguration {
  code: string;
  type: PluginType | null;
  fields: PluginFieldValue[];
}

/** 1.3.0 `ReferenceTypeFieldModel`: a field the reference type declares, with the label readers see. */
export interface ReferenceTypeField {
  code: string;
  label: string | null;
  description: string | null;
  dataType: ReferenceFieldDataType | null;
  semantics: string[];
  required: boolean | null;
}

export interface ReferenceTypeModel {
  id: string | null;
  name: string | null;
  code: string | null;
  /** 1.3.0 `definition.fields`; absent or empty from a 1.2.0 backend. */
  fields?: ReferenceTypeField[];
}

/** `ReferenceFieldModel`: one of a reference's `definition.fields`. */
export interface ReferenceField {
  code: string;
  value: string | null;
  /** 1.3.0; absent from a 1.2.0 backend. */
  dataType?: ReferenceFieldDataType | null;
}

export interface ReferenceModel {
  id: string | null;
  label: string | null;
  type: ReferenceTypeModel | null;
  description: string | null;
  /** `definition.fields`, e.g. `startDate`, `pidTypeField`, `primaryEmail`. */
  fields: ReferenceField[];
  reference: string | null;
  abbreviation: string | null;
  source: string | null;
  sourceType: ReferenceSourceType | null;
}

interface BlueprintFieldBase {
  id: string;
  label: string | null;
  placeholder: string | null;
  description: string | null;
  semantics: string[];
  ordinal: number;
  required: boolean;
}
export interface SystemBlueprintField extends BlueprintFieldBase {
  category: 'system';
  systemFieldType: SystemFieldType;
}
export interface ExtraBlueprintField extends BlueprintFieldBase {
  category: 'extra';
  dataType: ExtraFieldDataType;
}
export interface ReferenceBlueprintField extends BlueprintFieldBase {
  category: 'referenceType';
  referenceType: ReferenceTypeModel | null;
  multipleSelect: boolean;
}
export interface UploadBlueprintField extends BlueprintFieldBase {
  category: 'upload';
  types: { label: string | null; value: string | null }[];
  maxFileSizeInMB: number | null;
}
export type BlueprintField =
  SystemBlueprintField | ExtraBlueprintField | ReferenceBlueprintField | UploadBlueprintField;

export interface BlueprintSection {
  id: string;
  label: string | null;
  description: string | null;
  ordinal: number;
  hasTemplates: boolean;
  /** Sent by the backend; kept so a blueprint can be echoed back unchanged (import). */
  canEditDescriptionTemplates?: boolean | null;
  fields: BlueprintField[];
}

/** 1.3.0 `PlanBlueprintTypeModel`: the kind of plan a blueprint is for, as the tenant names it. */
export interface PlanBlueprintType {
  id: string | null;
  name: string | null;
}

export interface PlanBlueprint {
  id: string | null;
  label: string | null;
  description: string | null;
  groupId: string | null;
  /** 1.3.0; absent (or null) from a 1.2.0 backend. */
  type?: PlanBlueprintType | null;
  status: 'draft' | 'finalized' | null;
  sections: BlueprintSection[];
  plugins: PluginConfiguration[];
}

export interface PlanBlueprintValue {
  fieldId: string;
  value: string | null;
  file: FileEnvelope | null;
  dateValue: Date | null;
  numberValue: number | null;
}

export interface PlanContact {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

export interface PlanUser {
  user: UserModel | null;
  role: PlanUserRole | null;
  sectionId: string | null;
}

export interface PlanReference {
  id: string | null;
  reference: ReferenceModel | null;
  blueprintFieldId: string | null;
}

export interface EntityDoi {
  id: string | null;
  doi: string | null;
  repositoryId: string | null;
}

/** `PlanDescriptionTemplateModel`: a template group offered in a blueprint section (import only). */
export interface PlanDescriptionTemplate {
  descriptionTemplateGroupId: string | null;
  sectionId: string | null;
}

export interface PlanModel {
  id: string;
  version: number | null;
  label: string | null;
  description: string | null;
  accessType: PlanAccessType | null;
  status: StatusModel<PlanStatus> | null;
  creator: UserModel | null;
  blueprint: PlanBlueprint | null;
  blueprintValues: PlanBlueprintValue[];
  contacts: PlanContact[];
  entityDois: EntityDoi[];
  /** Empty when the plan arrives nested in a description (the backend sends none there). */
  descriptions: DescriptionModel[];
  users: PlanUser[];
  references: PlanReference[];
  /** Never sent on export; an import answer lists the templates its descriptions use. */
  descriptionTemplates?: PlanDescriptionTemplate[];
  /**
   * 1.3.0: the plan as RAiD metadata, which the backend fills only for deposits (null on export,
   * like `rdaJsonFile`). Decoded for completeness; never written back (a 1.2.0 backend refuses it).
   */
  raidJsonFile?: FileEnvelope | null;
  previousDOI: string | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  finalizedAt: Date | null;
  publicAfter: Date | null;
  language: string | null;
}

// ---- description templates ----

export interface TemplateFieldOption {
  label: string | null;
  value: string | null;
}

export interface TemplateFieldData {
  label: string | null;
  fieldType: TemplateFieldType;
  multipleSelect: boolean;
  /** select and radiobox */
  options: TemplateFieldOption[];
  /** referenceTypes */
  referenceType: ReferenceTypeModel | null;
  /** upload: allowed MIME types */
  types: { label: string | null; value: string | null }[];
}

export interface TemplateField {
  id: string;
  ordinal: number;
  semantics: string[];
  defaultValue: { textValue: string | null; dateValue: Date | null; booleanValue: boolean | null } | null;
  /** FieldValidationType names: 'none' | 'required' | 'url' */
  validations: ('none' | 'required' | 'url')[];
  /** null on the wire counts as true */
  includeInExport: boolean;
  data: TemplateFieldData;
}

export interface Multiplicity {
  min: number | null;
  max: number | null;
  placeholder: string | null;
  tableView: boolean;
}

export interface TemplateFieldSet {
  id: string;
  ordinal: number;
  title: string | null;
  description: string | null;
  extendedDescription: string | null;
  additionalInformation: string | null;
  hasMultiplicity: boolean;
  multiplicity: Multiplicity | null;
  fields: TemplateField[];
}

export interface TemplateSection {
  id: string;
  ordinal: number;
  title: string | null;
  description: string | null;
  extendedDescription: string | null;
  sections: TemplateSection[];
  fieldSets: TemplateFieldSet[];
}

export interface TemplatePage {
  id: string;
  ordinal: number;
  title: string | null;
  sections: TemplateSection[];
}

export interface DescriptionTemplate {
  id: string | null;
  label: string | null;
  description: string | null;
  /** `type.id`; kept so a template can be echoed back unchanged (import). */
  typeId?: string | null;
  typeName: string | null;
  groupId: string | null;
  version: number | null;
  language: string | null;
  pages: TemplatePage[];
  plugins: PluginConfiguration[];
}

// ---- description answers ----

export interface FieldValue {
  id: string | null;
  textValue: string | null;
  textListValue: string[] | null;
  dateValue: Date | null;
  booleanValue: boolean | null;
  references: ReferenceModel[] | null;
  externalIdentifier: { identifier: string | null; type: string | null } | null;
  file: FileEnvelope | null;
}

export interface FieldSetItem {
  ordinal: number;
  fields: Record<string, FieldValue>;
}

export interface FieldSetAnswers {
  comment: string | null;
  items: FieldSetItem[];
}

export interface VisibilityState {
  fieldId: string;
  ordinal: number | null;
  visible: boolean;
}

export interface DescriptionModel {
  id: string;
  label: string | null;
  description: string | null;
  tags: string[];
  status: StatusModel<DescriptionStatus> | null;
  template: DescriptionTemplate;
  /** The plan the description belongs to (without descriptions); null inside a plan export. */
  plan: PlanModel | null;
  sectionId: string | null;
  createdAt: Date | null;
  fieldSets: Record<string, FieldSetAnswers>;
  /** null when the payload carries no visibility states (then everything is shown). */
  visibilityStates: VisibilityState[] | null;
}

// ---- import (file-transformer-base 1.2.0) ----

/** `DescriptionImportModel`: one dataset the user chose to import, with its template and section. */
export interface DescriptionImportModel {
  /** The id our preprocessing answered for the dataset. */
  id: string | null;
  sectionId: string | null;
  template: DescriptionTemplate | null;
  /** Null in the backend's plan import flow. */
  file: FileEnvelope | null;
}

/** `PlanImportModel`: body of POST /import/plan. */
export interface PlanImportModel {
  /** The blueprint the user picked; its `definition.plugins` is empty on import. */
  blueprint: PlanBlueprint | null;
  descriptions: DescriptionImportModel[];
  file: FileEnvelope | null;
}
