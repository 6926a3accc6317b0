/**
 * Puts imported values into planning-service fields, in the slot each field type keeps its value
 * (contract §2.5): text fields get text (HTML for rich text), options get the matching option
 * values, date pickers instants, yes/no fields booleans, reference fields references of the
 * field's type, identifier fields `externalIdentifier`.
 */
import type * as M from '../../../contract/model';
import { plainTextToHtml } from '../text';
import { toDataAccess, toYesNoUnknown } from '../vocabulary';
import type { ImportValue, ReferenceDraft } from './importValues';

const normalize = (s: string) => s.trim().toLowerCase();

/** The option an imported value stands for: same value or label, else the same yes/no/unknown or access level. */
function matchOption(options: M.TemplateFieldOption[], value: ImportValue, item?: string): M.TemplateFieldOption | null {
  const candidates = item !== undefined ? [item] : [value.text, ...(value.alternatives ?? []), ...(value.flag ? [value.flag] : [])];
  const wanted = new Set(candidates.map(normalize));
  const direct = options.find((o) => wanted.has(normalize(o.value ?? '')) || wanted.has(normalize(o.label ?? '')));
  if (direct) return direct;
  const optionWords = (o: M.TemplateFieldOption) => [o.value ?? '', o.label ?? ''];
  const flag = value.flag ?? toYesNoUnknown(candidates);
  if (flag) {
    const byFlag = options.find((o) => toYesNoUnknown(optionWords(o)) === flag);
    if (byFlag) return byFlag;
  }
  const access = toDataAccess(candidates);
  return access ? (options.find((o) => toDataAccess(optionWords(o)) === access) ?? null) : null;
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
  value.reference ?? { label: value.text, reference: value.identifier?.identifier ?? null, description: null, fields: [] };

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

/** A description field's answer for `values` (the first is used unless the field takes several); null when none fits. */
export function templateFieldValue(field: M.TemplateField, values: ImportValue[]): M.FieldValue | null {
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
      answer.textValue = plainTextToHtml(first.text);
      break;
    case 'radiobox':
      answer.textValue = matchOption(data.options, first)?.value ?? null;
      break;
    case 'select': {
      const matches = values.flatMap((v) => (v.list ? v.list.map((item) => matchOption(data.options, v, item)) : [matchOption(data.options, v)]));
      const chosen = [...new Set(matches.flatMap((o) => (o?.value ? [o.value] : [])))];
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
      answer.references = (data.multipleSelect ? values : [first]).map((v) => draftToReference(referenceDraftOf(v), data.referenceType));
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
  const value: M.PlanBlueprintValue = { fieldId: field.id, value: null, file: null, dateValue: null, numberValue: null };
  switch (field.dataType) {
    case 'text':
      value.value = first.text;
      break;
    case 'richText':
      value.value = plainTextToHtml(first.text);
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
