/**
 * The JSON import flow over HTTP, as the planning service runs it: export a plan as RDA JSON,
 * hand the file back to /preprocessing/plan, pick datasets, then /import/plan with the blueprint
 * and templates the user chose. Answers must be the exact 1.2.0 wire shapes.
 */
import request from 'supertest';
import { envelope } from '../builders/rda';
import { keySetProblems } from '../helpers/wireKeys';
import { fixtureJson, fixtureText, startService } from '../helpers/service';

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('JSON import over HTTP', () => {
  const service = startService();
  afterAll(() => service.close());
  const plan = fixtureJson('plan-full.json');
  const post = (path: string, body: unknown) =>
    request(service.app)
      .post(`/api/file-transformer${path}`)
      .set('Content-Type', 'application/json')
      .send(body as object);

  async function exportedFile(): Promise<Wire> {
    const res = await request(service.app)
      .post('/api/file-transformer/export/plan?format=json')
      .set('Content-Type', 'application/json')
      .send(fixtureText('plan-full.json'))
      .expect(200);
    // The backend hands the uploaded file over as a FileEnvelopeModel.
    return { filename: res.body.filename, fileRef: null, mimeType: 'application/json', file: res.body.file };
  }

  it('preprocesses an exported plan into its title and one entry per dataset', async () => {
    const res = await post('/preprocessing/plan', await exportedFile()).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['label', 'preprocessingDescriptionModels']);
    expect(res.body.label).toBe(plan.label);
    // One dataset per description that was not canceled, titled by its rda.dataset.title answer;
    // the cost and ethics annex (only rda.dmp.* questions) feeds plan-level keys, not a dataset.
    const live = (plan.descriptions as Wire[]).filter(
      (d) => d.status.internalStatus !== 2 && d.descriptionTemplate.label !== 'Ethics annex template',
    );
    expect(res.body.preprocessingDescriptionModels).toHaveLength(live.length);
    expect(res.body.preprocessingDescriptionModels.map((d: Wire) => d.label)).toEqual(
      expect.arrayContaining(['Hydrophone recordings', 'Seagrass transect measurements']),
    );
    for (const entry of res.body.preprocessingDescriptionModels)
      expect(Object.keys(entry).sort()).toEqual(['id', 'label']);
  });

  it('imports the plan back as a PlanModel with exactly the 1.2.0 keys, its datasets as descriptions', async () => {
    const file = await exportedFile();
    const { body: preprocessed } = await post('/preprocessing/plan', file).expect(200);
    const source = plan.descriptions[0];
    const picked = preprocessed.preprocessingDescriptionModels[0];
    const res = await post('/import/plan', {
      blueprintModel: plan.planBlueprint,
      descriptions: [
        { id: picked.id, sectionId: source.sectionId, descriptionTemplate: source.descriptionTemplate, file: null },
      ],
      file,
    }).expect(200);
    expect(keySetProblems(res.body)).toEqual([]);
    expect(res.body.accessType).toBe(1);
    expect(res.body.planBlueprint.id).toBe(plan.planBlueprint.id);
    expect(res.body.descriptions.map((d: Wire) => d.label)).toEqual([picked.label]);
    // The maDMP's contact (the plan's first contact) comes back as the plan's contact.
    expect(res.body.properties.contacts).toEqual([
      expect.objectContaining({ email: plan.properties.contacts[0].email }),
    ]);
  });

  it('imports a single dataset as a description', async () => {
    const file = await exportedFile();
    const { body: preprocessed } = await post('/preprocessing/description', file).expect(200);
    expect(Object.keys(preprocessed).sort()).toEqual(['id', 'label']);
    const source = plan.descriptions[0];
    const res = await post('/import/description', {
      id: preprocessed.id,
      sectionId: source.sectionId,
      descriptionTemplate: source.descriptionTemplate,
      file,
    }).expect(200);
    expect(keySetProblems(res.body, 'description')).toEqual([]);
    expect(typeof res.body.label).toBe('string');
  });

  it('answers a file that is not RDA with a 400 naming the problem', async () => {
    const res = await post('/preprocessing/plan', envelope({ hello: 'world' })).expect(400);
    expect(res.body.code).toBe(400);
    expect(res.body.error.length).toBeGreaterThan(10);
    const notJson = await post('/preprocessing/plan', envelope('this is not JSON')).expect(400);
    expect(notJson.body.error).toMatch(/JSON/);
  });

  it('is not offered when the json format is disabled', async () => {
    const withoutJson = startService({ EXPORT_FORMATS: 'docx,pdf' });
    try {
      const res = await request(withoutJson.app).post('/api/file-transformer/import/plan').send({}).expect(404);
      expect(res.body.error).toMatch(/no enabled format imports them/);
    } finally {
      await withoutJson.close();
    }
  });
});
