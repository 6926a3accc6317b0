/**
 * Writes the answers the planning service's backend decodes, made by the real service over HTTP
 * (the `npm start` assembly, in process): GET /formats, an export envelope, and the JSON import
 * flow's /preprocessing/plan and /import/plan answers, the import run once with a 1.2.0 and once
 * with a 1.3.0 blueprint (fixtures/plan-1.3.json). Also writes fixtures/plan-1.3.json itself, the
 * request a 1.3 backend sends. check.sh decodes each with the common-models classes.
 *   npx tsx scripts/jackson/answers.ts OUT_DIR
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startService, fixtureJson, fixtureText } from '../../test/helpers/service';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: answers.ts OUT_DIR');
  fs.mkdirSync(out, { recursive: true });
  const service = startService();
  const write = (name: string, body: unknown) => fs.writeFileSync(path.join(out, name), JSON.stringify(body));
  const post = (route: string, body: unknown) =>
    request(service.app)
      .post(`/api/file-transformer${route}`)
      .set('Content-Type', 'application/json')
      .send(body as object)
      .expect(200);
  try {
    write('formats.json', (await request(service.app).get('/api/file-transformer/formats').expect(200)).body);
    const exported = await request(service.app)
      .post('/api/file-transformer/export/plan?format=json')
      .set('Content-Type', 'application/json')
      .send(fixtureText('plan-full.json'))
      .expect(200);
    write('export-envelope.json', exported.body);
    const file = {
      filename: exported.body.filename,
      fileRef: null,
      mimeType: 'application/json',
      file: exported.body.file,
    };
    const preprocessed = (await post('/preprocessing/plan', file)).body;
    write('preprocessing-plan.json', preprocessed);
    for (const [name, fixture] of [
      ['import-plan-1.2.json', 'plan-full.json'],
      ['import-plan-1.3.json', 'plan-1.3.json'],
    ]) {
      const plan: Wire = fixtureJson(fixture);
      const picked = preprocessed.preprocessingDescriptionModels[0];
      const source = plan.descriptions[0];
      const answer = await post('/import/plan', {
        blueprintModel: plan.planBlueprint,
        descriptions: [
          { id: picked.id, sectionId: source.sectionId, descriptionTemplate: source.descriptionTemplate, file: null },
        ],
        file,
      });
      write(name, answer.body);
    }
    fs.copyFileSync(path.join(__dirname, '../../fixtures/plan-1.3.json'), path.join(out, 'request-plan-1.3.json'));
  } finally {
    service.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
