/**
 * The `rda-version` configuration field: default output valid against 1.1 and 1.2; "1.2" adds
 * the fields only 1.2 defines; anything else is a 400 naming the field. Our own invalid output is
 * a 500, never shipped.
 */
import { statusOf } from '../../../src/http/errors';
import { reference } from '../../../fixtures/lib/wire';
import { decodeDescription, decodePlan } from '../../../src/contract/decode';
import { RdaMapper } from '../../../src/formats/rda/export/RdaMapper';
import { rdaExporter } from '../../../src/service/formats';
import {
  ajvErrors,
  CONTEXT,
  exportPlanWire,
  fixture,
  planWithQuestions,
  pythonValidate,
  REFERENCE_TYPE,
  testId,
  testReference,
  thrown,
  rejected,
  type Wire,
} from '../../builders/rda';

function withRdaVersion(raw: Wire, version: string): Wire {
  raw.planBlueprint.definition.plugins = [
    { code: CONTEXT.transformerId, type: 0, fields: [{ code: 'rda-version', textValue: version, file: null }] },
  ];
  return raw;
}

describe('rda-version', () => {
  it('is declared as a String configuration field for plans and descriptions', () => {
    expect(rdaExporter.configurationFields).toEqual([
      {
        code: 'rda-version',
        type: 'string',
        label: expect.stringContaining('1.2'),
        appliesTo: ['plan', 'description'],
      },
      // An RDA-only instance withholds fields like every format, so it declares the field too.
      expect.objectContaining({ code: 'withhold', type: 'string', appliesTo: ['plan', 'description'] }),
    ]);
  });

  it('1.1 gives the same document as the default, valid against both versions', () => {
    const byDefault = exportPlanWire(fixture('plan-full.json')).document;
    const explicit = exportPlanWire(withRdaVersion(fixture('plan-full.json'), '1.1')).document;
    expect(explicit).toEqual(byDefault);
  });

  it('1.2 adds 1.2-only fields where the plan has data, valid against 1.2 (ajv and python)', () => {
    const raw = planWithQuestions(
      [
        {
          title: 'Reuse',
          fields: [
            { type: 'booleanDecision', semantics: ['rda.dataset.is_reused'] },
            { type: 'textarea', semantics: ['rda.dataset.rights'] },
            { type: 'datasetIdentifier', semantics: ['rda.dataset.dataset_id'] },
          ],
          items: [[true, 'Owned by the consortium', { identifier: '10.1234/reef', type: 'doi' }]],
        },
        {
          title: 'Distribution',
          fields: [
            { type: 'freetext', semantics: ['rda.dataset.distribution.title'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.data_access'] },
            { type: 'datePicker', semantics: ['rda.dataset.distribution.issued'] },
          ],
          items: [['Tables', 'open', { date: '2026-05-01T00:00:00Z' }]],
        },
        {
          title: 'Ethics',
          fields: [{ type: 'freetext', semantics: ['rda.dmp.ethical_issues_report'] }],
          items: [['see annex B']],
        },
      ],
      {
        rdaVersion: '1.2',
        dois: [['10.5281/zenodo.9', 'Zenodo']],
        contacts: [['Ana', 'Silva', 'ana@example.org']],
        blueprintFields: [
          {
            field: {
              kind: 'referenceType',
              id: testId('orgs'),
              label: 'Organisations',
              referenceType: REFERENCE_TYPE('organisations'),
              multipleSelect: true,
            },
            references: [testReference('organisations', 'Aegean Institute', '05aeg1s42', [['pidTypeField', 'ror']])],
          },
          {
            field: {
              kind: 'referenceType',
              id: testId('projects'),
              label: 'Project',
              referenceType: REFERENCE_TYPE('projects'),
              multipleSelect: false,
            },
            references: [testReference('projects', 'REEF', 'https://raid.org/10.1/reef')],
          },
        ],
      },
    );
    const result = exportPlanWire(raw);
    const dmp = result.document.dmp;
    expect(dmp.alternate_identifier).toEqual([{ identifier: raw.id, type: 'other' }]);
    expect(dmp.contact.affiliation).toEqual([
      { name: 'Aegean Institute', affiliation_id: { identifier: 'https://ror.org/05aeg1s42', type: 'ror' } },
    ]);
    expect(dmp.project?.[0].project_id).toEqual([{ identifier: 'https://raid.org/10.1/reef', type: 'url' }]);
    expect(dmp.ethical_issues_report).toBe('see annex B');
    const dataset = dmp.dataset[0];
    expect(dataset).toEqual(
      expect.objectContaining({
        is_reused: true,
        rights: 'Owned by the consortium',
        alternate_identifier: [{ identifier: raw.descriptions[0].id, type: 'other' }],
      }),
    );
    expect(dataset.distribution?.[0].issued).toBe('2026-05-01');
    expect(ajvErrors('1.2', result.document)).toEqual([]);
    // The 1.2 document is not promised to 1.1: the free-text report is what breaks it there.
    expect(ajvErrors('1.1', result.document).map((e) => e.instancePath)).toEqual(['/dmp/ethical_issues_report']);
    expect(pythonValidate([result.document])[0]['1.2']).toEqual([]);
  });

  it('plan-full exported as 1.2 validates against 1.2 (ajv and python) and keeps the portable content', () => {
    const portable = exportPlanWire(fixture('plan-full.json')).document;
    const document = exportPlanWire(withRdaVersion(fixture('plan-full.json'), '1.2')).document;
    expect(ajvErrors('1.2', document)).toEqual([]);
    expect(pythonValidate([document])[0]['1.2']).toEqual([]);
    expect(document.dmp.dataset.map((d) => d.title)).toEqual(portable.dmp.dataset.map((d) => d.title));
    expect(document.dmp.contact.affiliation).toEqual([
      {
        name: 'Aegean Institute of Marine Science',
        affiliation_id: { identifier: 'https://ror.org/05aeg1s42', type: 'ror' },
      },
    ]);
  });

  it('answers 400 naming the field for any other value', () => {
    const error = thrown(() => exportPlanWire(withRdaVersion(fixture('plan-full.json'), '2.0')));
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual([{ path: 'rda-version', message: expect.stringContaining('1.1 or 1.2') }]);
  });

  it('a description template chooses the version for its descriptions', async () => {
    const raw = fixture('description-full.json');
    raw.descriptionTemplate.definition.plugins = [
      { code: CONTEXT.transformerId, type: 0, fields: [{ code: 'rda-version', textValue: '1.2', file: null }] },
    ];
    const dmp = JSON.parse(
      new TextDecoder().decode((await rdaExporter.exportDescription(decodeDescription(raw), CONTEXT)).bytes),
    ).dmp;
    expect(dmp.alternate_identifier).toEqual([{ identifier: raw.plan.id, type: 'other' }]);
  });
});

describe('our own output is validated before it leaves', () => {
  afterEach(() => jest.restoreAllMocks());

  it('a document that fails the schema is a 500 listing the errors, not a file', async () => {
    const original = RdaMapper.prototype.map;
    jest.spyOn(RdaMapper.prototype, 'map').mockImplementation(function (this: RdaMapper) {
      const result = original.call(this);
      (result.document.dmp as Wire).language = 'en';
      return result;
    });
    const error = await rejected(() => rdaExporter.exportPlan(decodePlan(fixture('plan-full.json')), CONTEXT));
    expect(statusOf(error)).toBe(500);
    expect(error.details).toEqual(
      expect.arrayContaining([{ path: '/dmp/language', message: expect.stringContaining('"eng"') }]),
    );
  });

  it('licence references without a usable URL are left out rather than breaking validity', () => {
    const raw = planWithQuestions([
      {
        title: 'Distribution',
        fields: [
          { type: 'freetext', semantics: ['rda.dataset.distribution.title'] },
          { type: 'freetext', semantics: ['rda.dataset.distribution.data_access'] },
          { type: 'referenceTypes', semantics: ['rda.dataset.distribution.license'], referenceCode: 'licenses' },
        ],
        items: [
          [
            'Tables',
            'open',
            { references: [reference(testReference('licenses', 'Our own licence', 'house-licence-7'))] },
          ],
        ],
      },
    ]);
    const result = exportPlanWire(raw);
    expect(result.document.dmp.dataset[0].distribution?.[0].license).toBeUndefined();
    expect(result.warnings.join('\n')).toMatch(/Our own licence/);
  });
});
