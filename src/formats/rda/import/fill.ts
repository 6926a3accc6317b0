/**
 * Puts imported values into planning-service fields, in the slot each field type keeps its value
 * (contract §2.5): text fields get text (HTML for rich text), options get the matching option
 * values, date pickers instants, yes/no fields booleans, reference fields references of the
 * field's type, identifier fields `externalIdentifier`.
 */
import type * as M from '../../../contract/model';
import { plainTextToHtml } from '../../../contract/richText';
import { toYesNoUnknown } from '../vocabulary';
import { matchOption } from './options';
import type { ImportValue, ReferenceDraft } from './importValues';

/** The option an imported value (or one item of it) stands for. */
function optionFor(options: M.TemplateFieldOption[], value: ImportValue, item?: string): M.TemplateFieldOption | null {
  const candidates =
    item !== undefined ? [item] : [value.text, ...(value.alternatives ?? []), ...(value.flag ? [value.flag] : [])];
  return matchOption(options, candidates, item === undefined ? value.flag : undefined);
}

const asDate = (value: ImportValue): Date | null => {
  if (!value.date) return null;
  const ms = Date.parse(/T/.test(value.date) ? value.date : `${value.date}T00:00:00Z`);
  return Number.isNaN(ms) ? null : new Date(ms);
};

const asBoolean = (value: ImportValue): boolean | null => {
  const flag = value.flag ?? toYesNoUnknown([value.text]);
  return flag === 'yes' ? true : flag === 'no' ? false : null;
};

export function draftToReference(draft: ReferenceDraft, type: M.ReferenceTypeModel | null): M.ReferenceModel {
  return {
    id: null,
    label: draft.label,
    type,
    description: draft.description,
    fields: draft.fields.map((f) => ({ code: f.code, value: f.value })),
    reference: draft.reference,
    abbreviation: null,
    source: null,
    sourceType: null,
  };
}

export const referenceDraftOf = (value: ImportValue): ReferenceDraft =>
  value.reference ?? {
    label: value.text,
    reference: value.identifier?.identifier ?? null,
    description: null,
    fields: [],
  };

/** A template field's answer with every slot empty (the backend expects each field present). */
export const emptyAnswer = (id: string): M.FieldValue => ({
  id,
  textValue: null,
  textListValue: null,
  dateValue: null,
  booleanValue: null,
  references: null,
  externalIdentifier: null,
  file: null,
});

/**
 * A description field's answer for `values` (the first is used unless the field takes several);
 * null when none fits. Values a select or radio field has no option for go to `unplaced`.
 */
export function templateFieldValue(
  field: M.TemplateField,
  values: ImportValue[],
  unplaced: (text: string) => void = () => undefined,
): M.FieldValue | null {
  const first = values[0];
  if (!first) return null;
  const answer = emptyAnswer(field.id);
  const data = field.data;
  switch (data.fieldType) {
    case 'freetext':
    case 'textarea':
      answer.textValue = first.text;
      break;
    case 'richTextarea':
      answer.textValue = first.html ?? plainTextToHtml(first.text);
      break;
    case 'radiobox':
      answer.textValue = optionFor(data.options, first)?.value ?? null;
      if (answer.textValue === null) unplaced(first.text);
      break;
    case 'select': {
      const items = values.flatMap((v) =>
        v.list
          ? v.list.map((item) => ({ text: item, option: optionFor(data.options, v, item) }))
          : [{ text: v.text, option: optionFor(data.options, v) }],
      );
      const chosen = [...new Set(items.flatMap(({ option }) => (option?.value ? [option.value] : [])))];
      for (const { text, option } of items) if (!option?.value) unplaced(text);
      answer.textListValue = chosen.length > 0 ? (data.multipleSelect ? chosen : chosen.slice(0, 1)) : null;
      break;
    }
    case 'tags':
      answer.textListValue = values.flatMap((v) => v.list ?? [v.text]);
      break;
    case 'datePicker':
      answer.dateValue = asDate(first);
      break;
    case 'booleanDecision':
    case 'checkBox':
      answer.booleanValue = asBoolean(first);
      break;
    case 'referenceTypes':
      answer.references = (data.multipleSelect ? values : [first]).map((v) =>
        draftToReference(referenceDraftOf(v), data.referenceType),
      );
      break;
    case 'datasetIdentifier':
    case 'validation':
      answer.externalIdentifier = first.identifier
        ? { identifier: first.identifier.identifier, type: first.identifier.type }
        : { identifier: first.text, type: null };
      break;
    default:
      // Uploads and links to other plans or descriptions cannot come from a file.
      return null;
  }
  const filled =
    answer.textValue !== null ||
    (answer.textListValue?.length ?? 0) > 0 ||
    answer.dateValue !== null ||
    answer.booleanValue !== null ||
    (answer.references?.length ?? 0) > 0 ||
    answer.externalIdentifier !== null;
  return filled ? answer : null;
}

/** A blueprint Extra field's value (`planBlueprintValues` entry) for the first of `values`. */
export function blueprintValue(field: M.ExtraBlueprintField, values: ImportValue[]): M.PlanBlueprintValue | null {
  const first = values[0];
  if (!first) return null;
  const value: M.PlanBlueprintValue = {
    fieldId: field.id,
    value: null,
    file: null,
    dateValue: null,
    numberValue: null,
  };
  switch (field.dataType) {
    case 'text':
      value.value = first.text;
      break;
    case 'richText':
      value.value = first.html ?? plainTextToHtml(first.text);
      break;
    case 'date':
      value.dateValue = asDate(first);
      break;
    case 'number': {
      const number = first.number ?? Number(first.text);
      value.numberValue = Number.isFinite(number) ? number : null;
      break;
    }
  }
  return value.value !== null || value.dateValue !== null || value.numberValue !== null ? value : null;
}
