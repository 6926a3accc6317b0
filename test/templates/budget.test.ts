/**
 * The layout budget: what one render may make of a plan (blocks, page breaks, HTML, text, time).
 * Past it the export is a 422 naming the template, the place where it is known, the limit and the
 * variable that sets it; the budget an operator sets reaches the exports through their context.
 */
import { DEFAULT_LAYOUT_BUDGET, loadConfig, type LayoutBudget } from '../../src/config';
import { runRequest } from '../../src/service/worker';
import { defaultLayout } from '../../src/templates/compile';
import { renderPlanDocument } from '../../src/templates/layout';
import { resolveTemplate } from '../../src/templates/resolve';
import { statusOf } from '../../src/http/errors';
import { generatePlanJson } from '../../fixtures/generate';
import { decodePlan } from '../../src/contract/decode';
import { buildPlanView } from '../../src/plan/buildPlanView';
import { fixtureJson } from '../builders/fixtures';
import { DEFAULT_OPTIONS, planView, serviceErrorOf, upload } from '../builders/templates';

const full = planView('plan-full.json');
const budget = (limits: Partial<LayoutBudget>): LayoutBudget => ({ ...DEFAULT_LAYOUT_BUDGET, ...limits });
const renderHbs = (source: string, limits: Partial<LayoutBudget> = {}) =>
  renderPlanDocument(full, resolveTemplate(upload('probe.hbs', source), 'plan-template').layout, DEFAULT_OPTIONS, {
    budget: budget(limits),
  });
/** `body` run once per label, to the power `depth` (42 labels: 42, 1,764, 74,088… runs). */
const overLabels = (depth: number, body: string) =>
  '{{#each @root.labels}}'.repeat(depth) + body + '{{/each}}'.repeat(depth);

describe('the layout budget', () => {
  it('stops {{pageBreak}} in nested loops at the page break past the limit, naming its line', () => {
    const source = `<p>{{plan.title}}</p>\n${overLabels(3, '<p>x</p>{{pageBreak}}')}`;
    const error = serviceErrorOf(() => renderHbs(source));
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      {
        path: expect.stringMatching(/^plan-template:probe\.hbs:2:\d+$/),
        message: 'pageBreak: the document would have more than 10,000 page breaks (LAYOUT_MAX_PAGE_BREAKS)',
      },
    ]);
    expect(error.message).toMatch(/^The layout template in plan-template makes a document over the service's budget/);
  });

  it('refuses a template that writes more {{pageBreak}} than the budget, at the one past it, before compiling it', () => {
    const source = Array.from({ length: 8 }, (_, i) => `<p>${i}</p>{{pageBreak}}`).join('\n');
    const error = serviceErrorOf(() => renderHbs(source, { pageBreaks: 5 }));
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      {
        path: 'plan-template:probe.hbs:6:9',
        message: 'pageBreak: the document would have more than 5 page breaks (LAYOUT_MAX_PAGE_BREAKS)',
      },
    ]);
    // Within the budget, as written and as run.
    expect(() => renderHbs(source, { pageBreaks: 8 })).not.toThrow();
  });

  it('counts page breaks written as tags too, before the HTML is parsed', () => {
    const error = serviceErrorOf(() =>
      renderHbs(overLabels(2, '<dmp-page-break></dmp-page-break>'), { pageBreaks: 100 }),
    );
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      {
        path: 'plan-template:probe.hbs',
        message: 'the document would have more than 100 page breaks (LAYOUT_MAX_PAGE_BREAKS)',
      },
    ]);
  });

  it('refuses HTML opening more blocks than the budget before parsing it', () => {
    const error = serviceErrorOf(() => renderHbs(overLabels(2, '<p>a</p><li>b</li><td>c</td>'), { blocks: 1000 }));
    expect(statusOf(error)).toBe(422);
    expect(error.details[0]).toEqual({
      path: 'plan-template:probe.hbs',
      message:
        'the document would have more than 1,000 paragraphs, headings, table cells and other blocks (LAYOUT_MAX_BLOCKS)',
    });
  });

  it('counts the blocks of every answer placed, the same answer placed again included', () => {
    const once = renderHbs('{{#each plan.sections}}{{#each descriptions}}{{> description}}{{/each}}{{/each}}');
    const blocks = once.document.blocks.length;
    expect(blocks).toBeGreaterThan(50);
    // The same answers placed 42 times over: past a budget the plan's own answers fit in.
    const source = overLabels(
      1,
      '{{#each @root.plan.sections}}{{#each descriptions}}{{> description}}{{/each}}{{/each}}',
    );
    const error = serviceErrorOf(() => renderHbs(source, { blocks: blocks * 10 }));
    expect(statusOf(error)).toBe(422);
    expect(error.details[0].message).toContain('(LAYOUT_MAX_BLOCKS)');
  });

  it('counts a table of contents once per heading it lists', () => {
    const source = `{{toc}}${overLabels(1, '<h2>{{@key}}</h2>')}`;
    const options = { ...DEFAULT_OPTIONS, tableOfContents: true };
    const layout = resolveTemplate(upload('probe.hbs', source), 'plan-template').layout;
    const { document } = renderPlanDocument(full, layout, options, { budget: budget({ blocks: 200 }) });
    const headings = document.blocks.filter((b) => b.type === 'heading').length;
    expect(headings).toBeGreaterThan(40);
    const many = `${'{{toc}}'.repeat(5)}${overLabels(1, '<h2>{{@key}}</h2>')}`;
    const error = serviceErrorOf(() =>
      renderPlanDocument(full, resolveTemplate(upload('probe.hbs', many), 'plan-template').layout, options, {
        budget: budget({ blocks: 200 }),
      }),
    );
    expect(statusOf(error)).toBe(422);
    expect(error.details[0].message).toContain('more than 200 paragraphs, headings, table cells and other blocks');
  });

  it('bounds the characters of text, each placement of an answer counted', () => {
    const error = serviceErrorOf(() =>
      renderHbs(overLabels(1, '{{richText @root.plan.summary}}'), { textCharacters: 1000 }),
    );
    expect(statusOf(error)).toBe(422);
    expect(error.details[0].message).toBe(
      'the document would have more than 0.001 million characters of text (LAYOUT_MAX_TEXT_MB)',
    );
  });

  it('is a 422 for the built-in layout too: a plan can be too large for any layout', () => {
    const error = serviceErrorOf(() =>
      renderPlanDocument(full, defaultLayout(), DEFAULT_OPTIONS, { budget: budget({ blocks: 10 }) }),
    );
    expect(statusOf(error)).toBe(422);
    expect(error.details[0].path).toBe('default layout:plan.hbs');
  });

  it('leaves a generated 100-description plan inside a tenth of the default sizes', () => {
    const view = buildPlanView(decodePlan(JSON.parse(generatePlanJson(100))), {
      transformerId: 'dmp-file-transformer',
    });
    // Time aside: a busy test machine is no measure of it.
    const tenth = Object.fromEntries(
      Object.entries(DEFAULT_LAYOUT_BUDGET).map(([measure, limit]) => [
        measure,
        measure === 'renderMs' ? limit : limit / 10,
      ]),
    ) as unknown as LayoutBudget;
    const options = { ...DEFAULT_OPTIONS, includeGuidance: true, includeUnanswered: true, tableOfContents: true };
    const { document } = renderPlanDocument(view, defaultLayout(), options, { budget: tenth });
    expect(document.blocks.length).toBeGreaterThan(5_000);
  });

  it('takes the budget an operator sets from the export context', async () => {
    const { layoutBudget } = loadConfig({ LAYOUT_MAX_BLOCKS: '50', LAYOUT_MAX_PAGE_BREAKS: '30' });
    expect(layoutBudget).toEqual({ ...DEFAULT_LAYOUT_BUDGET, blocks: 50, pageBreaks: 30 });
    const result = await runRequest({
      action: 'export',
      entity: 'plan',
      format: 'docx',
      body: new TextEncoder().encode(JSON.stringify(fixtureJson('plan-full.json'))),
      context: { transformerId: 'dmp-file-transformer', layoutBudget },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('unprocessable');
    expect(result.error.details[0].message).toContain('more than 50 paragraphs');
  });
});

describe('layout budget variables', () => {
  it('reads sizes in MB as millions of characters, and refuses what is not a positive number', () => {
    expect(
      loadConfig({ LAYOUT_MAX_HTML_MB: '2.5', LAYOUT_MAX_TEXT_MB: '40', LAYOUT_TIMEOUT_MS: '3000' }).layoutBudget,
    ).toEqual({ ...DEFAULT_LAYOUT_BUDGET, htmlCharacters: 2_500_000, textCharacters: 40_000_000, renderMs: 3000 });
    expect(() => loadConfig({ LAYOUT_MAX_BLOCKS: '0' })).toThrow('LAYOUT_MAX_BLOCKS must be a positive number');
  });
});
