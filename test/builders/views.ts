/** Hand-built plan views for the shell template tests. */
import type { DescriptionExportView, DescriptionView, PlanView, ReferenceView } from '../../src/plan/types';

export function reference(
  typeCode: string,
  label: string,
  extra: Partial<ReferenceView> = {},
): ReferenceView & { blueprintFieldId: string | null } {
  return {
    id: `${typeCode}-${label}`,
    label,
    typeCode,
    typeName: typeCode,
    reference: `${typeCode}::${label}`,
    abbreviation: null,
    description: null,
    source: null,
    url: null,
    fields: {},
    details: [],
    blueprintFieldId: null,
    ...extra,
  };
}

export function planView(overrides: Partial<PlanView> = {}): PlanView {
  return {
    id: '5f0e2a3c-1111-4a7b-9c1d-000000000001',
    title: 'Ocean Survey',
    version: 2,
    descriptionHtml: '<p>A plan for the <strong>ocean</strong> survey.</p>',
    language: 'en',
    accessType: 'public',
    status: { name: 'Finalized', internal: 'finalized' },
    blueprint: { id: 'bp-1', label: 'Horizon Europe', groupId: null, type: null },
    createdAt: new Date('2026-03-05T10:00:00Z'),
    updatedAt: new Date('2026-04-07T10:00:00Z'),
    finalizedAt: null,
    publicAfter: null,
    dois: [],
    previousDoi: null,
    creator: { id: 'u1', name: 'Maria Papadopoulou', email: 'maria@example.org', roles: ['owner'] },
    contacts: [{ name: null, firstName: 'Nikos', lastName: 'Georgiou', email: 'nikos@example.org' }],
    users: [
      { id: 'u1', name: 'Maria Papadopoulou', email: 'maria@example.org', roles: ['owner', 'dataSteward'] },
      { id: 'u2', name: 'John Smith', email: null, roles: ['viewer'] },
    ],
    references: [
      reference('grants', 'Ocean observation (101000123)'),
      reference('funders', 'European Commission'),
      reference('Grants', 'Coastal study'),
    ],
    sections: [{ id: 'section-1', ordinal: 1, label: 'Data', description: null, fields: [], descriptions: [] }],
    configuration: {},
    ...overrides,
  };
}

export function descriptionView(overrides: Partial<DescriptionView> = {}): DescriptionView {
  return {
    id: 'd-1',
    title: 'Sea temperature readings',
    descriptionHtml: '<p>Readings from buoys.</p><ul><li>hourly</li><li>daily</li></ul>',
    tags: [],
    status: { name: null, internal: 'draft' },
    createdAt: new Date('2026-03-06T10:00:00Z'),
    sectionId: 'section-1',
    template: {
      id: 't-1',
      label: 'Dataset template',
      description: null,
      typeName: 'Dataset',
      version: 1,
      language: 'en',
      groupId: null,
    },
    pages: [
      {
        id: 'p1',
        ordinal: 0,
        title: 'Page',
        answered: true,
        sections: [
          {
            id: 's1',
            ordinal: 0,
            title: 'Licensing',
            description: null,
            extendedDescription: null,
            answered: true,
            sections: [],
            fieldSets: [
              {
                id: 'fs1',
                ordinal: 0,
                title: 'Licence',
                description: null,
                extendedDescription: null,
                additionalInformation: null,
                multiplicity: null,
                fields: [],
                comment: null,
                answered: true,
                items: [
                  {
                    ordinal: 0,
                    fields: [
                      {
                        id: 'f1',
                        ordinal: 0,
                        label: 'Licence',
                        fieldType: 'referenceTypes',
                        semantics: [],
                        required: false,
                        multipleSelect: false,
                        answered: true,
                        value: { kind: 'references', references: [reference('licenses', 'CC BY 4.0')] },
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
    configuration: {},
    ...overrides,
  };
}

export function descriptionExportView(): DescriptionExportView {
  return { plan: planView(), description: descriptionView() };
}
