/**
 * Every content size ends in an answer a user understands: bodies past the input limits get a 400
 * naming the path and the limit, and DOCX/PDF exports of more answers than they can lay out a 422
 * naming the field set, before any rendering starts.
 */
import { runRequest } from '../../src/service/worker';
import { MAX_ARRAY_ITEMS, MAX_LABEL_CHARS } from '../../src/contract/validate';
import { DOCUMENT_LIMITS } from '../../src/pipeline/limits';
import { fixtureJson } from '../builders/fixtures';
import { planWithAnswerTable } from './plans';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

async function exportPlan(plan: Wire, format: string) {
  const result = await runRequest({
    action: 'export',
    entity: 'plan',
    format,
    body: new TextEncoder().encode(JSON.stringify(plan)),
    context: { transformerId: 'dmp-file-transformer' },
  });
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('content past the limits is refused with the path and the limit', () => {
  it.each(['docx', 'pdf'])('a %s export of a field set with too many answers is a 422 naming it', async (format) => {
    const { plan, fieldSetId } = planWithAnswerTable(101, 200);
    const error = await exportPlan(plan, format);
    expect(error.kind).toBe('unprocessable');
    expect(error.message).toContain(
      `has 20,200 answers; a ${format.toUpperCase()} export lays out at most ${DOCUMENT_LIMITS.maxAnswersPerFieldSet.toLocaleString('en')}`,
    );
    expect(error.details).toEqual([
      { path: `/descriptions/0/properties/fieldSets/${fieldSetId}`, message: 'at most 20,000 answers per field set' },
    ]);
  });

  it('a label longer than the limit is a 400 naming its path', async () => {
    const plan = fixtureJson('plan-full.json') as Wire;
    plan.label = 'x'.repeat(MAX_LABEL_CHARS + 1);
    const error = await exportPlan(plan, 'pdf');
    expect(error.kind).toBe('bad-request');
    expect(error.details).toEqual([{ path: '/label', message: 'must be at most 10,000 characters' }]);
  });

  it('a list longer than the limit is a 400 naming its path', async () => {
    const plan = fixtureJson('plan-full.json') as Wire;
    plan.descriptions[0].tags = Array.from({ length: MAX_ARRAY_ITEMS + 1 }, () => 1);
    const error = await exportPlan(plan, 'json');
    expect(error.kind).toBe('bad-request');
    expect(error.details).toEqual([{ path: '/descriptions/0/tags', message: 'must have at most 100,000 items' }]);
  });

  it('lists at most 20 problems, then how many more there are', async () => {
    const plan = fixtureJson('plan-full.json') as Wire;
    plan.descriptions[0].tags = Array.from({ length: 500 }, (_, i) => i);
    const error = await exportPlan(plan, 'json');
    expect(error.details).toHaveLength(21);
    expect(error.details[0]).toEqual({ path: '/descriptions/0/tags/0', message: 'must be string' });
    expect(error.details[20]).toEqual({ path: '/', message: 'and 480 more problems not listed' });
  });

  it('stops counting past 1,000 problems, and says so', async () => {
    const plan = fixtureJson('plan-full.json') as Wire;
    plan.descriptions[0].tags = Array.from({ length: 5000 }, (_, i) => i);
    const error = await exportPlan(plan, 'json');
    expect(error.details).toHaveLength(21);
    expect(error.details[0]).toEqual({ path: '/descriptions/0/tags/0', message: 'must be string' });
    expect(error.details[20]).toEqual({
      path: '/',
      message: 'and more problems not listed: the check stopped after the first 1,000',
    });
  });
});
