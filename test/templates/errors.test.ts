/**
 * A broken template is the admin's to fix: every problem is a 400 whose details name the
 * configuration field, the file in the template, the line and column, and what is wrong.
 */
import { strToU8, zipSync } from 'fflate';
import { coastalLogoPng } from '../../fixtures/lib/png';
import { renderPlanDocument } from '../../src/templates/layout';
import { resolveTemplate } from '../../src/templates/resolve';
import { DEFAULT_OPTIONS, serviceErrorOf, planView, upload, zip } from '../builders/templates';
import { statusOf } from '../../src/http/errors';

const FIELD = 'plan-template';
const MANIFEST = JSON.stringify({ name: 'Funder template', version: '1.0.0' });
const minimal = planView('plan-minimal.json');

const resolveHbs = (source: string) => resolveTemplate(upload('funder.hbs', source), FIELD);
const resolveZip = (files: Record<string, string | Uint8Array>) =>
  resolveTemplate(upload('funder.zip', zip(files)), FIELD);
const render = (files: Record<string, string | Uint8Array>) =>
  renderPlanDocument(minimal, resolveZip(files).layout, DEFAULT_OPTIONS);

describe('problems found before rendering', () => {
  it('reports a syntax error with the line and column where parsing stopped', () => {
    const error = serviceErrorOf(() => resolveHbs('<p>{{plan.title}}</p>\n<p>{{plan.version}</p>\n'));
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual([
      { path: `${FIELD}:funder.hbs:2:18`, message: expect.stringContaining('found "}"') },
    ]);
    expect(error.message).toContain(`${FIELD}:funder.hbs:2:18`);
  });

  it('says where a block that is never closed opens, not where the file ends', () => {
    const error = serviceErrorOf(() =>
      resolveHbs(
        '<p>{{plan.title}}</p>\n  {{#if plan.version}}\n<p>v{{plan.version}}</p>\n{{#each plan.dois}}{{doi}}{{/each}}\n',
      ),
    );
    expect(error.details).toEqual([
      {
        path: `${FIELD}:funder.hbs:2:3`,
        message: 'syntax error: {{#if}} is never closed (a {{/if}} is missing)',
      },
    ]);
  });

  it('names the block a closing tag does not match, and where it opened', () => {
    const error = serviceErrorOf(() => resolveHbs('{{#each plan.sections}}\n  {{#if title}}{{title}}\n{{/each}}'));
    expect(error.details).toEqual([
      {
        path: `${FIELD}:funder.hbs:3:1`,
        message: 'syntax error: {{/each}} does not match {{#if}}, opened at line 2, column 3',
      },
    ]);
  });

  it('names every unknown helper in a partial at once, with a suggestion for a typo', () => {
    const error = serviceErrorOf(() =>
      resolveZip({
        'template.json': MANIFEST,
        'partials/question.hbs': '<p>\n  {{title}}\n    {{shout title}} {{fromatDate x}} {{log title}}</p>',
      }),
    );
    expect(error.details).toEqual([
      { path: `${FIELD}:partials/question.hbs:3:7`, message: 'unknown helper "shout"' },
      {
        path: `${FIELD}:partials/question.hbs:3:23`,
        message: 'unknown helper "fromatDate" (did you mean "formatDate"?)',
      },
      { path: `${FIELD}:partials/question.hbs:3:40`, message: 'the log helper is not available in layout templates' },
    ]);
  });

  it('reports a partial that exists nowhere, in the bundle or the default layout', () => {
    const error = serviceErrorOf(() =>
      resolveZip({ 'template.json': MANIFEST, 'plan.hbs': '{{> cover}}\n  {{> budgetTable}}' }),
    );
    expect(error.details).toEqual([
      { path: `${FIELD}:plan.hbs:2:3`, message: expect.stringContaining('no partial "budgetTable"') },
    ]);
  });

  it('suggests the partial a misspelt name most likely means', () => {
    const error = serviceErrorOf(() =>
      resolveZip({
        'template.json': MANIFEST,
        'plan.hbs': '{{> covr}}\n{{#each plan.sections}}{{> planSecton}}{{/each}}',
      }),
    );
    expect(error.details).toEqual([
      { path: `${FIELD}:plan.hbs:1:1`, message: 'there is no partial "covr" (did you mean "cover"?)' },
      { path: `${FIELD}:plan.hbs:2:24`, message: 'there is no partial "planSecton" (did you mean "planSection"?)' },
    ]);
  });

  it('reports unknown assets, in the image helper and in plain HTML', () => {
    const error = serviceErrorOf(() =>
      resolveZip({
        'template.json': MANIFEST,
        'assets/logo.png': new Uint8Array(coastalLogoPng()),
        'plan.hbs': '{{image "logo.svg" width=100}}\n<p>\n  <img src="asset:seal.png"></p>',
      }),
    );
    expect(error.details).toEqual([
      { path: `${FIELD}:plan.hbs:1:9`, message: 'there is no asset "logo.svg"; the assets are "logo.png"' },
      { path: `${FIELD}:plan.hbs:3:8`, message: 'there is no asset "seal.png"; the assets are "logo.png"' },
    ]);
  });

  it('reports wrong arguments that can be seen without rendering', () => {
    const error = serviceErrorOf(() =>
      resolveHbs('{{label "notAnswerd"}}\n{{formatDate plan.createdAt "full"}}\n{{#if}}x{{/if}}'),
    );
    expect(error.details.map((d) => d.path)).toEqual([
      `${FIELD}:funder.hbs:1:9`,
      `${FIELD}:funder.hbs:2:29`,
      `${FIELD}:funder.hbs:3:4`,
    ]);
    expect(error.details.map((d) => d.message)).toEqual([
      'there is no label "notAnswerd" (did you mean "notAnswered"?)',
      'formatDate takes "long", "short" or "iso", not "full"',
      '#if takes exactly one argument',
    ]);
  });

  it('refuses decorators other than inline partials', () => {
    const error = serviceErrorOf(() => resolveHbs('{{* mutate}}'));
    expect(error.details[0]).toEqual({
      path: `${FIELD}:funder.hbs:1:1`,
      message: expect.stringContaining('decorators are not supported'),
    });
  });

  it('points manifest values that do not match the schema by JSON pointer', () => {
    const manifest = JSON.stringify({ name: 'x', version: '1.0', theme: { textColor: 'red' }, pagesize: 'A4' });
    const error = serviceErrorOf(() => resolveZip({ 'template.json': manifest }));
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: `${FIELD}:template.json#/pagesize`, message: 'is not a manifest field (did you mean "pageSize"?)' },
        { path: `${FIELD}:template.json#/version`, message: 'must be a version like "1.2.0"' },
        {
          path: `${FIELD}:template.json#/theme/textColor`,
          message: 'must be a colour written #RRGGBB, e.g. "#1F4E79"',
        },
      ]),
    );
  });

  it('locates a JSON syntax error in the manifest', () => {
    const error = serviceErrorOf(() => resolveZip({ 'template.json': '{\n  "name": "x",\n  "version": }' }));
    expect(error.details).toEqual([
      { path: `${FIELD}:template.json:3:14`, message: "not valid JSON: Unexpected token '}'" },
    ]);
  });

  it('needs a manifest in a bundle', () => {
    const error = serviceErrorOf(() => resolveZip({ 'plan.hbs': '<p>x</p>' }));
    expect(error.details).toEqual([
      { path: `${FIELD}:template.json`, message: expect.stringContaining('needs a template.json') },
    ]);
  });

  it('rejects a root .hbs file that is no entry, so a misspelt entry is not silently ignored', () => {
    const error = serviceErrorOf(() => resolveZip({ 'template.json': MANIFEST, 'Plan.hbs': '<p>x</p>' }));
    expect(error.details).toEqual([{ path: `${FIELD}:Plan.hbs`, message: expect.stringContaining('not an entry') }]);
  });
});

describe('uploads that are not usable templates', () => {
  it('refuses paths leaving the bundle and files the layout does not know', () => {
    const bytes = zipSync({
      'template.json': strToU8(MANIFEST),
      '../evil.hbs': strToU8('x'),
      'partials/../../up.hbs': strToU8('x'),
      'notes.txt': strToU8('x'),
      'assets/script.js': strToU8('x'),
    });
    const error = serviceErrorOf(() => resolveTemplate(upload('funder.zip', bytes), FIELD));
    expect(error.details).toEqual(
      expect.arrayContaining([
        { path: `${FIELD}:../evil.hbs`, message: 'the path leaves the template folder ("..")' },
        { path: `${FIELD}:partials/../../up.hbs`, message: 'the path leaves the template folder ("..")' },
        { path: `${FIELD}:notes.txt`, message: expect.stringContaining('unexpected file') },
        { path: `${FIELD}:assets/script.js`, message: 'assets/ holds only PNG, JPEG, GIF and BMP images' },
      ]),
    );
  });

  it('refuses a bundle larger than 20 MB before unpacking it', () => {
    const noise = new Uint8Array(21 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24);
    const bytes = zipSync({ 'template.json': strToU8(MANIFEST), 'assets/big.png': [noise, { level: 0 }] });
    const error = serviceErrorOf(() => resolveTemplate(upload('funder.zip', bytes), FIELD));
    expect(error.details).toEqual([{ path: FIELD, message: 'is larger than 20 MB' }]);
  });

  it('refuses a small bundle that would unpack to more than 50 MB (a zip bomb)', () => {
    const bytes = zipSync({
      'template.json': strToU8(MANIFEST),
      'assets/zeros.png': [new Uint8Array(51 * 1024 * 1024), { level: 1 }],
    });
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const error = serviceErrorOf(() => resolveTemplate(upload('funder.zip', bytes), FIELD));
    expect(error.details).toEqual([{ path: FIELD, message: 'unpacks to more than 50 MB' }]);
  });

  it('refuses a bundle with too many files', () => {
    const files: Record<string, Uint8Array> = { 'template.json': strToU8(MANIFEST) };
    for (let i = 0; i < 501; i++) files[`partials/p${i}.hbs`] = strToU8('<p>x</p>');
    const error = serviceErrorOf(() => resolveTemplate(upload('funder.zip', zipSync(files)), FIELD));
    expect(error.details).toEqual([{ path: FIELD, message: 'has more than 500 files' }]);
  });

  it('refuses an upload that is no template, naming the field', () => {
    const error = serviceErrorOf(() =>
      resolveTemplate(upload('logo.png', new Uint8Array(coastalLogoPng()), 'image/png'), FIELD),
    );
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual([
      { path: FIELD, message: '"logo.png" (image/png) is not a .docx, .hbs or .zip template' },
    ]);
  });

  it('refuses a damaged ZIP', () => {
    const bytes = zip({ 'template.json': MANIFEST }).slice(0, 40);
    const error = serviceErrorOf(() => resolveTemplate(upload('funder.zip', bytes), FIELD));
    expect(error.details[0].path).toBe(FIELD);
    expect(error.details[0].message).toContain('not a readable ZIP');
  });

  it('refuses a .docx that is not a Word document', () => {
    const error = serviceErrorOf(() => resolveTemplate(upload('shell.docx', 'plain text'), 'plan-docx-template-id'));
    expect(error.details[0].path).toBe('plan-docx-template-id:shell.docx');
  });

  it('refuses a file that is not UTF-8 text', () => {
    const error = serviceErrorOf(() =>
      resolveTemplate(upload('funder.hbs', new Uint8Array([0x3c, 0x70, 0xff, 0xfe])), FIELD),
    );
    expect(error.details).toEqual([{ path: `${FIELD}:funder.hbs`, message: 'the file is not UTF-8 text' }]);
  });
});

describe('problems found while rendering', () => {
  it('stops a partial that includes itself, at the inclusion', () => {
    const error = serviceErrorOf(() =>
      render({
        'template.json': MANIFEST,
        'plan.hbs': '{{> loop}}',
        'partials/loop.hbs': '<p>again</p>\n  {{> loop}}',
      }),
    );
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual([
      {
        path: `${FIELD}:partials/loop.hbs:2:3`,
        message: expect.stringContaining('nest deeper than 20 levels at "loop"'),
      },
    ]);
  });

  it('stops an inline partial that includes itself', () => {
    const layout = resolveHbs('{{#*inline "row"}}<p>x</p>{{> row}}{{/inline}}\n{{> row}}').layout;
    const error = serviceErrorOf(() => renderPlanDocument(minimal, layout, DEFAULT_OPTIONS));
    expect(error.details).toEqual([
      { path: `${FIELD}:funder.hbs:1:27`, message: expect.stringContaining('nest deeper than 20 levels at "row"') },
    ]);
  });

  it('stops output growing past 10 MB (partials doubling at every level)', () => {
    const files: Record<string, string> = { 'template.json': MANIFEST, 'plan.hbs': '{{> p0}}' };
    for (let level = 0; level < 19; level++) files[`partials/p${level}.hbs`] = `{{> p${level + 1}}}{{> p${level + 1}}}`;
    files['partials/p19.hbs'] = `<p>${'laugh '.repeat(10)}</p>`;
    const error = serviceErrorOf(() => render(files));
    expect(error.details).toEqual([
      {
        path: `${FIELD}:partials/p19.hbs`,
        message: 'the template writes more than 10 MB of HTML (LAYOUT_MAX_HTML_MB)',
      },
    ]);
  });

  it('locates a helper given a bad value at run time', () => {
    const layout = resolveHbs('<p>x</p>\n\n   {{formatDate plan.createdAt plan.title}}').layout;
    const error = serviceErrorOf(() => renderPlanDocument(minimal, layout, DEFAULT_OPTIONS));
    expect(error.details).toEqual([
      { path: `${FIELD}:funder.hbs:3:4`, message: expect.stringContaining('formatDate: the format must be') },
    ]);
  });

  it('locates a page break asked for at a time it does not know', () => {
    const layout = resolveHbs('<p>x</p>\n{{pageBreak plan.title}}').layout;
    const error = serviceErrorOf(() => renderPlanDocument(minimal, layout, DEFAULT_OPTIONS));
    expect(error.details).toEqual([
      {
        path: `${FIELD}:funder.hbs:2:1`,
        message: expect.stringContaining('pageBreak: the argument must be "always", "auto" or "never"'),
      },
    ]);
  });

  it('names the file of a dynamic partial that does not exist', () => {
    const layout = resolveHbs('<p>x</p>\n{{> (concat "question-" plan.id)}}').layout;
    const error = serviceErrorOf(() => renderPlanDocument(minimal, layout, DEFAULT_OPTIONS));
    expect(error.details[0].path).toBe(`${FIELD}:funder.hbs`);
    expect(error.details[0].message).toContain('could not be found');
  });
});
