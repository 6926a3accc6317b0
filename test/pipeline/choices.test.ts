/**
 * Export choices on the fixtures, through the real exporters: withheld fields are absent from every
 * format (DOCX, PDF, HTML, Markdown, the answer pack, RDA JSON still valid 1.1 and 1.2), and the
 * content toggles change what DOCX, PDF and HTML show.
 */
import { HtmlValidate } from 'html-validate';
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { ALL_EXPORTERS } from '../../src/service/formats';
import { schemaErrors } from '../../src/formats/rda/schemas';
import type { ExportContext } from '../../src/formats/types';
import { bodyParagraphs, openDocx, paragraphStyle, paragraphText } from '../helpers/ooxml';
import { fixtureJson } from '../builders/fixtures';
import { pdfPages, pdfText } from '../helpers/pdf';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const exporter = (format: string) => ALL_EXPORTERS.find((e) => e.format === format)!;

/** Sets our plugin's configuration fields on the plan's blueprint (or the description's template). */
function configure(raw: Raw, fields: Record<string, string>, where: 'blueprint' | 'template' = 'blueprint'): Raw {
  const definition = where === 'blueprint' ? raw.planBlueprint.definition : raw.descriptionTemplate.definition;
  definition.plugins = [
    {
      code: 'dmp-file-transformer',
      type: 0,
      fields: Object.entries(fields).map(([code, textValue]) => ({ code, textValue, file: null })),
    },
  ];
  return raw;
}

async function exportAs(
  format: string,
  raw: Raw,
  entity: 'plan' | 'description' = 'plan',
  context: Partial<ExportContext> = {},
): Promise<Uint8Array> {
  assertValidModel(entity, raw);
  const full = { transformerId: 'dmp-file-transformer', ...context };
  const result =
    entity === 'plan'
      ? await exporter(format).exportPlan(decodePlan(raw), full)
      : await exporter(format).exportDescription(decodeDescription(raw), full);
  return result.bytes;
}

async function docxBody(bytes: Uint8Array) {
  const docx = await openDocx(bytes);
  const paragraphs = bodyParagraphs(docx.xml('word/document.xml'));
  return { text: paragraphs.map(paragraphText).join('\n').replace(/\s+/g, ' '), paragraphs, docx };
}

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const pdfPlain = async (bytes: Uint8Array) => (await pdfText(bytes)).replace(/\s+/g, ' ');

/** What the fixture answers in the withheld fields: each must vanish from every format. */
const WITHHELD_TEXT = [
  'Long-term archiving at the data centre',
  'SoundTrap ST600',
  'CTD profiler SBE 19',
  'Interviews with fishers',
];
const KEPT_TEXT = ['Aegean Seagrass Observatory', 'Hydrophone recordings', 'Recorders sample at'];

describe('withheld fields', () => {
  // The service default (WITHHOLD) names costs by semantic; the blueprint adds a question title and a field label.
  const context = { withhold: ['rda.dmp.cost*'] };
  const withheldPlan = () =>
    configure(fixtureJson('plan-full.json'), { withhold: 'Instruments used; ethical issues DESCRIPTION' });

  it('are in the documents without the setting (so the checks below can fail)', async () => {
    const text = utf8(await exportAs('txt', fixtureJson('plan-full.json')));
    for (const phrase of WITHHELD_TEXT) expect(text).toContain(phrase);
    expect(text).not.toContain('[withheld]');
  });

  it.each(['docx', 'pdf', 'html', 'md', 'txt'])(
    'leave %s with a "[withheld]" note in their place, and the rest as it was',
    async (format) => {
      const bytes = await exportAs(format, withheldPlan(), 'plan', context);
      const text =
        format === 'docx' ? (await docxBody(bytes)).text : format === 'pdf' ? await pdfPlain(bytes) : utf8(bytes);
      for (const phrase of WITHHELD_TEXT) expect(text).not.toContain(phrase);
      for (const phrase of KEPT_TEXT) expect(text).toContain(phrase);
      expect(text).toContain(format === 'md' ? '\\[withheld]' : '[withheld]');
      // The question whose answers are withheld is still there: a reader sees what was left out.
      expect(text).toContain('Instruments used');
    },
  );

  it('leave the RDA JSON without their keys, valid against RDA 1.1 and 1.2', async () => {
    const plain = JSON.parse(utf8(await exportAs('json', fixtureJson('plan-full.json'))));
    expect(plain.dmp.cost).toBeDefined();
    expect(plain.dmp.ethical_issues_description).toContain('Interviews with fishers');

    const bytes = await exportAs('json', withheldPlan(), 'plan', context);
    const rda = JSON.parse(utf8(bytes));
    expect(rda.dmp.cost).toBeUndefined();
    // The blueprint's field is withheld; the ethics annex (a description) still says its own.
    expect(rda.dmp.ethical_issues_description ?? '').not.toContain('Interviews with fishers');
    for (const phrase of WITHHELD_TEXT) expect(utf8(bytes)).not.toContain(phrase);
    expect(utf8(bytes)).not.toContain('[withheld]');
    expect(schemaErrors('1.1', rda)).toEqual([]);
    expect(schemaErrors('1.2', rda)).toEqual([]);
  });

  it("follow a description template's own withhold and note text in a description export", async () => {
    const raw = configure(
      fixtureJson('description-full.json'),
      { withhold: 'rda.dataset.keyword', 'withheld-note': '(not public)' },
      'template',
    );
    expect(utf8(await exportAs('html', fixtureJson('description-full.json'), 'description'))).toContain(
      'benthic habitat',
    );
    const html = utf8(await exportAs('html', raw, 'description'));
    expect(html).not.toContain('benthic habitat');
    expect(html).toContain('(not public)');
    const bytes = await exportAs('json', raw, 'description');
    // The answer's keywords go; the description's tags, which are not a field, stay.
    expect(utf8(bytes)).not.toContain('benthic habitat');
    const rda = JSON.parse(utf8(bytes));
    expect(schemaErrors('1.1', rda)).toEqual([]);
  });
});

describe('content toggles', () => {
  const plan = (fields: Record<string, string> = {}) => configure(fixtureJson('plan-full.json'), fields);

  it('include-question-text false: answers under their headings, without question titles or field labels', async () => {
    const on = await docxBody(await exportAs('docx', plan()));
    const off = await docxBody(await exportAs('docx', plan({ 'include-question-text': 'false' })));
    const labels = (body: typeof on) => body.paragraphs.filter((p) => paragraphStyle(p) === 'Label').map(paragraphText);
    expect(labels(on)).toContain('Instruments used');
    expect(labels(off)).toEqual([]);
    for (const text of [off.text, await pdfPlain(await exportAs('pdf', plan({ 'include-question-text': 'false' })))]) {
      expect(text).not.toContain('Instruments used');
      expect(text).not.toMatch(/Distribution title: FLAC/);
      expect(text).toContain('FLAC recordings');
      expect(text).toContain('SoundTrap ST600');
      expect(text).toContain('Recorders sample at');
    }
    expect(on.text).toMatch(/Distribution title: FLAC recordings/);
  });

  it('include-section-headings false: no page or section headings of description templates', async () => {
    const headings = async (fields: Record<string, string>) => {
      const html = utf8(await exportAs('html', plan(fields)));
      return [...html.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map((m) => m[2]);
    };
    const on = await headings({});
    const off = await headings({ 'include-section-headings': 'false' });
    expect(on).toContain('Dataset identity');
    expect(off).not.toContain('Dataset identity');
    // Blueprint sections and descriptions keep theirs.
    expect(off).toEqual(expect.arrayContaining(['Data summary', 'Underwater acoustic recordings']));
    expect(off.length).toBeLessThan(on.length);
  });

  it('compact-spacing true: the same content on fewer PDF pages, and tighter DOCX paragraphs', async () => {
    const fields = { 'include-question-text': 'false' };
    const normal = await exportAs('pdf', plan(fields));
    const compact = await exportAs('pdf', plan({ ...fields, 'compact-spacing': 'true' }));
    expect((await pdfPages(compact)).length).toBeLessThan((await pdfPages(normal)).length);
    expect(await pdfPlain(compact)).toContain('Recorders sample at');

    const spacingAfter = async (bytes: Uint8Array) => {
      const styles = (await openDocx(bytes)).raw('word/styles.xml');
      return Number(/<w:docDefaults>.*?<w:spacing [^>]*w:after="(\d+)"/s.exec(styles)![1]);
    };
    expect(await spacingAfter(await exportAs('docx', plan({ 'compact-spacing': 'yes' })))).toBeLessThan(
      await spacingAfter(await exportAs('docx', plan())),
    );
  });

  it('reject a value they cannot read with a 400 naming the field', async () => {
    await expect(exportAs('html', plan({ 'include-question-text': 'sometimes' }))).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringContaining('include-question-text'),
    });
  });
});

describe('new formats', () => {
  const expectations = fixtureJson('plan-full.expect.json') as { visible: string[]; absent: string[] };

  it('html: one valid, self-contained, script-free file with lang, dir and images as data URIs', async () => {
    const html = utf8(await exportAs('html', fixtureJson('plan-full.json')));
    const report = await new HtmlValidate({ extends: ['html-validate:recommended'] }).validateString(html);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/);
    expect(html).not.toMatch(/<script|\son\w+=|javascript:/i);
    expect(html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/]+=*"/);
    expect(html).not.toMatch(/(src|href)="(?!data:|https?:|mailto:|#)/);
    expect(html).toContain('@media print');
    for (const phrase of expectations.visible)
      expect(html.replace(/&#x27;/g, "'").replace(/&#x26;/g, '&')).toContain(phrase.replace(/&/g, '&'));
    for (const marker of expectations.absent) expect(html).not.toContain(marker);
  });

  it('md: CommonMark with GFM tables, the fixture phrases and none of the hidden ones', async () => {
    const md = utf8(await exportAs('md', fixtureJson('plan-full.json')));
    expect(md).toMatch(/^\| .* \|\n\| -+ \|/m);
    expect(md).toMatch(/^# Data summary$/m);
    for (const marker of expectations.absent) expect(md).not.toContain(marker);
    expect(md).toContain('Hydrophone recordings');
    expect(md).not.toMatch(/<script/i);
  });

  it('txt: every question in form order, each answer with its characters and words', async () => {
    const text = utf8(await exportAs('txt', fixtureJson('plan-full.json')));
    const questions = [...text.matchAll(/^\[(.+)\]\n([\s\S]*?)\n\(Characters: (\d+) · words: (\d+)\)$/gm)];
    expect(questions.length).toBeGreaterThan(20);
    for (const [, , answer, characters, words] of questions) {
      // Counted independently: code points without combining marks (Arabic vowel signs ride on their
      // letter; the fixture has no emoji sequences), and space-separated words.
      expect(Number(characters)).toBe([...answer.replace(/\p{M}/gu, '')].length);
      expect(Number(words)).toBe(answer.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length);
    }
    const order = ['Title', 'Plan summary', 'Dataset title', 'Instruments used', 'Cost title'].map((q) =>
      text.search(new RegExp(`^\\[(.* › )?${q}\\]$`, 'm')),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const marker of expectations.absent) expect(text).not.toContain(marker);
  });
});
