/**
 * RDA maDMP JSON -> the planning service's models. Preprocessing lists the file's datasets; the
 * plan import places the file's values into the blueprint and templates the user chose, by the
 * `rda.*` semantics on their fields (the exporter's mapping, read backwards), and answers a
 * PlanModel in the exact common-models 1.2.0 wire shape (src/contract/encode.ts).
 */
import { randomUUID } from 'node:crypto';
import { decodeDescriptionImportModel, decodePlanImportModel } from '../../../contract/decode';
import { encodeDescription, encodePlan, type WireObject } from '../../../contract/encode';
import type * as M from '../../../contract/model';
import { assertValidRequest } from '../../../contract/validate';
import { badRequest } from '../../../errors';
import type { PreprocessingDescription, PreprocessingPlan } from '../../types';
import { groupOf, type RdaGroup } from '../groups';
import { CONTACT_PERSON_ROLE, toContributorRole } from '../vocabulary';
import { withImportNotes } from '../importNotes';
import { blueprintValue, draftToReference, emptyAnswer, referenceDraftOf, templateFieldValue } from './fill';
import {
  contactAffiliations,
  allLicenses,
  datasetScope,
  dmpScope,
  richText,
  type ImportScope,
  type ImportValue,
} from './importValues';
import type { ImportedDataset, ImportedDmp } from './imported';
import { readDatasetFile, readDmp } from './readRda';
import { parseEnvelopeJson } from '../../../contract/envelope';
import { emptyTable, lookupTable } from '../../../lookup';

const datasetLabel = (dataset: ImportedDataset, index: number) => dataset.title ?? `Dataset ${index + 1}`;

export function preprocessPlan(envelope: unknown): PreprocessingPlan {
  assertValidRequest('file-envelope-model', envelope);
  const dmp = readDmp(parseEnvelopeJson(envelope, 'RDA maDMP JSON'));
  return {
    label: dmp.title ?? 'Imported plan',
    preprocessingDescriptionModels: dmp.datasets.map((d, i) => ({ id: d.key, label: datasetLabel(d, i) })),
  };
}

export function preprocessDescription(envelope: unknown): PreprocessingDescription {
  assertValidRequest('file-envelope-model', envelope);
  const { dataset } = readDatasetFile(parseEnvelopeJson(envelope, 'RDA maDMP JSON'));
  return { id: dataset.key, label: datasetLabel(dataset, 0) };
}

/** Reference type codes of planning-service catalogues, and the RDA key whose values they take. */
const KEY_FOR_REFERENCE_CODE: Readonly<Record<string, string>> = lookupTable({
  researchers: 'rda.dmp.contributor',
  projects: 'rda.dmp.project',
  funders: 'rda.dmp.project.funding.funder_id',
  grants: 'rda.dmp.project.funding.grant_id',
});

/** Plan-level values by key: scalars, else every object of the key's group, in order. */
function planLevelValues(scope: ImportScope, key: string): ImportValue[] {
  const group = groupOf(key);
  return group ? (scope.groups.get(group) ?? []).flatMap((record) => record.get(key)) : scope.scalars.get(key);
}

function uniqueDrafts(values: ImportValue[]): ImportValue[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const draft = referenceDraftOf(v);
    const key = `${draft.label}|${draft.reference ?? ''}`;
    return !seen.has(key) && seen.add(key);
  });
}

interface PlanParts {
  blueprintValues: M.PlanBlueprintValue[];
  references: M.PlanReference[];
}

/** Blueprint Extra fields get values, ReferenceType fields references, by semantics (or by catalogue code). */
function fillBlueprint(blueprint: M.PlanBlueprint, dmp: ImportedDmp, scope: ImportScope): PlanParts {
  const parts: PlanParts = { blueprintValues: [], references: [] };
  for (const field of blueprint.sections.flatMap((s) => s.fields)) {
    const keys = field.semantics.filter((k) => k.startsWith('rda.'));
    const valuesFor = (key: string) => planLevelValues(scope, key);
    if (field.category === 'extra') {
      const key = keys.find((k) => valuesFor(k).length > 0);
      const value = key ? blueprintValue(field, valuesFor(key)) : null;
      if (value) parts.blueprintValues.push(value);
    } else if (field.category === 'referenceType') {
      const code = field.referenceType?.code ?? '';
      let values = keys.map(valuesFor).find((v) => v.length > 0) ?? [];
      if (values.length === 0 && KEY_FOR_REFERENCE_CODE[code]) values = valuesFor(KEY_FOR_REFERENCE_CODE[code]);
      if (values.length === 0 && code === 'licenses') values = allLicenses(dmp.datasets);
      if (values.length === 0 && code === 'organisations') values = contactAffiliations(dmp);
      const chosen = uniqueDrafts(values).slice(0, field.multipleSelect ? undefined : 1);
      for (const value of chosen) {
        parts.references.push({
          id: null,
          reference: draftToReference(referenceDraftOf(value), field.referenceType),
          blueprintFieldId: field.id,
        });
      }
    }
  }
  return parts;
}

function allFieldSets(sections: M.TemplateSection[]): M.TemplateFieldSet[] {
  return sections.flatMap((s) => [...s.fieldSets, ...allFieldSets(s.sections)]);
}

const TEXT_FIELD_TYPES: ReadonlySet<string> = new Set(['freetext', 'textarea', 'richTextarea']);

/**
 * A description's answers for a template: a question whose fields name a repeated RDA structure
 * gets one item per object (only the first when it does not repeat); other questions one item.
 * Plan-level single values (`rda.dmp.title`, ethics…) the blueprint already holds are not copied
 * into descriptions, so a re-export does not repeat them. Questions without values get one empty
 * item, as the planning service itself sends them. A value no option of a select or radio field
 * stands for shows in a text field of the same question and semantics, else in `notes`.
 */
function fillTemplate(
  template: M.DescriptionTemplate,
  scopes: { dataset: ImportScope; dmp: ImportScope; blueprintKeys: ReadonlySet<string> },
  notes: string[],
): Record<string, M.FieldSetAnswers> {
  const scopeOf = (key: string) => (key.startsWith('rda.dmp.') ? scopes.dmp : scopes.dataset);
  const scalarsOf = (key: string) => (scopes.blueprintKeys.has(key) ? [] : scopeOf(key).scalars.get(key));
  const fieldSets = emptyTable<M.FieldSetAnswers>();
  for (const fieldSet of allFieldSets(template.pages.flatMap((p) => p.sections))) {
    const keysOf = (field: M.TemplateField) => field.semantics.filter((k) => k.startsWith('rda.'));
    const group =
      fieldSet.fields
        .flatMap(keysOf)
        .map(groupOf)
        .find((g): g is RdaGroup => g !== null) ?? null;
    const records = group ? (scopeOf(group).groups.get(group) ?? []) : [];
    const itemCount = Math.max(1, fieldSet.hasMultiplicity ? records.length : Math.min(1, records.length));
    const hasTextFieldFor = (key: string) =>
      fieldSet.fields.some((f) => TEXT_FIELD_TYPES.has(f.data.fieldType) && keysOf(f).includes(key));
    const items: M.FieldSetItem[] = [];
    for (let ordinal = 0; ordinal < itemCount; ordinal++) {
      const fields = emptyTable<M.FieldValue>();
      for (const field of fieldSet.fields) {
        let answer: M.FieldValue | null = null;
        for (const key of keysOf(field)) {
          const keyGroup = groupOf(key);
          const values = keyGroup
            ? keyGroup === group
              ? (records[ordinal]?.get(key) ?? [])
              : []
            : ordinal === 0
              ? scalarsOf(key)
              : [];
          answer = templateFieldValue(field, values, (text) => {
            // A text field of the same question and key already shows the whole value.
            if (!hasTextFieldFor(key))
              notes.push(
                `${fieldSet.title ?? 'A question'}, ${field.data.label ?? key}: "${text}" matches none of the options.`,
              );
          });
          if (answer) break;
        }
        fields[field.id] = answer ?? emptyAnswer(field.id);
      }
      items.push({ ordinal, fields });
    }
    fieldSets[fieldSet.id] = { comment: null, items };
  }
  return fieldSets;
}

const templateHasKey = (template: M.DescriptionTemplate, key: string) =>
  allFieldSets(template.pages.flatMap((p) => p.sections)).some((fs) =>
    fs.fields.some((f) => f.semantics.includes(key)),
  );

function importedDescription(
  dataset: ImportedDataset,
  index: number,
  importModel: M.DescriptionImportModel,
  template: M.DescriptionTemplate,
  dmpValues: ImportScope,
  blueprintKeys: ReadonlySet<string>,
): M.DescriptionModel {
  const notes: string[] = [];
  const fieldSets = fillTemplate(template, { dataset: datasetScope(dataset), dmp: dmpValues, blueprintKeys }, notes);
  if (templateHasKey(template, 'rda.dataset.distribution.data_access')) {
    for (const [position, distribution] of dataset.distributions.entries()) {
      if (distribution.dataAccess) continue;
      notes.push(
        `Distribution '${distribution.title ?? position + 1}' has no data access (open, shared or closed) in the file: answer it, or exports give it "closed".`,
      );
    }
  }
  return {
    id: randomUUID(),
    label: datasetLabel(dataset, index),
    description: withImportNotes(richText(dataset.description), notes),
    // Keywords go to a keyword question when the template has one, else to the tags.
    tags: templateHasKey(template, 'rda.dataset.keyword') ? [] : dataset.keywords,
    status: null,
    template,
    plan: null,
    sectionId: importModel.sectionId,
    createdAt: null,
    fieldSets,
    visibilityStates: null,
  };
}

/** No plan a person made has more descriptions; each one costs a template fill and a full template in the answer. */
export const MAX_IMPORTED_DESCRIPTIONS = 2000;

/** At most this many dataset ids are listed in an error about an unknown one. */
const LISTED_DATASET_IDS = 20;

export function importPlan(body: unknown): WireObject {
  // Before the schema check, which would validate every one of them.
  const requested = (body as { descriptions?: unknown } | null)?.descriptions;
  if (Array.isArray(requested) && requested.length > MAX_IMPORTED_DESCRIPTIONS) {
    throw badRequest(
      `The import asks for ${requested.length} descriptions; at most ${MAX_IMPORTED_DESCRIPTIONS} are imported at once.`,
      [{ path: '/descriptions', message: `must have at most ${MAX_IMPORTED_DESCRIPTIONS} items` }],
    );
  }
  assertValidRequest('plan-import-model', body);
  const importModel = decodePlanImportModel(body);
  const blueprint = importModel.blueprint!;
  const dmp = readDmp(parseEnvelopeJson((body as { file: unknown }).file, 'RDA maDMP JSON'));
  if (importModel.descriptions.length > dmp.datasets.length) {
    throw badRequest(
      `The import asks for ${importModel.descriptions.length} descriptions, but the file has ${dmp.datasets.length} datasets; choose each dataset at most once.`,
      [{ path: '/descriptions', message: `must have at most ${dmp.datasets.length} items` }],
    );
  }
  const scope = dmpScope(dmp);
  const { blueprintValues, references } = fillBlueprint(blueprint, dmp, scope);
  const blueprintKeys = new Set(blueprint.sections.flatMap((s) => s.fields.flatMap((f) => f.semantics)));

  const positionOfKey = new Map(dmp.datasets.map((d, index) => [d.key, index]));
  const descriptions = importModel.descriptions.map((model, position) => {
    const index = model.id === null ? undefined : positionOfKey.get(model.id);
    if (index === undefined) {
      const listed = dmp.datasets.slice(0, LISTED_DATASET_IDS).map((d) => JSON.stringify(d.key));
      const more =
        dmp.datasets.length > LISTED_DATASET_IDS ? ` (and ${dmp.datasets.length - LISTED_DATASET_IDS} more)` : '';
      throw badRequest(
        `The file has no dataset with id "${model.id ?? ''}"; preprocess the file again and choose among its datasets.`,
        [{ path: `/descriptions/${position}/id`, message: `must be one of ${listed.join(', ')}${more}` }],
      );
    }
    return importedDescription(dmp.datasets[index], index, model, model.template!, scope, blueprintKeys);
  });

  const descriptionTemplates = new Map<string, M.PlanDescriptionTemplate>();
  for (const d of descriptions) {
    const entry = { descriptionTemplateGroupId: d.template.groupId, sectionId: d.sectionId };
    const key = JSON.stringify([entry.descriptionTemplateGroupId, entry.sectionId]);
    if (!descriptionTemplates.has(key)) descriptionTemplates.set(key, entry);
  }

  const plan: M.PlanModel = {
    id: randomUUID(),
    version: null,
    label: dmp.title,
    description: richText(dmp.description),
    // The planning service requires an access type; imported plans start restricted.
    accessType: 'restricted',
    status: null,
    creator: null,
    blueprint,
    blueprintValues,
    contacts: planContacts(dmp, takesContributors(blueprint, importModel.descriptions)),
    entityDois: [],
    descriptions,
    users: [],
    references,
    descriptionTemplates: [...descriptionTemplates.values()],
    previousDOI: null,
    createdAt: dmp.created,
    updatedAt: dmp.modified,
    finalizedAt: null,
    publicAfter: null,
    language: dmp.language6391 ?? 'en',
  };
  return encodePlan(plan);
}

/**
 * The plan's contact persons: the file's contact; and, when neither the blueprint nor a template
 * has a field for contributors, the contributors with role ContactPerson (the file's other
 * contacts among them), which would otherwise be lost.
 */
function planContacts(dmp: ImportedDmp, contributorsHaveAPlace: boolean): M.PlanContact[] {
  const contactPersons = contributorsHaveAPlace
    ? []
    : dmp.contributors.filter((c) => c.roles.some((role) => toContributorRole(role) === CONTACT_PERSON_ROLE));
  return [...(dmp.contact ? [dmp.contact] : []), ...contactPersons].map((p) => splitContact(p.name, p.mbox));
}

/** Whether the blueprint or a chosen template has a field that takes contributors. */
function takesContributors(blueprint: M.PlanBlueprint, descriptions: M.DescriptionImportModel[]): boolean {
  const isContributorKey = (key: string) => groupOf(key) === 'rda.dmp.contributor';
  const blueprintTakes = blueprint.sections
    .flatMap((s) => s.fields)
    .some(
      (f) =>
        f.semantics.some(isContributorKey) ||
        (f.category === 'referenceType' && f.referenceType?.code === 'researchers'),
    );
  return (
    blueprintTakes ||
    descriptions.some((d) =>
      allFieldSets(d.template?.pages.flatMap((p) => p.sections) ?? []).some((fs) =>
        fs.fields.some((f) => f.semantics.some(isContributorKey)),
      ),
    )
  );
}

/** "Eleni Papadopoulou" -> first name "Eleni", last name "Papadopoulou" (the last word is the surname). */
function splitContact(name: string | null, email: string | null): M.PlanContact {
  const words = name?.trim().split(/\s+/) ?? [];
  return {
    firstName: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? null),
    lastName: words.length > 1 ? words[words.length - 1] : null,
    email,
  };
}

/** POST /import/description: the file travels in the model; its dataset fills the template. */
export function importDescription(body: unknown): WireObject {
  assertValidRequest('description-import-model', body);
  const model = decodeDescriptionImportModel(body);
  const json = parseEnvelopeJson((body as { file?: unknown }).file ?? null, 'RDA maDMP JSON');
  const read = readDatasetFile(json);
  const dmp = read.dmp;
  const index = dmp
    ? Math.max(
        0,
        dmp.datasets.findIndex((d) => d.key === model.id),
      )
    : 0;
  const dataset = dmp ? dmp.datasets[index] : read.dataset;
  return encodeDescription(
    importedDescription(dataset, index, model, model.template!, dmpScope(dmp ?? emptyDmp()), new Set()),
  );
}

/** The plan-level values of a bare dataset file: none. */
function emptyDmp(): ImportedDmp {
  return {
    title: null,
    description: null,
    language: null,
    language6391: null,
    created: null,
    modified: null,
    dmpId: null,
    contact: null,
    contributors: [],
    projects: [],
    costs: [],
    ethicalIssuesExist: null,
    ethicalIssuesDescription: null,
    ethicalIssuesReport: null,
    datasets: [],
  };
}
