/**
 * RAiD JSON -> a plan. The record's identifier, dates and access go into the blueprint fields
 * that carry the same `raid.*` semantics the export reads (so a plan exported and imported again
 * keeps them); its primary title names the plan, its primary description describes it, and the
 * blueprint's title and description fields get the record's other title and description. The
 * plan is public exactly when the record is open access, as in OpenCDMP's RAiD transformer. A
 * RAiD record has no datasets, so the import has no descriptions.
 */
import { randomUUID } from 'node:crypto';
import { decodePlanImportModel } from '../../../contract/decode';
import { encodePlan, type WireObject } from '../../../contract/encode';
import type * as M from '../../../contract/model';
import { assertValidRequest } from '../../../contract/validate';
import { badRequest, ServiceError } from '../../../errors';
import type { PreprocessingDescription, PreprocessingPlan } from '../../types';
import { instantOfRaidDate, raidDateOfText } from '../dates';
import { iso6391Of, iso6393Of } from '../languages';
import {
  ACCESS_TYPE,
  DESCRIPTION_TYPE,
  OPEN_ACCESS,
  PRIMARY_DESCRIPTION,
  PRIMARY_TITLE,
  termOf,
  TITLE_TYPE,
} from '../vocabulary';
import { readRaid, type ImportedDescription, type ImportedRaid, type ImportedTitle } from './readRaid';
import { parseEnvelopeJson } from '../../../contract/envelope';
import { plainTextToHtml } from '../../../contract/richText';

const typeOf = (vocabulary: typeof TITLE_TYPE, id: string | null) =>
  id ? (termOf(vocabulary, [id])?.id ?? null) : null;

/** The title that names the plan: the current primary one, else any primary, else the first. */
function planTitleOf(raid: ImportedRaid): ImportedTitle | null {
  const primaries = raid.titles.filter((t) => typeOf(TITLE_TYPE, t.type.id) === PRIMARY_TITLE);
  return primaries.find((t) => !t.endDate) ?? primaries[0] ?? raid.titles[0] ?? null;
}

function primaryDescriptionOf(raid: ImportedRaid): ImportedDescription | null {
  return (
    raid.descriptions.find((d) => typeOf(DESCRIPTION_TYPE, d.type.id) === PRIMARY_DESCRIPTION) ??
    raid.descriptions[0] ??
    null
  );
}

export function preprocessPlan(envelope: unknown): PreprocessingPlan {
  assertValidRequest('file-envelope-model', envelope);
  const raid = readRaid(parseEnvelopeJson(envelope, 'RAiD JSON'));
  return { label: planTitleOf(raid)?.text ?? 'Imported RAiD', preprocessingDescriptionModels: [] };
}

const notForDescriptions = () =>
  new ServiceError('not-found', 'A RAiD record describes a whole project: it imports as a plan, not as a description.');

export function preprocessDescription(_envelope: unknown): PreprocessingDescription {
  throw notForDescriptions();
}

export function importDescription(_body: unknown): WireObject {
  throw notForDescriptions();
}

/** A blueprint field carries one of the keys of a block. */
const carries = (blueprint: M.PlanBlueprint, prefix: string) =>
  blueprint.sections.some((s) => s.fields.some((f) => f.semantics.some((k) => k.startsWith(prefix))));

/**
 * The values of the record by `raid.*` key: identifier, date and access as the file gives them,
 * plus the one title and description the blueprint's fields hold (the export reads the
 * blueprint's fields of a block as one entry). Which ones: with a type field, the first not
 * already the plan's title (description); without, the one whose default type the export would
 * give back (an alternative title; the primary description).
 */
function recordValues(raid: ImportedRaid, blueprint: M.PlanBlueprint): Map<string, string> {
  const values = new Map(raid.singles);
  const planTitle = planTitleOf(raid);
  const others = raid.titles.filter((t) => t !== planTitle);
  const title = carries(blueprint, 'raid.title.type.')
    ? others[0]
    : (others.find((t) => typeOf(TITLE_TYPE, t.type.id) === TITLE_TYPE.terms[3].id) ?? others[0]);
  if (title) {
    const put = (suffix: string, value: string | null) => value && values.set(`raid.title.${suffix}`, value);
    put('text', title.text);
    put('type.id', title.type.id);
    put('type.schemaUri', title.type.schemaUri);
    put('language.id', title.language.id);
    put('language.schemaUri', title.language.schemaUri);
    put('startDate', title.startDate);
    put('endDate', title.endDate);
  }
  const primary = primaryDescriptionOf(raid);
  const description = carries(blueprint, 'raid.description.type.')
    ? (raid.descriptions.find((d) => d !== primary) ?? primary)
    : primary;
  if (description) {
    const put = (suffix: string, value: string | null) => value && values.set(`raid.description.${suffix}`, value);
    put('text', description.text);
    put('type.id', description.type.id);
    put('type.schemaUri', description.type.schemaUri);
    put('language.id', description.language.id);
    put('language.schemaUri', description.language.schemaUri);
  }
  return values;
}

/** An Extra field's value for a record value, in the slot its data type keeps it; null when it does not fit. */
function blueprintValue(field: M.ExtraBlueprintField, text: string): M.PlanBlueprintValue | null {
  const value: M.PlanBlueprintValue = {
    fieldId: field.id,
    value: null,
    file: null,
    dateValue: null,
    numberValue: null,
  };
  switch (field.dataType) {
    case 'text':
      value.value = text;
      break;
    case 'richText':
      value.value = plainTextToHtml(text);
      break;
    case 'date':
      value.dateValue = raidDateOfText(text) ? instantOfRaidDate(text) : null;
      break;
    case 'number':
      value.numberValue = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
      break;
  }
  return value.value !== null || value.dateValue !== null || value.numberValue !== null ? value : null;
}

export function importPlan(body: unknown): WireObject {
  assertValidRequest('plan-import-model', body);
  const importModel = decodePlanImportModel(body);
  if (importModel.descriptions.length > 0) {
    throw badRequest('A RAiD record has no datasets to import as descriptions; import it without descriptions.', [
      { path: '/descriptions', message: 'must be empty for a RAiD import' },
    ]);
  }
  const blueprint = importModel.blueprint!;
  const raid = readRaid(parseEnvelopeJson((body as { file: unknown }).file, 'RAiD JSON'));
  const values = recordValues(raid, blueprint);
  const blueprintValues: M.PlanBlueprintValue[] = [];
  for (const field of blueprint.sections.flatMap((s) => s.fields)) {
    if (field.category !== 'extra') continue;
    const key = field.semantics.find((k) => k.startsWith('raid.') && values.has(k));
    const value = key ? blueprintValue(field, values.get(key)!) : null;
    if (value) blueprintValues.push(value);
  }
  const planTitle = planTitleOf(raid);
  const primary = primaryDescriptionOf(raid);
  const access = values.get('raid.access.type.id');
  const language = [planTitle?.language.id, primary?.language.id]
    .map((code) => (code ? iso6393Of(code) : null))
    .map((code) => (code ? iso6391Of(code) : null))
    .find((code) => code !== null);
  const plan: M.PlanModel = {
    id: randomUUID(),
    version: null,
    label: planTitle?.text ?? null,
    description: primary ? plainTextToHtml(primary.text) : null,
    // Public exactly when the record is open access (OpenCDMP's rule); RAiD has no restricted records.
    accessType: access && termOf(ACCESS_TYPE, [access])?.id === OPEN_ACCESS ? 'public' : 'restricted',
    status: null,
    creator: null,
    blueprint,
    blueprintValues,
    contacts: [],
    entityDois: [],
    descriptions: [],
    users: [],
    references: [],
    descriptionTemplates: [],
    previousDOI: null,
    createdAt: null,
    updatedAt: null,
    finalizedAt: null,
    publicAfter: null,
    language: language ?? 'en',
  };
  return encodePlan(plan);
}
