/**
 * Wire -> model. The only place that knows how the OpenCDMP backend (Jackson, common-models 1.2.0
 * or 1.3.0) writes things: instants as epoch seconds (Jackson 2) or ISO-8601 strings (Jackson 3's
 * default), enums as numbers, base64 bytes, nulls everywhere. The 1.3.0 additions (`raidJsonFile`,
 * blueprint `type`, reference-type `definition.fields`, reference field `dataType`) are read when
 * present; a 1.2.0 body decodes exactly as before.
 * Duplicate keys (`category`, `fieldType`) are already settled by JSON.parse: the last one wins,
 * and the last one is the real value. Input must have passed `assertValidModel` first.
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import type * as M from './model';

// The wire is loosely typed JSON; the schemas have checked every shape we read here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

export interface DecodeOptions {
  /** Inside a plan export each description repeats the whole plan; skip decoding it. */
  skipNestedPlans?: boolean;
}

export const PLAN_STATUS: M.PlanStatus[] = ['draft', 'finalized'];
export const DESCRIPTION_STATUS: M.DescriptionStatus[] = ['draft', 'finalized', 'canceled'];
export const ACCESS_TYPE: M.PlanAccessType[] = ['public', 'restricted'];
export const PLAN_USER_ROLE: M.PlanUserRole[] = [
  'owner',
  'viewer',
  'descriptionContributor',
  'reviewer',
  'dataSteward',
  'dataPrivacyOfficer',
  'ethicsReviewer',
];
export const FIELD_CATEGORY: M.BlueprintFieldCategory[] = ['system', 'extra', 'referenceType', 'upload'];
export const SYSTEM_FIELD_TYPE: M.SystemFieldType[] = [
  'title',
  'description',
  'language',
  'contact',
  'accessRights',
  'user',
];
export const EXTRA_DATA_TYPE: M.ExtraFieldDataType[] = ['text', 'richText', 'date', 'number'];
export const PLUGIN_TYPE: M.PluginType[] = ['fileTransformer', 'deposit', 'evaluation'];
export const VALIDATION_TYPE: M.TemplateField['validations'] = ['none', 'required', 'url'];
/** 1.3.0 `ReferenceTypeFieldDataType`: 0 Text, 1 Date. */
export const REFERENCE_FIELD_DATA_TYPE: M.ReferenceFieldDataType[] = ['text', 'date'];

/** Numeric enum -> name; null or an unknown number -> null (the schema rejects unknown numbers). */
function named<T>(names: readonly T[], value: unknown): T | null {
  return typeof value === 'number' ? (names[value] ?? null) : null;
}

/**
 * The instants this service reads: years 0000 to 9999, the dates RFC 3339 (and so the RDA
 * schemas) can write. The `Instant` schema in common-models-1.2.schema.json has the same bounds.
 */
const FIRST_INSTANT_MS = Date.parse('0000-01-01T00:00:00Z');
const END_OF_INSTANTS_MS = Date.parse('+010000-01-01T00:00:00Z');

/** True for a time (epoch milliseconds) in the years 0000 to 9999; false for NaN. */
export const isSupportedInstant = (ms: number): boolean => ms >= FIRST_INSTANT_MS && ms < END_OF_INSTANTS_MS;

const rfc3339DateTime = fullFormats['date-time'] as { validate: (value: string) => boolean };

/**
 * An RFC 3339 date-time with a zone (ajv-formats' checker), in the years 0000 to 9999. Not
 * `Date.parse` alone: it reads "1" as the year 2001 and zone-less times in the server's zone.
 */
export const isInstantString = (value: string): boolean =>
  rfc3339DateTime.validate(value) && isSupportedInstant(Date.parse(value));

/**
 * `java.time.Instant` as Jackson writes it (Jackson 2: epoch seconds, 9 fraction digits; Jackson 3:
 * an RFC 3339 string); null when absent, unreadable or outside the years 0000 to 9999. Both are cut
 * to the millisecond as Java's `toEpochMilli` does, so one instant decodes alike from either
 * backend: seconds are first rounded to the microsecond, which removes the binary noise of the
 * fraction (…045.123 s is 1735787045122.9998 ms), then truncated.
 */
export function decodeInstant(value: unknown): Date | null {
  const ms =
    typeof value === 'number'
      ? Math.floor(Math.round(value * 1e6) / 1000)
      : typeof value === 'string' && isInstantString(value)
        ? Date.parse(value)
        : NaN;
  return isSupportedInstant(ms) ? new Date(ms) : null;
}

/** Lone surrogates (valid JSON escapes) become U+FFFD: XML and PDF text cannot carry them. (ES2024; lib is ES2023.) */
const wellFormed = (value: string): string => (value as string & { toWellFormed(): string }).toWellFormed();
const str = (value: unknown): string | null => (typeof value === 'string' ? wellFormed(value) : null);
const isObject = (value: unknown): value is Wire =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Items that are not objects (a null in a list of objects) are skipped, not dereferenced. */
const list = <T>(value: unknown, map: (item: Wire) => T): T[] =>
  Array.isArray(value) ? value.filter(isObject).map(map) : [];
const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item) => item !== null && typeof item !== 'object').map((item) => wellFormed(String(item)))
    : [];
/** Entries of a JSON object, for ids used as keys: no `__proto__` or `constructor` can reach a prototype. */
const entries = (value: unknown): [string, Wire][] => (isObject(value) ? Object.entries<Wire>(value) : []);
/** A record without a prototype: `record["constructor"]` is only ever what the body put there. */
function record<T>(pairs: Iterable<[string, T]>): Record<string, T> {
  const result: Record<string, T> = Object.create(null) as Record<string, T>;
  for (const [key, value] of pairs) result[key] = value;
  return result;
}
const id = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));

export function decodeFile(raw: Wire): M.FileEnvelope | null {
  if (!isObject(raw)) return null;
  return {
    filename: str(raw.filename),
    mimeType: str(raw.mimeType),
    fileRef: str(raw.fileRef),
    bytes: typeof raw.file === 'string' ? new Uint8Array(Buffer.from(raw.file, 'base64')) : null,
  };
}

function decodeUser(raw: Wire): M.UserModel | null {
  if (!isObject(raw)) return null;
  return {
    id: str(raw.id),
    name: str(raw.name),
    contacts: list(raw.contacts, (c) => ({
      id: str(c?.id),
      type: c?.type === 0 ? 'email' : null,
      value: str(c?.value),
      createdAt: decodeInstant(c?.createdAt),
    })),
  };
}

/** 1.3.0 `ReferenceTypeFieldModel`s; none from a 1.2.0 backend. */
function decodeReferenceTypeFields(raw: Wire): M.ReferenceTypeField[] {
  return list(raw, (f) => ({
    code: String(f?.code ?? ''),
    label: str(f?.label),
    description: str(f?.description),
    dataType: named(REFERENCE_FIELD_DATA_TYPE, f?.dataType),
    semantics: strings(f?.semantics),
    required: typeof f?.required === 'boolean' ? f.required : null,
  })).filter((f) => f.code !== '');
}

function decodeReferenceType(raw: Wire): M.ReferenceTypeModel | null {
  if (!isObject(raw)) return null;
  const type: M.ReferenceTypeModel = { id: str(raw.id), name: str(raw.name), code: str(raw.code) };
  const fields = decodeReferenceTypeFields(isObject(raw.definition) ? raw.definition.fields : null);
  // Only when the 1.3.0 definition is there: a 1.2.0 type decodes to exactly what it did.
  if (fields.length > 0) type.fields = fields;
  return type;
}

function decodeReferenceField(raw: Wire): M.ReferenceField {
  const field: M.ReferenceField = { code: String(raw?.code ?? ''), value: str(raw?.value) };
  if (raw?.dataType != null) field.dataType = named(REFERENCE_FIELD_DATA_TYPE, raw.dataType);
  return field;
}

export function decodeReference(raw: Wire): M.ReferenceModel {
  return {
    id: str(raw?.id),
    label: str(raw?.label),
    type: decodeReferenceType(raw?.type),
    description: str(raw?.description),
    fields: list(raw?.definition?.fields, decodeReferenceField),
    reference: str(raw?.reference),
    abbreviation: str(raw?.abbreviation),
    source: str(raw?.source),
    sourceType: named(['internal', 'external'] as const, raw?.sourceType),
  };
}

function decodePlugins(raw: Wire): M.PluginConfiguration[] {
  return list(raw, (p) => ({
    code: String(p?.code ?? ''),
    type: named(PLUGIN_TYPE, p?.type),
    fields: list(p?.fields, (f) => ({
      code: String(f?.code ?? ''),
      textValue: str(f?.textValue),
      file: decodeFile(f?.file),
    })),
  }));
}

function decodeBlueprintField(raw: Wire): M.BlueprintField {
  const base = {
    id: id(raw.id),
    label: str(raw.label),
    placeholder: str(raw.placeholder),
    description: str(raw.description),
    semantics: strings(raw.semantics),
    ordinal: Number(raw.ordinal ?? 0),
    required: raw.required === true,
  };
  // `category` may survive only as Jackson's string type id when a client sends it once.
  switch (FIELD_CATEGORY[Number(raw.category)]) {
    case 'system':
      return { ...base, category: 'system', systemFieldType: named(SYSTEM_FIELD_TYPE, raw.systemFieldType)! };
    case 'extra':
      return { ...base, category: 'extra', dataType: named(EXTRA_DATA_TYPE, raw.dataType)! };
    case 'referenceType':
      return {
        ...base,
        category: 'referenceType',
        referenceType: decodeReferenceType(raw.referenceType),
        multipleSelect: raw.multipleSelect === true,
      };
    default:
      return {
        ...base,
        category: 'upload',
        types: list(raw.types, (t) => ({ label: str(t?.label), value: str(t?.value) })),
        maxFileSizeInMB: typeof raw.maxFileSizeInMB === 'number' ? raw.maxFileSizeInMB : null,
      };
  }
}

export function decodeBlueprint(raw: Wire): M.PlanBlueprint | null {
  if (!isObject(raw)) return null;
  return {
    id: str(raw.id),
    label: str(raw.label),
    description: str(raw.description),
    groupId: str(raw.groupId),
    // 1.3.0; a 1.2.0 blueprint has no `type` key, so the model has none either.
    ...(isObject(raw.type) ? { type: { id: str(raw.type.id), name: str(raw.type.name) } } : {}),
    status: named(['draft', 'finalized'] as const, raw.status),
    sections: list(raw.definition?.sections, (s) => ({
      id: id(s.id),
      label: str(s.label),
      description: str(s.description),
      ordinal: Number(s.ordinal ?? 0),
      hasTemplates: s.hasTemplates === true,
      canEditDescriptionTemplates:
        typeof s.canEditDescriptionTemplates === 'boolean' ? s.canEditDescriptionTemplates : null,
      fields: list(s.fields, decodeBlueprintField),
    })),
    plugins: decodePlugins(raw.definition?.plugins),
  };
}

export function decodePlan(raw: Wire, options: DecodeOptions = {}): M.PlanModel {
  return {
    id: id(raw.id),
    version: typeof raw.version === 'number' ? raw.version : null,
    label: str(raw.label),
    description: str(raw.description),
    accessType: named(ACCESS_TYPE, raw.accessType),
    status: isObject(raw.status)
      ? {
          id: str(raw.status.id),
          name: str(raw.status.name),
          internalStatus: named(PLAN_STATUS, raw.status.internalStatus),
        }
      : null,
    creator: decodeUser(raw.creator),
    blueprint: decodeBlueprint(raw.planBlueprint),
    blueprintValues: list(raw.properties?.planBlueprintValues, (v) => ({
      fieldId: id(v.fieldId),
      value: str(v.value),
      file: decodeFile(v.file),
      dateValue: decodeInstant(v.dateValue),
      numberValue: typeof v.numberValue === 'number' ? v.numberValue : null,
    })),
    contacts: list(raw.properties?.contacts, (c) => ({
      firstName: str(c?.firstName),
      lastName: str(c?.lastName),
      email: str(c?.email),
    })),
    entityDois: list(raw.entityDois, (d) => ({ id: str(d?.id), doi: str(d?.doi), repositoryId: str(d?.repositoryId) })),
    descriptions: list(raw.descriptions, (d) =>
      decodeDescription(d, { skipNestedPlans: options.skipNestedPlans ?? true }),
    ),
    users: list(raw.users, (u) => ({
      user: decodeUser(u?.user),
      role: named(PLAN_USER_ROLE, u?.role),
      sectionId: str(u?.sectionId),
    })),
    references: list(raw.references, (r) => ({
      id: str(r?.id),
      reference: isObject(r?.reference) ? decodeReference(r.reference) : null,
      blueprintFieldId: str(r?.data?.blueprintFieldId),
    })),
    ...(Array.isArray(raw.descriptionTemplates)
      ? {
          descriptionTemplates: list(raw.descriptionTemplates, (t: Wire) => ({
            descriptionTemplateGroupId: str(t?.descriptionTemplateGroupId),
            sectionId: str(t?.sectionId),
          })),
        }
      : {}),
    ...(isObject(raw.raidJsonFile) ? { raidJsonFile: decodeFile(raw.raidJsonFile) } : {}),
    previousDOI: str(raw.previousDOI),
    createdAt: decodeInstant(raw.createdAt),
    updatedAt: decodeInstant(raw.updatedAt),
    finalizedAt: decodeInstant(raw.finalizedAt),
    publicAfter: decodeInstant(raw.publicAfter),
    language: str(raw.language),
  };
}

function decodeTemplateField(raw: Wire): M.TemplateField {
  const data: Wire = isObject(raw.data) ? raw.data : {};
  return {
    id: id(raw.id),
    ordinal: Number(raw.ordinal ?? 0),
    semantics: strings(raw.semantics),
    defaultValue: isObject(raw.defaultValue)
      ? {
          textValue: str(raw.defaultValue.textValue),
          dateValue: decodeInstant(raw.defaultValue.dateValue),
          booleanValue: typeof raw.defaultValue.booleanValue === 'boolean' ? raw.defaultValue.booleanValue : null,
        }
      : null,
    validations: (Array.isArray(raw.validations) ? raw.validations : [])
      .map((v: unknown) => named(VALIDATION_TYPE, v))
      .filter(Boolean),
    includeInExport: raw.includeInExport !== false,
    data: {
      label: str(data.label),
      fieldType: data.fieldType,
      multipleSelect: data.multipleSelect === true,
      options: list(data.options, (o) => ({ label: str(o?.label), value: str(o?.value) })),
      referenceType: decodeReferenceType(data.referenceType),
      types: list(data.types, (t) => ({ label: str(t?.label), value: str(t?.value) })),
    },
  };
}

function decodeTemplateSection(raw: Wire): M.TemplateSection {
  return {
    id: id(raw.id),
    ordinal: Number(raw.ordinal ?? 0),
    title: str(raw.title),
    description: str(raw.description),
    extendedDescription: str(raw.extendedDescription),
    sections: list(raw.sections, decodeTemplateSection),
    fieldSets: list(raw.fieldSets, (fs) => ({
      id: id(fs.id),
      ordinal: Number(fs.ordinal ?? 0),
      title: str(fs.title),
      description: str(fs.description),
      extendedDescription: str(fs.extendedDescription),
      additionalInformation: str(fs.additionalInformation),
      hasMultiplicity: fs.hasMultiplicity === true,
      multiplicity: isObject(fs.multiplicity)
        ? {
            min: typeof fs.multiplicity.min === 'number' ? fs.multiplicity.min : null,
            max: typeof fs.multiplicity.max === 'number' ? fs.multiplicity.max : null,
            placeholder: str(fs.multiplicity.placeholder),
            tableView: fs.multiplicity.tableView === true,
          }
        : null,
      fields: list(fs.fields, decodeTemplateField),
    })),
  };
}

export function decodeTemplate(given: Wire): M.DescriptionTemplate {
  const raw: Wire = isObject(given) ? given : {};
  const definition: Wire = isObject(raw.definition) ? raw.definition : {};
  return {
    id: str(raw.id),
    label: str(raw.label),
    description: str(raw.description),
    typeId: str(raw.type?.id),
    typeName: str(raw.type?.name),
    groupId: str(raw.groupId),
    version: typeof raw.version === 'number' ? raw.version : null,
    language: str(raw.language),
    pages: list(definition.pages, (p) => ({
      id: id(p.id),
      ordinal: Number(p.ordinal ?? 0),
      title: str(p.title),
      sections: list(p.sections, decodeTemplateSection),
    })),
    plugins: decodePlugins(definition.plugins),
  };
}

function decodeFieldValue(raw: Wire): M.FieldValue {
  return {
    id: str(raw?.id),
    textValue: str(raw?.textValue),
    textListValue: Array.isArray(raw?.textListValue) ? strings(raw.textListValue) : null,
    dateValue: decodeInstant(raw?.dateValue),
    booleanValue: typeof raw?.booleanValue === 'boolean' ? raw.booleanValue : null,
    references: Array.isArray(raw?.references) ? list(raw.references, decodeReference) : null,
    externalIdentifier: isObject(raw?.externalIdentifier)
      ? { identifier: str(raw.externalIdentifier.identifier), type: str(raw.externalIdentifier.type) }
      : null,
    file: decodeFile(raw?.file),
  };
}

export function decodeDescription(raw: Wire, options: DecodeOptions = {}): M.DescriptionModel {
  const fieldSets = record(
    entries(raw.properties?.fieldSets).map(([fieldSetId, answers]): [string, M.FieldSetAnswers] => [
      fieldSetId,
      {
        comment: str(answers?.comment),
        items: list(answers?.items, (item) => ({
          ordinal: Number(item?.ordinal ?? 0),
          fields: record(
            entries(item?.fields).map(([fieldId, v]): [string, M.FieldValue] => [fieldId, decodeFieldValue(v)]),
          ),
        })),
      },
    ]),
  );
  return {
    id: id(raw.id),
    label: str(raw.label),
    description: str(raw.description),
    tags: strings(raw.tags),
    status: isObject(raw.status)
      ? {
          id: str(raw.status.id),
          name: str(raw.status.name),
          internalStatus: named(DESCRIPTION_STATUS, raw.status.internalStatus),
        }
      : null,
    template: decodeTemplate(raw.descriptionTemplate),
    plan: isObject(raw.plan) && !options.skipNestedPlans ? decodePlan({ ...raw.plan, descriptions: null }) : null,
    sectionId: str(raw.sectionId),
    createdAt: decodeInstant(raw.createdAt),
    fieldSets,
    visibilityStates: Array.isArray(raw.visibilityStates)
      ? list(raw.visibilityStates, (v: Wire) => ({
          fieldId: id(v.fieldId),
          ordinal: typeof v.ordinal === 'number' ? v.ordinal : null,
          // An entry exists; only an explicit false hides.
          visible: v.visible !== false,
        }))
      : null,
  };
}

/** `DescriptionImportModel`; input must have passed the import-model schema. */
export function decodeDescriptionImportModel(raw: Wire): M.DescriptionImportModel {
  return {
    id: str(raw?.id),
    sectionId: str(raw?.sectionId),
    template: isObject(raw?.descriptionTemplate) ? decodeTemplate(raw.descriptionTemplate) : null,
    file: decodeFile(raw?.file),
  };
}

/** `PlanImportModel`; input must have passed the import-model schema. */
export function decodePlanImportModel(raw: Wire): M.PlanImportModel {
  return {
    blueprint: decodeBlueprint(raw?.blueprintModel),
    descriptions: list(raw?.descriptions, decodeDescriptionImportModel),
    file: decodeFile(raw?.file),
  };
}
