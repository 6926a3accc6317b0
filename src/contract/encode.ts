/**
 * Model -> wire: the inverse of decode.ts, for answers the backend decodes (import). It writes
 * exactly the common-models 1.2.0 properties (the backend fails on unknown ones, so no 1.3.0
 * additions), every property present (null when empty), enums as numbers, instants as epoch
 * seconds, each polymorphic type property (`category`, `fieldType`) once.
 */
import {
  ACCESS_TYPE,
  DESCRIPTION_STATUS,
  EXTRA_DATA_TYPE,
  FIELD_CATEGORY,
  PLAN_STATUS,
  PLAN_USER_ROLE,
  PLUGIN_TYPE,
  SYSTEM_FIELD_TYPE,
  VALIDATION_TYPE,
} from './decode';
import type * as M from './model';
import { emptyTable } from '../lookup';

export type WireValue = null | boolean | number | string | WireValue[] | WireObject;
export interface WireObject {
  [key: string]: WireValue;
}

/** Name -> number; null (never an invented value) when the name is unknown. */
function numbered<T>(names: readonly T[], value: T | null | undefined): number | null {
  const index = value == null ? -1 : names.indexOf(value);
  return index < 0 ? null : index;
}

/** `java.time.Instant` as Jackson reads it: epoch seconds, fraction for the milliseconds. */
export function encodeInstant(date: Date | null | undefined): number | null {
  return date ? date.getTime() / 1000 : null;
}

export function encodeFile(file: M.FileEnvelope | null): WireObject | null {
  if (!file) return null;
  return {
    filename: file.filename,
    fileRef: file.fileRef,
    mimeType: file.mimeType,
    file: file.bytes ? Buffer.from(file.bytes).toString('base64') : null,
  };
}

function encodeUser(user: M.UserModel | null): WireObject | null {
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    additionalInfo: null,
    contacts: user.contacts.map((c) => ({
      id: c.id,
      ordinal: null,
      type: c.type === 'email' ? 0 : null,
      value: c.value,
      createdAt: encodeInstant(c.createdAt),
    })),
  };
}

function encodeReferenceType(type: M.ReferenceTypeModel | null): WireObject | null {
  return type ? { id: type.id, name: type.name, code: type.code } : null;
}

export function encodeReference(reference: M.ReferenceModel): WireObject {
  return {
    id: reference.id,
    label: reference.label,
    type: encodeReferenceType(reference.type),
    description: reference.description,
    definition:
      reference.fields.length > 0 ? { fields: reference.fields.map((f) => ({ code: f.code, value: f.value })) } : null,
    reference: reference.reference,
    abbreviation: reference.abbreviation,
    source: reference.source,
    sourceType: numbered(['internal', 'external'] as const, reference.sourceType),
  };
}

function encodePlugins(plugins: M.PluginConfiguration[]): WireObject[] {
  return plugins.map((p) => ({
    code: p.code,
    type: numbered(PLUGIN_TYPE, p.type),
    fields: p.fields.map((f) => ({ code: f.code, textValue: f.textValue, file: encodeFile(f.file) })),
  }));
}

function encodeBlueprintField(field: M.BlueprintField): WireObject {
  const common: WireObject = {
    id: field.id,
    category: numbered(FIELD_CATEGORY, field.category),
    label: field.label,
    placeholder: field.placeholder,
    description: field.description,
    semantics: field.semantics,
    ordinal: field.ordinal,
    required: field.required,
  };
  switch (field.category) {
    case 'system':
      return { ...common, systemFieldType: numbered(SYSTEM_FIELD_TYPE, field.systemFieldType) };
    case 'extra':
      return { ...common, dataType: numbered(EXTRA_DATA_TYPE, field.dataType) };
    case 'referenceType':
      return {
        ...common,
        referenceType: encodeReferenceType(field.referenceType),
        multipleSelect: field.multipleSelect,
      };
    case 'upload':
      return {
        ...common,
        types: field.types.map((t) => ({ label: t.label, value: t.value })),
        maxFileSizeInMB: field.maxFileSizeInMB,
      };
  }
}

export function encodeBlueprint(blueprint: M.PlanBlueprint | null): WireObject | null {
  if (!blueprint) return null;
  return {
    id: blueprint.id,
    label: blueprint.label,
    description: blueprint.description,
    definition: {
      sections: blueprint.sections.map((s) => ({
        id: s.id,
        description: s.description,
        label: s.label,
        ordinal: s.ordinal,
        hasTemplates: s.hasTemplates,
        canEditDescriptionTemplates: s.canEditDescriptionTemplates ?? null,
        fields: s.fields.map(encodeBlueprintField),
      })),
      plugins: encodePlugins(blueprint.plugins),
    },
    status: numbered(['draft', 'finalized'] as const, blueprint.status),
    groupId: blueprint.groupId,
  };
}

const options = (list: M.TemplateFieldOption[]) => list.map((o) => ({ label: o.label, value: o.value }));

/** `BaseFieldDataModel` subtypes: each writes only the properties its Java class has. */
function encodeFieldData(data: M.TemplateFieldData): WireObject {
  const base: WireObject = { label: data.label, fieldType: data.fieldType };
  switch (data.fieldType) {
    case 'select':
      return { ...base, multipleSelect: data.multipleSelect, options: options(data.options) };
    case 'radiobox':
      return { ...base, options: options(data.options) };
    case 'internalEntitiesPlans':
    case 'internalEntitiesDescriptions':
      return { ...base, multipleSelect: data.multipleSelect };
    case 'referenceTypes':
      return { ...base, multipleSelect: data.multipleSelect, referenceType: encodeReferenceType(data.referenceType) };
    case 'upload':
      return { ...base, types: data.types.map((t) => ({ label: t.label, value: t.value })) };
    default:
      return base;
  }
}

function encodeTemplateField(field: M.TemplateField): WireObject {
  return {
    id: field.id,
    ordinal: field.ordinal,
    semantics: field.semantics,
    defaultValue: field.defaultValue
      ? {
          textValue: field.defaultValue.textValue,
          dateValue: encodeInstant(field.defaultValue.dateValue),
          booleanValue: field.defaultValue.booleanValue,
        }
      : null,
    validations: field.validations.map((v) => numbered(VALIDATION_TYPE, v)),
    includeInExport: field.includeInExport,
    data: encodeFieldData(field.data),
  };
}

function encodeTemplateSection(section: M.TemplateSection): WireObject {
  return {
    id: section.id,
    ordinal: section.ordinal,
    title: section.title,
    description: section.description,
    extendedDescription: section.extendedDescription,
    sections: section.sections.map(encodeTemplateSection),
    fieldSets: section.fieldSets.map((fs) => ({
      id: fs.id,
      ordinal: fs.ordinal,
      title: fs.title,
      description: fs.description,
      extendedDescription: fs.extendedDescription,
      additionalInformation: fs.additionalInformation,
      hasMultiplicity: fs.hasMultiplicity,
      multiplicity: fs.multiplicity
        ? {
            min: fs.multiplicity.min,
            max: fs.multiplicity.max,
            placeholder: fs.multiplicity.placeholder,
            tableView: fs.multiplicity.tableView,
          }
        : null,
      fields: fs.fields.map(encodeTemplateField),
    })),
  };
}

export function encodeTemplate(template: M.DescriptionTemplate): WireObject {
  return {
    id: template.id,
    label: template.label,
    description: template.description,
    type:
      template.typeId != null || template.typeName != null
        ? { id: template.typeId ?? null, name: template.typeName }
        : null,
    groupId: template.groupId,
    version: template.version,
    language: template.language,
    definition: {
      pages: template.pages.map((p) => ({
        id: p.id,
        ordinal: p.ordinal,
        title: p.title,
        sections: p.sections.map(encodeTemplateSection),
      })),
      plugins: encodePlugins(template.plugins),
    },
  };
}

export function encodeFieldValue(value: M.FieldValue): WireObject {
  return {
    id: value.id,
    textValue: value.textValue,
    textListValue: value.textListValue,
    dateValue: encodeInstant(value.dateValue),
    booleanValue: value.booleanValue,
    references: value.references ? value.references.map(encodeReference) : null,
    externalIdentifier: value.externalIdentifier
      ? { identifier: value.externalIdentifier.identifier, type: value.externalIdentifier.type }
      : null,
    file: encodeFile(value.file),
  };
}

function encodeStatus<S extends string>(status: M.StatusModel<S> | null, names: readonly S[]): WireObject | null {
  return status ? { id: status.id, name: status.name, internalStatus: numbered(names, status.internalStatus) } : null;
}

export function encodeDescription(description: M.DescriptionModel): WireObject {
  // Keyed by ids: a field set named "__proto__" is an entry, not the object's prototype.
  const fieldSets: WireObject = emptyTable();
  for (const [fieldSetId, answers] of Object.entries(description.fieldSets)) {
    fieldSets[fieldSetId] = {
      items: answers.items.map((item) => ({
        fields: Object.fromEntries(Object.entries(item.fields).map(([id, value]) => [id, encodeFieldValue(value)])),
        ordinal: item.ordinal,
      })),
      comment: answers.comment,
    };
  }
  return {
    id: description.id,
    label: description.label,
    description: description.description,
    tags: description.tags,
    status: encodeStatus(description.status, DESCRIPTION_STATUS),
    descriptionTemplate: encodeTemplate(description.template),
    // The backend nests the plan without its descriptions.
    plan: description.plan ? encodePlan({ ...description.plan, descriptions: [] }, { nested: true }) : null,
    sectionId: description.sectionId,
    createdAt: encodeInstant(description.createdAt),
    properties: { fieldSets },
    visibilityStates: description.visibilityStates
      ? description.visibilityStates.map((v) => ({ fieldId: v.fieldId, ordinal: v.ordinal, visible: v.visible }))
      : null,
  };
}

export interface EncodePlanOptions {
  /** A plan nested in a description carries `descriptions: null`. */
  nested?: boolean;
}

/** `PlanModel` (common-models 1.2.0): all 23 properties, in the Java declaration order. */
export function encodePlan(plan: M.PlanModel, options: EncodePlanOptions = {}): WireObject {
  return {
    id: plan.id,
    // A Java `short` primitive: never null.
    version: plan.version ?? 0,
    label: plan.label,
    description: plan.description,
    accessType: numbered(ACCESS_TYPE, plan.accessType),
    status: encodeStatus(plan.status, PLAN_STATUS),
    creator: encodeUser(plan.creator),
    planBlueprint: encodeBlueprint(plan.blueprint),
    properties: {
      planBlueprintValues: plan.blueprintValues.map((v) => ({
        fieldId: v.fieldId,
        value: v.value,
        file: encodeFile(v.file),
        dateValue: encodeInstant(v.dateValue),
        numberValue: v.numberValue,
      })),
      contacts: plan.contacts.map((c) => ({ firstName: c.firstName, lastName: c.lastName, email: c.email })),
    },
    entityDois: plan.entityDois.map((d) => ({ id: d.id, doi: d.doi, repositoryId: d.repositoryId })),
    descriptions: options.nested ? null : plan.descriptions.map(encodeDescription),
    users: plan.users.map((u) => ({
      user: encodeUser(u.user),
      role: numbered(PLAN_USER_ROLE, u.role),
      sectionId: u.sectionId,
    })),
    references: plan.references.map((r) => ({
      id: r.id,
      reference: r.reference ? encodeReference(r.reference) : null,
      data: { blueprintFieldId: r.blueprintFieldId },
    })),
    descriptionTemplates: plan.descriptionTemplates
      ? plan.descriptionTemplates.map((t) => ({
          descriptionTemplateGroupId: t.descriptionTemplateGroupId,
          sectionId: t.sectionId,
        }))
      : null,
    pdfFile: null,
    rdaJsonFile: null,
    supportingFilesZip: null,
    previousDOI: plan.previousDOI,
    finalizedAt: encodeInstant(plan.finalizedAt),
    publicAfter: encodeInstant(plan.publicAfter),
    updatedAt: encodeInstant(plan.updatedAt),
    createdAt: encodeInstant(plan.createdAt),
    language: plan.language,
  };
}
