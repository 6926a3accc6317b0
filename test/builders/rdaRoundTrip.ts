/**
 * The round trip: a blueprint and template with a field for every RDA key (the best target a
 * tenant can build), a file imported into it and exported again. rdaLeaves.ts measures what came
 * back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rdaImporter } from '../../src/service/formats';
import { toJacksonJson } from '../../fixtures/lib/jackson';
import { user } from '../../fixtures/lib/wire';
import type { TestField, TestQuestion } from './rda';
import {
  CONTEXT,
  envelope,
  exportPlanWire,
  REFERENCE_TYPE,
  testId,
  testPlanWire,
  type TestBlueprintField,
  type Wire,
} from './rda';

const D = 'rda.dataset';
const DIST = 'rda.dataset.distribution';
const HOST = 'rda.dataset.distribution.host';

const text = (key: string, label = key.split('.').slice(2).join(' ')): TestField => ({
  type: 'freetext',
  label,
  semantics: [key],
});
const dateField = (key: string): TestField => ({ type: 'datePicker', label: key, semantics: [key] });
const yesNoUnknown = (key: string): TestField => ({
  type: 'radiobox',
  label: key,
  semantics: [key],
  options: [
    { label: 'Yes', value: 'yes' },
    { label: 'No', value: 'no' },
    { label: 'Unknown', value: 'unknown' },
  ],
});
const question = (title: string, fields: TestField[], repeats = false): TestQuestion => ({
  title,
  repeats,
  fields,
  items: [[]],
});

/** The dataset template: every `rda.dataset.*` key, and the repeating plan-level structures. */
const QUESTIONS: TestQuestion[] = [
  question('Dataset', [
    text(`${D}.title`),
    { type: 'richTextarea', label: 'description', semantics: [`${D}.description`] },
    text(`${D}.type`),
    { type: 'datasetIdentifier', label: 'dataset id', semantics: [`${D}.dataset_id`] },
    yesNoUnknown(`${D}.personal_data`),
    yesNoUnknown(`${D}.sensitive_data`),
    { type: 'tags', label: 'keywords', semantics: [`${D}.keyword`] },
    dateField(`${D}.issued`),
    text(`${D}.language`),
    { type: 'textarea', label: 'preservation', semantics: [`${D}.preservation_statement`] },
    { type: 'textarea', label: 'quality', semantics: [`${D}.data_quality_assurance`] },
    yesNoUnknown(`${D}.is_reused`),
    { type: 'textarea', label: 'rights', semantics: [`${D}.rights`] },
  ]),
  question(
    'Metadata',
    [
      text(`${D}.metadata.metadata_standard_id.identifier`),
      text(`${D}.metadata.metadata_standard_id.type`),
      text(`${D}.metadata.language`),
      text(`${D}.metadata.description`),
    ],
    true,
  ),
  question(
    'Security and privacy',
    [text(`${D}.security_and_privacy.title`), text(`${D}.security_and_privacy.description`)],
    true,
  ),
  question(
    'Technical resources',
    [text(`${D}.technical_resource.name`), text(`${D}.technical_resource.description`)],
    true,
  ),
  question(
    'Distributions',
    [
      text(`${DIST}.title`),
      text(`${DIST}.description`),
      {
        type: 'radiobox',
        label: 'access',
        semantics: [`${DIST}.data_access`],
        options: ['open', 'shared', 'closed'].map((v) => ({ label: v, value: v })),
      },
      text(`${DIST}.access_url`),
      text(`${DIST}.download_url`),
      text(`${DIST}.byte_size`),
      { type: 'tags', label: 'formats', semantics: [`${DIST}.format`] },
      dateField(`${DIST}.available_until`),
      dateField(`${DIST}.issued`),
      {
        type: 'referenceTypes',
        label: 'licences',
        semantics: [`${DIST}.license`],
        referenceCode: 'licenses',
        multipleSelect: true,
      },
      text(`${HOST}.title`),
      text(`${HOST}.url`),
      text(`${HOST}.host_id.identifier`),
      text(`${HOST}.host_id.type`),
      text(`${HOST}.description`),
      text(`${HOST}.geo_location`),
      text(`${HOST}.certified_with`),
      { type: 'tags', label: 'pid systems', semantics: [`${HOST}.pid_system`] },
      yesNoUnknown(`${HOST}.support_versioning`),
      text(`${HOST}.backup_type`),
      text(`${HOST}.backup_frequency`),
      text(`${HOST}.availability`),
      text(`${HOST}.storage_type`),
    ],
    true,
  ),
  question(
    'People',
    [
      text('rda.dmp.contributor.name'),
      text('rda.dmp.contributor.mbox'),
      { type: 'tags', label: 'roles', semantics: ['rda.dmp.contributor.role'] },
      text('rda.dmp.contributor.contributor_id.identifier'),
      text('rda.dmp.contributor.contributor_id.type'),
      {
        type: 'referenceTypes',
        label: 'affiliations',
        semantics: ['rda.dmp.contributor.affiliation'],
        referenceCode: 'organisations',
        multipleSelect: true,
      },
    ],
    true,
  ),
  question(
    'Costs',
    [
      text('rda.dmp.cost.title'),
      text('rda.dmp.cost.description'),
      text('rda.dmp.cost.value'),
      text('rda.dmp.cost.currency_code'),
    ],
    true,
  ),
  question(
    'Projects',
    [
      text('rda.dmp.project.title'),
      text('rda.dmp.project.description'),
      dateField('rda.dmp.project.start'),
      dateField('rda.dmp.project.end'),
      text('rda.dmp.project.project_id.identifier'),
      text('rda.dmp.project.project_id.type'),
      text('rda.dmp.project.funding.funder_id.identifier'),
      text('rda.dmp.project.funding.funder_id.type'),
      text('rda.dmp.project.funding.grant_id.identifier'),
      text('rda.dmp.project.funding.grant_id.type'),
      text('rda.dmp.project.funding.funding_status'),
    ],
    true,
  ),
];

const extra = (key: string): TestBlueprintField => ({
  field: { kind: 'extra', id: testId(key), label: key, dataType: 0, semantics: [key] },
});

const BLUEPRINT_FIELDS: TestBlueprintField[] = [
  ...[
    'rda.dmp.dmp_id.identifier',
    'rda.dmp.dmp_id.type',
    'rda.dmp.contact.name',
    'rda.dmp.contact.mbox',
    'rda.dmp.contact.contact_id.identifier',
    'rda.dmp.contact.contact_id.type',
    'rda.dmp.ethical_issues_exist',
    'rda.dmp.ethical_issues_description',
    'rda.dmp.ethical_issues_report',
  ].map(extra),
  {
    field: {
      kind: 'referenceType',
      id: testId('organisations'),
      label: 'Organisations',
      referenceType: REFERENCE_TYPE('organisations'),
      multipleSelect: true,
    },
  },
];

export interface ImportTarget {
  blueprintFields?: TestBlueprintField[];
  questions?: TestQuestion[];
  /** `rda-version` of the blueprint; default 1.2 (keeps the 1.2-only fields). */
  rdaVersion?: string;
  /**
   * The planning service's user who imports the file: the backend makes them the plan's creator
   * before the plan is exported again. None by default (the import answer has no creator).
   */
  importingUser?: { name: string; email: string };
}

/** A blueprint and a dataset template in wire form; by default the full target above. */
function target(spec: ImportTarget): { blueprint: Wire; template: Wire; sectionId: string } {
  const plan = testPlanWire({
    rdaVersion: spec.rdaVersion ?? '1.2',
    blueprintFields: spec.blueprintFields ?? BLUEPRINT_FIELDS,
    descriptions: [{ label: 'x', questions: spec.questions ?? QUESTIONS }],
  });
  return {
    blueprint: plan.planBlueprint,
    template: plan.descriptions[0].descriptionTemplate,
    sectionId: plan.descriptions[0].sectionId,
  };
}

/** Imports every dataset of `document` into a target (the full one by default): the PlanModel answered, and the template used. */
export async function importInto(
  document: unknown,
  spec: ImportTarget = {},
): Promise<{ imported: Wire; template: Wire }> {
  const { blueprint, template, sectionId } = target(spec);
  const file = envelope(document);
  const { preprocessingDescriptionModels } = await rdaImporter.preprocessPlan(file);
  const descriptions = preprocessingDescriptionModels.map(({ id }) => ({
    id,
    sectionId,
    descriptionTemplate: template,
    file: null,
  }));
  const imported = (await rdaImporter.importPlan({ blueprintModel: blueprint, descriptions, file }, CONTEXT)) as Wire;
  return { imported, template };
}

/** Imports into a target and exports the plan again, through the wire form the backend would send. */
export async function importThenExport(
  document: unknown,
  spec: ImportTarget = {},
): Promise<{ imported: Wire; exported: Wire; warnings: string[] }> {
  const { imported } = await importInto(document, spec);
  const stored = JSON.parse(JSON.stringify(imported));
  if (spec.importingUser) stored.creator = importingUser(spec.importingUser);
  const { document: exported, warnings } = exportPlanWire(stored);
  return { imported, exported, warnings };
}

/** Whoever imports a file in the round-trip measure (scripts/rda-round-trip.ts, producers.test.ts). */
export const IMPORTING_USER = { name: 'Ida Importer', email: 'ida.importer@example.org' };

function importingUser({ name, email }: { name: string; email: string }): Wire {
  return JSON.parse(
    toJacksonJson(
      user({
        id: testId('importing-user'),
        name,
        email,
        emailContactId: testId('importing-user-email'),
        registeredAt: '2024-01-01T00:00:00Z',
      }),
    ),
  );
}

/** Every answer (one per item) of the template fields carrying `key`, in an imported description. */
export function answersOf(description: Wire, template: Wire, key: string): Wire[] {
  const walk = (sections: Wire[]): Wire[] =>
    sections.flatMap((section) => [
      ...section.fieldSets.flatMap((fs: Wire) =>
        fs.fields
          .filter((f: Wire) => f.semantics?.includes(key))
          .flatMap((f: Wire) => description.properties.fieldSets[fs.id].items.map((item: Wire) => item.fields[f.id])),
      ),
      ...walk(section.sections ?? []),
    ]);
  return walk(template.definition.pages.flatMap((p: Wire) => p.sections));
}

export { text as textField };

export const PRODUCERS_DIR = path.join(__dirname, '..', 'formats', 'rda', 'producers');

export function producerFile(name: string): Wire {
  return JSON.parse(readFileSync(path.join(PRODUCERS_DIR, name), 'utf8'));
}
