/**
 * A body posted to the other entity's endpoint is refused with the endpoint it belongs to: a
 * DescriptionModel at /export/plan used to export three near-empty pages without a word.
 */
import { runRequest } from '../../src/service/worker';
import { assertValidRequest } from '../../src/contract/validate';
import { ServiceError } from '../../src/errors';
import { fixtureJson } from '../builders/fixtures';

const CONTEXT = { transformerId: 'dmp-file-transformer' };

async function exported(entity: 'plan' | 'description', body: unknown, format = 'pdf') {
  return runRequest({
    action: 'export',
    entity,
    format,
    body: new TextEncoder().encode(JSON.stringify(body)),
    context: CONTEXT,
  });
}

function refusal(call: () => void): ServiceError {
  try {
    call();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('a body sent to the other entity’s endpoint', () => {
  it('a description at /export/plan is a 400 that names /export/description', async () => {
    const result = await exported('plan', fixtureJson('description-full.json'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('bad-request');
    expect(result.error.message).toContain('is an OpenCDMP DescriptionModel');
    expect(result.error.message).toContain('send it to POST /api/file-transformer/export/description');
    expect(result.error.details).toEqual([
      {
        path: '/descriptionTemplate',
        message:
          'a DescriptionModel has "descriptionTemplate": this body belongs to POST /api/file-transformer/export/description',
      },
    ]);
  });

  it.each(['json', 'docx', 'raid'])(
    'a plan at /export/description (%s) is a 400 that names /export/plan',
    async (format) => {
      const result = await exported('description', fixtureJson('plan-full.json'), format);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.kind).toBe('bad-request');
      expect(result.error.message).toContain('send it to POST /api/file-transformer/export/plan');
      expect(result.error.details[0].path).toBe('/planBlueprint');
    },
  );

  it('a description import at /import/plan, and a plan import at /import/description, name their endpoints', () => {
    const plan = fixtureJson('plan-full.json');
    const file = { filename: 'dmp.json', fileRef: null, mimeType: 'application/json', file: 'e30=' };
    const descriptionImport = {
      id: 'd1',
      sectionId: null,
      descriptionTemplate: plan.descriptions[0].descriptionTemplate,
      file,
    };
    expect(refusal(() => assertValidRequest('plan-import-model', descriptionImport)).message).toContain(
      'send it to POST /api/file-transformer/import/description',
    );
    const planImport = { blueprintModel: plan.planBlueprint, descriptions: [], file };
    expect(refusal(() => assertValidRequest('description-import-model', planImport)).message).toContain(
      'send it to POST /api/file-transformer/import/plan',
    );
  });

  it('keeps accepting the right bodies, and a plan whose unknown keys are null', async () => {
    expect((await exported('plan', fixtureJson('plan-minimal.json'), 'json')).ok).toBe(true);
    expect((await exported('description', fixtureJson('description-full.json'), 'json')).ok).toBe(true);
    const plan = { ...fixtureJson('plan-minimal.json'), descriptionTemplate: null, plan: null };
    expect((await exported('plan', plan, 'json')).ok).toBe(true);
  });

  it('a plan at /export/description answers at once, however many descriptions it holds', async () => {
    const plan = { ...fixtureJson('plan-full.json'), descriptions: Array.from({ length: 80_000 }, () => ({})) };
    const started = process.cpuUsage();
    const result = await exported('description', plan);
    const cpu = process.cpuUsage(started);
    expect(result.ok).toBe(false);
    // 8.6 s before; the bound is for a slow machine.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
  });
});
