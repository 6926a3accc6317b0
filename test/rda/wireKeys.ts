/**
 * The common-models 1.2.0 property sets, written down from the contract (§2.3–2.7), not derived
 * from the code under test: the backend fails on unknown properties, and 1.3.0 additions are
 * unknown to a 1.2.0 backend.
 */
import type { Wire } from './helpers';

const keys = (object: Wire) => Object.keys(object).sort();
const sorted = (list: string[]) => [...list].sort();

export const PLAN_MODEL_KEYS = sorted([
  'id', 'version', 'label', 'description', 'accessType', 'status', 'creator', 'planBlueprint', 'properties', 'entityDois',
  'descriptions', 'users', 'references', 'descriptionTemplates', 'pdfFile', 'rdaJsonFile', 'supportingFilesZip', 'previousDOI',
  'finalizedAt', 'publicAfter', 'updatedAt', 'createdAt', 'language',
]);
export const BLUEPRINT_KEYS = sorted(['id', 'label', 'description', 'definition', 'status', 'groupId']);
export const BLUEPRINT_SECTION_KEYS = sorted(['id', 'description', 'label', 'ordinal', 'hasTemplates', 'canEditDescriptionTemplates', 'fields']);
const FIELD_BASE = ['id', 'category', 'label', 'placeholder', 'description', 'semantics', 'ordinal', 'required'];
export const BLUEPRINT_FIELD_KEYS: Record<number, string[]> = {
  0: sorted([...FIELD_BASE, 'systemFieldType']),
  1: sorted([...FIELD_BASE, 'dataType']),
  2: sorted([...FIELD_BASE, 'referenceType', 'multipleSelect']),
  3: sorted([...FIELD_BASE, 'types', 'maxFileSizeInMB']),
};
export const DESCRIPTION_KEYS = sorted([
  'id', 'label', 'description', 'tags', 'status', 'descriptionTemplate', 'plan', 'sectionId', 'createdAt', 'properties', 'visibilityStates',
]);
export const TEMPLATE_KEYS = sorted(['id', 'label', 'description', 'type', 'groupId', 'version', 'language', 'definition']);
export const TEMPLATE_FIELD_KEYS = sorted(['id', 'ordinal', 'semantics', 'defaultValue', 'validations', 'includeInExport', 'data']);
export const FIELD_DATA_KEYS: Record<string, string[]> = {
  select: sorted(['label', 'fieldType', 'multipleSelect', 'options']),
  radiobox: sorted(['label', 'fieldType', 'options']),
  referenceTypes: sorted(['label', 'fieldType', 'multipleSelect', 'referenceType']),
  upload: sorted(['label', 'fieldType', 'types']),
  internalEntitiesPlans: sorted(['label', 'fieldType', 'multipleSelect']),
  internalEntitiesDescriptions: sorted(['label', 'fieldType', 'multipleSelect']),
  label: sorted(['label', 'fieldType']),
};
export const FIELD_VALUE_KEYS = sorted(['id', 'textValue', 'textListValue', 'dateValue', 'booleanValue', 'references', 'externalIdentifier', 'file']);
export const REFERENCE_KEYS = sorted(['id', 'label', 'type', 'description', 'definition', 'reference', 'abbreviation', 'source', 'sourceType']);
export const REFERENCE_TYPE_KEYS = sorted(['id', 'name', 'code']);

/** Checks every object of a PlanModel tree against the 1.2.0 key sets; returns the mismatches. */
export function keySetProblems(plan: Wire): string[] {
  const problems: string[] = [];
  const expect = (where: string, object: Wire, expected: string[]) => {
    if (object === null) return;
    if (JSON.stringify(keys(object)) !== JSON.stringify(expected)) problems.push(`${where}: ${keys(object).join(',')}`);
  };
  const reference = (where: string, r: Wire) => {
    expect(where, r, REFERENCE_KEYS);
    if (r?.type) expect(`${where}/type`, r.type, REFERENCE_TYPE_KEYS);
  };
  const template = (where: string, t: Wire) => {
    expect(where, t, TEMPLATE_KEYS);
    expect(`${where}/definition`, t.definition, ['pages', 'plugins']);
    const walk = (section: Wire, at: string) => {
      for (const fs of section.fieldSets) {
        for (const field of fs.fields) {
          expect(`${at}/field ${field.id}`, field, TEMPLATE_FIELD_KEYS);
          expect(`${at}/field ${field.id}/data`, field.data, FIELD_DATA_KEYS[field.data.fieldType] ?? FIELD_DATA_KEYS.label);
          if (field.data.referenceType) expect(`${at}/field ${field.id}/referenceType`, field.data.referenceType, REFERENCE_TYPE_KEYS);
        }
      }
      for (const child of section.sections) walk(child, at);
    };
    for (const page of t.definition.pages) for (const section of page.sections) walk(section, `${where}/page ${page.id}`);
  };
  expect('plan', plan, PLAN_MODEL_KEYS);
  if (plan.planBlueprint) {
    expect('planBlueprint', plan.planBlueprint, BLUEPRINT_KEYS);
    expect('planBlueprint/definition', plan.planBlueprint.definition, ['plugins', 'sections']);
    for (const section of plan.planBlueprint.definition.sections) {
      expect(`section ${section.id}`, section, BLUEPRINT_SECTION_KEYS);
      for (const field of section.fields) {
        expect(`blueprint field ${field.id}`, field, BLUEPRINT_FIELD_KEYS[field.category] ?? []);
        if (field.referenceType) expect(`blueprint field ${field.id}/referenceType`, field.referenceType, REFERENCE_TYPE_KEYS);
      }
    }
  }
  expect('properties', plan.properties, ['contacts', 'planBlueprintValues']);
  for (const v of plan.properties?.planBlueprintValues ?? []) expect('planBlueprintValue', v, sorted(['fieldId', 'value', 'file', 'dateValue', 'numberValue']));
  for (const c of plan.properties?.contacts ?? []) expect('contact', c, sorted(['firstName', 'lastName', 'email']));
  for (const r of plan.references ?? []) {
    expect('planReference', r, sorted(['id', 'reference', 'data']));
    expect('planReference/data', r.data, ['blueprintFieldId']);
    reference('planReference/reference', r.reference);
  }
  for (const t of plan.descriptionTemplates ?? []) expect('descriptionTemplate', t, sorted(['descriptionTemplateGroupId', 'sectionId']));
  for (const u of plan.users ?? []) expect('planUser', u, sorted(['user', 'role', 'sectionId']));
  if (plan.creator) expect('creator', plan.creator, sorted(['id', 'name', 'additionalInfo', 'contacts']));
  for (const d of plan.descriptions ?? []) {
    expect(`description ${d.id}`, d, DESCRIPTION_KEYS);
    template(`description ${d.id}/descriptionTemplate`, d.descriptionTemplate);
    expect(`description ${d.id}/properties`, d.properties, ['fieldSets']);
    for (const [fieldSetId, answers] of Object.entries<Wire>(d.properties.fieldSets)) {
      expect(`fieldSet ${fieldSetId}`, answers, ['comment', 'items']);
      for (const item of answers.items) {
        expect(`fieldSet ${fieldSetId} item`, item, ['fields', 'ordinal']);
        for (const value of Object.values<Wire>(item.fields)) {
          expect(`field value ${value.id}`, value, FIELD_VALUE_KEYS);
          for (const r of value.references ?? []) reference(`field value ${value.id}/reference`, r);
          if (value.externalIdentifier) expect('externalIdentifier', value.externalIdentifier, ['identifier', 'type']);
        }
      }
    }
  }
  return problems;
}
