/**
 * Small plans for RAiD tests: every answer typed as text, so a test says exactly what a field
 * holds. `singles` are blueprint Extra text fields (one per semantic key); `questions` are the
 * questions of one description, each with its keys and one answer map per item.
 */
import { nameUuid } from '../../fixtures/lib/ids';
import { toJacksonJson } from '../../fixtures/lib/jackson';
import {
  AccessType,
  blueprint,
  blueprintValue,
  description,
  DescriptionStatus,
  ExtraDataType,
  plan,
  planReference,
  planUser,
  PlanStatus,
  PlanUserRole,
  reference,
  status,
  SystemFieldType,
  user,
  type ReferenceSpec,
  type TemplateSpec,
} from '../../fixtures/lib/wire';

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let counter = 0;

export interface RaidTestPlan {
  title?: string;
  descriptionHtml?: string | null;
  language?: string | null;
  createdAt?: string;
  /** semantic key -> text of a blueprint Extra text field carrying it. */
  singles?: Record<string, string>;
  /** One description's questions: its keys, and per item the text answer of each key. */
  questions?: { title: string; keys: string[]; items: Record<string, string>[] }[];
  /** References held by a blueprint reference field. */
  references?: ReferenceSpec[];
  dois?: string[];
}

export const ORCID_A = '0000-0002-1825-0097';
export const ORCID_B = '0000-0001-5109-3700';

/** A contributor question answered enough for RAiD (id, leader and contact): most plans need one. */
export const CONTRIBUTOR_QUESTION = {
  title: 'Contributor',
  keys: ['raid.contributor.id', 'raid.contributor.leader', 'raid.contributor.contact'],
  items: [{ 'raid.contributor.id': ORCID_A, 'raid.contributor.leader': 'Yes', 'raid.contributor.contact': 'true' }],
};

export function raidTestPlan(spec: RaidTestPlan): Wire {
  const run = counter++;
  const id = (name: string) => nameUuid(`raid-test/${run}/${name}`);
  const sectionId = id('section');
  const singles = Object.entries(spec.singles ?? {});
  const questions = spec.questions ?? [CONTRIBUTOR_QUESTION];
  const template: TemplateSpec = {
    id: id('template'),
    groupId: id('template/group'),
    label: 'RAiD test template',
    description: null,
    type: { id: id('template/type'), name: 'Project' },
    version: 1,
    language: 'en',
    pages: [
      {
        id: id('page'),
        title: 'Page',
        sections: [
          {
            id: id('t/section'),
            title: 'Section',
            fieldSets: questions.map((q, qi) => ({
              id: id(`fs/${qi}`),
              title: q.title,
              multiplicity: q.items.length > 1 ? { min: null, max: null, placeholder: null, tableView: false } : null,
              fields: q.keys.map((key) => ({
                id: id(`f/${qi}/${key}`),
                type: 'freetext' as const,
                label: key,
                semantics: [key],
              })),
            })),
          },
        ],
      },
    ],
  };
  const referenceFieldId = id('bp/references');
  const owner = user({
    id: id('user'),
    name: 'Owner',
    email: 'owner@example.org',
    emailContactId: id('user/email'),
    registeredAt: '2024-01-01T00:00:00Z',
  });
  const planSpec = {
    id: id('plan'),
    version: 1,
    label: spec.title ?? 'RAiD test plan',
    description: spec.descriptionHtml ?? null,
    accessType: AccessType.Restricted,
    status: status(id('status'), 'Draft', PlanStatus.Draft),
    creator: owner,
    blueprint: blueprint({
      id: id('bp'),
      groupId: id('bp/group'),
      label: 'Blueprint',
      description: null,
      plugins: null,
      sections: [
        {
          id: sectionId,
          label: 'Main',
          ordinal: 0,
          hasTemplates: true,
          fields: [
            {
              ordinal: 0,
              field: { kind: 'system' as const, id: id('bp/title'), systemFieldType: SystemFieldType.Title },
            },
            {
              ordinal: 1,
              field: {
                kind: 'system' as const,
                id: id('bp/description'),
                systemFieldType: SystemFieldType.Description,
              },
            },
            ...singles.map(([key], index) => ({
              ordinal: index + 2,
              field: {
                kind: 'extra' as const,
                id: id(`bp/${key}`),
                label: key,
                dataType: ExtraDataType.Text,
                semantics: [key],
              },
            })),
            {
              ordinal: singles.length + 2,
              field: {
                kind: 'referenceType' as const,
                id: referenceFieldId,
                label: 'References',
                referenceType: { id: id('rt'), name: 'Researchers', code: 'researchers' },
                multipleSelect: true,
              },
            },
          ],
        },
      ],
    }),
    properties: {
      planBlueprintValues: singles.map(([key, text]) => blueprintValue({ fieldId: id(`bp/${key}`), text })),
      contacts: null,
    },
    entityDois: (spec.dois ?? []).map((doi, i) => ({ id: id(`doi/${i}`), doi, repositoryId: 'Zenodo' })),
    users: [planUser(owner, PlanUserRole.Owner)],
    references: (spec.references ?? []).map((r, i) => planReference(id(`pref/${i}`), reference(r), referenceFieldId)),
    finalizedAt: null,
    publicAfter: null,
    updatedAt: '2025-06-02T10:00:00Z',
    createdAt: spec.createdAt ?? '2025-06-01T09:30:00Z',
    language: spec.language === undefined ? 'en' : spec.language,
  };
  const answers = Object.fromEntries(
    questions.map((q, qi) => [
      id(`fs/${qi}`),
      {
        items: q.items.map((item) =>
          Object.fromEntries(Object.entries(item).map(([key, text]) => [id(`f/${qi}/${key}`), text])),
        ),
      },
    ]),
  );
  const only = {
    id: id('description'),
    label: 'Project record',
    description: null,
    tags: null,
    status: status(id('status/d'), 'Draft', DescriptionStatus.Draft),
    template,
    sectionId,
    createdAt: '2025-06-01T10:00:00Z',
    answers,
    hidden: [],
  };
  return JSON.parse(
    toJacksonJson(plan(planSpec, questions.length > 0 ? [description(only, plan(planSpec, null))] : [])),
  );
}
