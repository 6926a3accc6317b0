/**
 * Property: no mutation of a real request body gets a 5xx. Every body is answered with a file or
 * a 4xx whose details name a path. The quick slice of the hostile suite (`npm run test:hostile`
 * runs 10,000 bodies over HTTP); here the worker's request function runs in-process.
 */
import fc from 'fast-check';
import { runRequest, type RequestTask } from '../../src/service/worker';
import { fixtureJson } from '../builders/fixtures';
import { assertAnswered } from './answered';
import { mutate, mutationArbitrary } from './mutate';

const FIXTURES = [
  { name: 'plan-full.json', entity: 'plan' as const },
  { name: 'plan-minimal.json', entity: 'plan' as const },
  { name: 'description-full.json', entity: 'description' as const },
];
const bodies = FIXTURES.map((f) => ({ ...f, body: fixtureJson(f.name) }));

async function answer(format: string, fixture: number, mutations: Parameters<typeof mutate>[1]) {
  const { entity, body } = bodies[fixture];
  const mutated = mutate(body, mutations);
  const task: RequestTask = {
    action: 'export',
    entity,
    format,
    body: new TextEncoder().encode(JSON.stringify(mutated)),
    context: { transformerId: 'dmp-file-transformer' },
  };
  return runRequest(task);
}

const mutations = fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 });
const fixture = fc.nat({ max: FIXTURES.length - 1 });

describe('mutated real request bodies never get a 5xx', () => {
  it('RDA JSON export: 250 mutated bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fixture, mutations, async (f, m) => assertAnswered(await answer('json', f, m))),
      { numRuns: 250 },
    );
  });

  it('RDA import (preprocessing): 100 mutated maDMP files', async () => {
    const exported = await runRequest({
      action: 'export',
      entity: 'plan',
      format: 'json',
      body: new TextEncoder().encode(JSON.stringify(bodies[0].body)),
      context: { transformerId: 'dmp-file-transformer' },
    });
    if (!exported.ok) throw new Error('the fixture does not export');
    const madmp = JSON.parse(new TextDecoder().decode(exported.bytes));
    await fc.assert(
      fc.asyncProperty(mutations, async (m) => {
        const file = Buffer.from(JSON.stringify(mutate(madmp, m))).toString('base64');
        const envelope = { filename: 'dmp.json', fileRef: null, mimeType: 'application/json', file };
        assertAnswered(
          await runRequest({
            action: 'preprocess',
            entity: 'plan',
            body: new TextEncoder().encode(JSON.stringify(envelope)),
            context: { transformerId: 'dmp-file-transformer' },
          }),
        );
      }),
      { numRuns: 100 },
    );
  });

  it.each(['docx', 'pdf'])('%s export: 15 mutated bodies', async (format) => {
    await fc.assert(
      fc.asyncProperty(fixture, mutations, async (f, m) => assertAnswered(await answer(format, f, m))),
      { numRuns: 15 },
    );
  });
});
