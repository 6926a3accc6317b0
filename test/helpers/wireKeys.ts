/**
 * The common-models 1.2.0 property sets, written down from the contract (§2.2–2.7), not derived
 * from the code under test: the backend fails on unknown properties, and 1.3.0 additions are
 * unknown to a 1.2.0 backend. `keySetProblems` checks every object of a PlanModel (or
 * DescriptionModel) tree, and names any object it has no key set for.
 */
import type { Wire } from '../builders/rda';

const sorted = (list: readonly string[]) => [...list].sort();

export const PLAN_MODEL_KEYS = sorted([
  'id',
  'version',
  'label',
  'description',
  'accessType',
  'status',
  'creator',
  'planBlueprint',
  'properties',
  'entityDois',
  'descriptions',
  'users',
  'references',
  'descriptionTemplates',
  'pdfFile',
  'rdaJsonFile',
  'supportingFilesZip',
  'previousDOI',
  'finalizedAt',
  'publicAfter',
  'updatedAt',
  'createdAt',
  'language',
]);
export const BLUEPRINT_KEYS = sorted(['id', 'label', 'description', 'definition', 'status', 'groupId']);
export const BLUEPRINT_SECTION_KEYS = sorted([
  'id',
  'description',
  'label',
  'ordinal',
  'hasTemplates',
  'canEditDescriptionTemplates',
  'fields',
]);
const FIELD_BASE = ['id', 'category', 'label', 'placeholder', 'description', 'semantics', 'ordinal', 'required'];
export const BLUEPRINT_FIELD_KEYS: Record<number, string[]> = {
  0: sorted([...FIELD_BASE, 'systemFieldType']),
  1: sorted([...FIELD_BASE, 'dataType']),
  2: sorted([...FIELD_BASE, 'referenceType', 'multipleSelect']),
  3: sorted([...FIELD_BASE, 'types', 'maxFileSizeInMB']),
};
export const DESCRIPTION_KEYS = sorted([
  'id',
  'label',
  'description',
  'tags',
  'status',
  'descriptionTemplate',
  'plan',
  'sectionId',
  'createdAt',
  'properties',
  'visibilityStates',
]);
export const TEMPLATE_KEYS = sorted([
  'id',
  'label',
  'description',
  'type',
  'groupId',
  'version',
  'language',
  'definition',
]);
export const TEMPLATE_FIELD_KEYS = sorted([
  'id',
  'ordinal',
  'semantics',
  'defaultValue',
  'validations',
  'includeInExport',
  'data',
]);
export const FIELD_DATA_KEYS: Record<string, string[]> = {
  select: sorted(['label', 'fieldType', 'multipleSelect', 'options']),
  radiobox: sorted(['label', 'fieldType', 'options']),
  referenceTypes: sorted(['label', 'fieldType', 'multipleSelect', 'referenceType']),
  upload: sorted(['label', 'fieldType', 'types']),
  internalEntitiesPlans: sorted(['label', 'fieldType', 'multipleSelect']),
  internalEntitiesDescriptions: sorted(['label', 'fieldType', 'multipleSelect']),
  label: sorted(['label', 'fieldType']),
};
export const FIELD_VALUE_KEYS = sorted([
  'id',
  'textValue',
  'textListValue',
  'dateValue',
  'booleanValue',
  'references',
  'externalIdentifier',
  'file',
]);
export const REFERENCE_KEYS = sorted([
  'id',
  'label',
  'type',
  'description',
  'definition',
  'reference',
  'abbreviation',
  'source',
  'sourceType',
]);
export const REFERENCE_TYPE_KEYS = sorted(['id', 'name', 'code']);

/** An object's keys, and the shapes of the values under some of them (arrays: of their items). */
interface ObjectShape {
  keys: readonly string[];
  nested?: Readonly<Record<string, Shape>>;
}
/** A fixed object shape, one chosen by the object (polymorphic types), or a map keyed by ids. */
type Shape = ObjectShape | ((object: Wire) => ObjectShape) | { valuesOf: Shape };

const FILE: ObjectShape = { keys: ['filename', 'fileRef', 'mimeType', 'file'] };
const STATUS: ObjectShape = { keys: ['id', 'name', 'internalStatus'] };
const REFERENCE_TYPE: ObjectShape = { keys: REFERENCE_TYPE_KEYS };
const LABEL_VALUE: ObjectShape = { keys: ['label', 'value'] };
const PLUGIN: ObjectShape = {
  keys: ['code', 'type', 'fields'],
  nested: { fields: { keys: ['code', 'textValue', 'file'], nested: { file: FILE } } },
};
const USER: ObjectShape = {
  keys: ['id', 'name', 'additionalInfo', 'contacts'],
  nested: {
    additionalInfo: { keys: ['pluginConfigurations'], nested: { pluginConfigurations: PLUGIN } },
    contacts: { keys: ['id', 'ordinal', 'type', 'value', 'createdAt'] },
  },
};
const REFERENCE: ObjectShape = {
  keys: REFERENCE_KEYS,
  nested: { type: REFERENCE_TYPE, definition: { keys: ['fields'], nested: { fields: { keys: ['code', 'value'] } } } },
};
const BLUEPRINT: ObjectShape = {
  keys: BLUEPRINT_KEYS,
  nested: {
    definition: {
      keys: ['sections', 'plugins'],
      nested: {
        plugins: PLUGIN,
        sections: {
          keys: BLUEPRINT_SECTION_KEYS,
          nested: {
            fields: (field: Wire) => ({
              keys: BLUEPRINT_FIELD_KEYS[field.category] ?? [
                `no key set for category ${JSON.stringify(field.category)}`,
              ],
              nested: { referenceType: REFERENCE_TYPE, types: LABEL_VALUE },
            }),
          },
        },
      },
    },
  },
};
const TEMPLATE_FIELD: ObjectShape = {
  keys: TEMPLATE_FIELD_KEYS,
  nested: {
    defaultValue: { keys: ['textValue', 'dateValue', 'booleanValue'] },
    data: (data: Wire) => ({
      keys: FIELD_DATA_KEYS[data.fieldType] ?? FIELD_DATA_KEYS.label,
      nested: { options: LABEL_VALUE, types: LABEL_VALUE, referenceType: REFERENCE_TYPE },
    }),
  },
};
const TEMPLATE_SECTION: ObjectShape = {
  keys: ['id', 'ordinal', 'title', 'description', 'extendedDescription', 'sections', 'fieldSets'],
  nested: {
    // Sections nest: the getter resolves the shape once the constant exists.
    get sections() {
      return TEMPLATE_SECTION;
    },
    fieldSets: {
      keys: [
        'id',
        'ordinal',
        'title',
        'description',
        'extendedDescription',
        'additionalInformation',
        'hasMultiplicity',
        'multiplicity',
        'fields',
      ],
      nested: { multiplicity: { keys: ['min', 'max', 'placeholder', 'tableView'] }, fields: TEMPLATE_FIELD },
    },
  },
};
const TEMPLATE: ObjectShape = {
  keys: TEMPLATE_KEYS,
  nested: {
    type: { keys: ['id', 'name'] },
    definition: {
      keys: ['pages', 'plugins'],
      nested: {
        plugins: PLUGIN,
        pages: { keys: ['id', 'ordinal', 'title', 'sections'], nested: { sections: TEMPLATE_SECTION } },
      },
    },
  },
};
const FIELD_VALUE: ObjectShape = {
  keys: FIELD_VALUE_KEYS,
  nested: { references: REFERENCE, externalIdentifier: { keys: ['identifier', 'type'] }, file: FILE },
};
const DESCRIPTION: ObjectShape = {
  keys: DESCRIPTION_KEYS,
  nested: {
    status: STATUS,
    descriptionTemplate: TEMPLATE,
    // The nested plan: a PlanModel whose descriptions are null.
    get plan() {
      return PLAN;
    },
    properties: {
      keys: ['fieldSets'],
      nested: {
        fieldSets: {
          valuesOf: {
            keys: ['comment', 'items'],
            nested: { items: { keys: ['fields', 'ordinal'], nested: { fields: { valuesOf: FIELD_VALUE } } } },
          },
        },
      },
    },
    visibilityStates: { keys: ['fieldId', 'ordinal', 'visible'] },
  },
};
const PLAN: ObjectShape = {
  keys: PLAN_MODEL_KEYS,
  nested: {
    status: STATUS,
    creator: USER,
    planBlueprint: BLUEPRINT,
    properties: {
      keys: ['planBlueprintValues', 'contacts'],
      nested: {
        planBlueprintValues: { keys: ['fieldId', 'value', 'file', 'dateValue', 'numberValue'], nested: { file: FILE } },
        contacts: { keys: ['firstName', 'lastName', 'email'] },
      },
    },
    entityDois: { keys: ['id', 'doi', 'repositoryId'] },
    descriptions: DESCRIPTION,
    users: { keys: ['user', 'role', 'sectionId'], nested: { user: USER } },
    references: {
      keys: ['id', 'reference', 'data'],
      nested: { reference: REFERENCE, data: { keys: ['blueprintFieldId'] } },
    },
    descriptionTemplates: { keys: ['descriptionTemplateGroupId', 'sectionId'] },
    pdfFile: FILE,
    rdaJsonFile: FILE,
    supportingFilesZip: FILE,
  },
};

const isObject = (value: unknown): value is Wire =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every object of a PlanModel (`entity` 'plan') or DescriptionModel tree whose keys differ from
 * the 1.2.0 set, and every object no key set covers (so nothing goes unchecked).
 */
export function keySetProblems(model: Wire, entity: 'plan' | 'description' = 'plan'): string[] {
  const problems: string[] = [];
  const checked = new Set<object>();
  const check = (at: string, value: unknown, shape: Shape): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => check(`${at}/${index}`, item, shape));
    if (!isObject(value)) return;
    checked.add(value);
    if ('valuesOf' in shape) {
      for (const [key, item] of Object.entries(value)) check(`${at}/${key}`, item, shape.valuesOf);
      return;
    }
    const object = typeof shape === 'function' ? shape(value) : shape;
    const keys = Object.keys(value).sort();
    if (JSON.stringify(keys) !== JSON.stringify(sorted(object.keys))) problems.push(`${at || '/'}: ${keys.join(',')}`);
    for (const [key, inner] of Object.entries(object.nested ?? {})) check(`${at}/${key}`, value[key], inner);
  };
  check('', model, entity === 'plan' ? PLAN : DESCRIPTION);

  const unchecked = (at: string, value: unknown): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => unchecked(`${at}/${index}`, item));
    if (!isObject(value)) return;
    if (!checked.has(value)) problems.push(`${at || '/'}: an object no 1.2.0 key set covers`);
    for (const [key, inner] of Object.entries(value)) unchecked(`${at}/${key}`, inner);
  };
  unchecked('', model);
  return problems;
}
