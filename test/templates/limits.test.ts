/**
 * A tenant template cannot make a render run away: in time, in the HTML it writes, in the strings
 * its helpers build, in how deep it nests, or in how often it repeats answers and images. A
 * template mistake (nesting) ends the export with a 400, a document over the layout budget with a
 * 422; both name the template (and where they can, the line), a budget also its variable.
 */
import { generatePlanJson } from '../../fixtures/generate';
import { decodePlan } from '../../src/contract/decode';
import { buildPlanView } from '../../src/plan/buildPlanView';
import { defaultLayout } from '../../src/templates/compile';
import { MAX_BLOCK_DEPTH } from '../../src/templates/engine';
import { DEFAULT_LAYOUT_BUDGET } from '../../src/config';
import { DOCUMENT_LIMITS, locateError } from '../../src/templates/guard';
import { renderPlanDocument } from '../../src/templates/layout';
import { TemplateRenderError } from '../../src/templates/problems';
import { resolveTemplate } from '../../src/templates/resolve';
import { png } from '../builders/imageBytes';
import { DEFAULT_OPTIONS, serviceErrorOf, planView, textOf, upload, zip } from '../builders/templates';
import { statusOf } from '../../src/http/errors';

const minimal = planView('plan-minimal.json');
const full = planView('plan-full.json');
const renderHbs = (source: string, view = minimal, budget = DEFAULT_LAYOUT_BUDGET) =>
  renderPlanDocument(view, resolveTemplate(upload('probe.hbs', source), 'plan-template').layout, DEFAULT_OPTIONS, {
    budget,
  });

/** `body` run once per label, to the power `depth` (42 labels: 42, 1,764, 74,088… runs). */
const overLabels = (depth: number, body: string) =>
  '{{#each @root.labels}}'.repeat(depth) + body + '{{/each}}'.repeat(depth);

afterEach(() => jest.restoreAllMocks());

describe('render time and output', () => {
  it('stops a template that runs longer than the time budget', () => {
    const budget = { ...DEFAULT_LAYOUT_BUDGET, renderMs: 200 };
    const error = serviceErrorOf(() => renderHbs(overLabels(4, '{{#if @first}}{{/if}}'), minimal, budget));
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      {
        path: 'plan-template:probe.hbs',
        message: 'the template takes longer than 0.2 s to render (LAYOUT_TIMEOUT_MS)',
      },
    ]);
  });

  it('stops a template that writes more than 10 MB of HTML', () => {
    const error = serviceErrorOf(() => renderHbs(overLabels(3, `<p>{{@key}} ${'lorem ipsum '.repeat(25)}</p>`)));
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      { path: 'plan-template:probe.hbs', message: 'the template writes more than 10 MB of HTML (LAYOUT_MAX_HTML_MB)' },
    ]);
  });

  it('stops a string doubled by nested concat at the helper that would pass 10 MB, before it is built', () => {
    const levels = 30;
    let source = '{{#with (concat plan.title plan.title) as |a0|}}';
    for (let level = 1; level < levels; level++)
      source += `{{#with (concat a${level - 1} a${level - 1}) as |a${level}|}}`;
    source += `<p>{{len a${levels - 1}}}</p>${'{{/with}}'.repeat(levels)}`;
    const error = serviceErrorOf(() => renderHbs(source));
    expect(error.details).toEqual([
      {
        path: expect.stringMatching(/^plan-template:probe\.hbs:1:\d+$/),
        message: 'concat: the result would be longer than the 10 MB of HTML a template may write (LAYOUT_MAX_HTML_MB)',
      },
    ]);
  });

  it('refuses a join whose separators alone would pass 10 MB', () => {
    const view = { ...full, title: 'x'.repeat(8 * 1024 * 1024) };
    const error = serviceErrorOf(() => renderHbs('<p>\n  {{join plan.users plan.title key="display"}}</p>', view));
    expect(error.details).toEqual([
      {
        path: 'plan-template:probe.hbs:2:3',
        message: 'join: the result would be longer than the 10 MB of HTML a template may write (LAYOUT_MAX_HTML_MB)',
      },
    ]);
  });

  it('turns a string too long for JavaScript into the template problem it is', () => {
    const located = locateError(new RangeError('Invalid string length'), 'plan.hbs');
    expect(located).toBeInstanceOf(TemplateRenderError);
    expect(located).toMatchObject({
      file: 'plan.hbs',
      message: expect.stringContaining('longer than JavaScript strings can be'),
    });
  });
});

describe('nesting depth', () => {
  const nestedIfs = (depth: number) => '{{#if plan}}'.repeat(depth) + 'deep' + '{{/if}}'.repeat(depth);

  it(`renders blocks nested ${MAX_BLOCK_DEPTH} deep, and refuses one more level at the block that goes too deep`, () => {
    expect(textOf(renderHbs(nestedIfs(MAX_BLOCK_DEPTH)).document)).toBe('deep');
    const error = serviceErrorOf(() => renderHbs(nestedIfs(MAX_BLOCK_DEPTH + 1)));
    expect(error.details).toEqual([
      {
        path: `plan-template:probe.hbs:1:${MAX_BLOCK_DEPTH * '{{#if plan}}'.length + 1}`,
        message: `blocks and subexpressions nest more than ${MAX_BLOCK_DEPTH} levels deep here`,
      },
    ]);
  });

  it.each([
    ['8,000 nested blocks', nestedIfs(8_000)],
    ['8,000 nested subexpressions', `{{concat ${'(concat '.repeat(8_000)}"a"${')'.repeat(8_000)}}}`],
    ['an else-if chain 8,000 long', `{{#if a}}${'{{else if b}}x'.repeat(8_000)}{{/if}}`],
  ])('refuses %s by its depth, before Handlebars parses it (which took minutes)', (_name, source) => {
    expect(serviceErrorOf(() => renderHbs(source)).details[0].message).toMatch(/nest more than 200 levels/);
  });

  it('does not count blocks inside a comment', () => {
    expect(textOf(renderHbs(`{{!-- ${nestedIfs(500)} --}}<p>shown</p>`).document)).toBe('shown');
  });
});

describe('answers and images repeated by placeholders', () => {
  it('stops a template that splices a 1.2 MB answer 74,088 times at the text budget', () => {
    const view = { ...full, descriptionHtml: `<p>${'lorem ipsum '.repeat(100_000)}</p>` };
    const error = serviceErrorOf(() => renderHbs(overLabels(3, '{{richText @root.plan.summary}}'), view));
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      {
        path: 'plan-template:probe.hbs',
        message: 'the document would have more than 20 million characters of text (LAYOUT_MAX_TEXT_MB)',
      },
    ]);
  });

  it('counts every repetition of an answer past the text budget too (an operator may raise it)', () => {
    const view = { ...full, descriptionHtml: `<p>${'lorem ipsum '.repeat(100_000)}</p>` };
    const budget = { ...DEFAULT_LAYOUT_BUDGET, textCharacters: 1e12, blocks: 1e12 };
    const error = serviceErrorOf(() => renderHbs(overLabels(3, '{{richText @root.plan.summary}}'), view, budget));
    expect(statusOf(error)).toBe(422);
    expect(error.details[0].message).toContain(
      'the document would repeat more than 50,000,000 characters of answer text',
    );
  });

  it('counts every placement of an image after the first', () => {
    jest.replaceProperty(DOCUMENT_LIMITS, 'images', 100);
    const bundle = zip({
      'template.json': JSON.stringify({ name: 'Logos', version: '1.0.0' }),
      'plan.hbs': overLabels(2, '{{image "logo.png"}}'),
      'assets/logo.png': new Uint8Array(png(2, 2)),
    });
    const layout = resolveTemplate(upload('logos.zip', bundle), 'plan-template').layout;
    const error = serviceErrorOf(() => renderPlanDocument(minimal, layout, DEFAULT_OPTIONS));
    expect(error.details[0].message).toContain('the document would repeat more than 100 images');
  });

  it('leaves a generated 100-description plan a thousand times inside the limits', () => {
    for (const measure of Object.keys(DOCUMENT_LIMITS) as (keyof typeof DOCUMENT_LIMITS)[]) {
      jest.replaceProperty(DOCUMENT_LIMITS, measure, Math.floor(DOCUMENT_LIMITS[measure] / 1000));
    }
    const view = buildPlanView(decodePlan(JSON.parse(generatePlanJson(100))), {
      transformerId: 'dmp-file-transformer',
    });
    const { document } = renderPlanDocument(view, defaultLayout(), {
      ...DEFAULT_OPTIONS,
      includeGuidance: true,
      includeUnanswered: true,
    });
    expect(document.blocks.length).toBeGreaterThan(5_000);
  });
});
