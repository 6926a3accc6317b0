/**
 * Typography of a long plan (fixtures/typography/thirty-descriptions.json: 30 descriptions whose
 * answers carry their own h1-h3 headings, guidance and comments), read back from the PDF with
 * poppler and qpdf: headings inside answers rank below question labels and section headings, on
 * the page and in the outline (and in DOCX below Heading 4, out of its contents); no heading,
 * label or lead-in caption ends a page; the table of contents is compact, with leaders and
 * right-aligned page numbers.
 */
import { decodePlan } from '../../../src/contract/decode';
import { assertValidModel } from '../../../src/contract/validate';
import { ALL_EXPORTERS } from '../../../src/service/formats';
import { bodyParagraphs, openDocx, paragraphStyle, paragraphText } from '../../helpers/ooxml';
import { fixtureJson } from '../../builders/fixtures';
import { pdfLines, type PdfLine, qpdfJson, type QpdfOutline } from '../../helpers/pdf';

type Raw = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIXTURE = 'typography/thirty-descriptions.json';
/** The default layout's page: A4, one-inch margins. */
const PAGE = { height: 841.89, textRight: 595.28 - 72, textBottom: 841.89 - 72 };

function plan(options: Record<string, string> = {}): Raw {
  const raw = fixtureJson(FIXTURE);
  const plugin = raw.planBlueprint.definition.plugins[0];
  for (const [code, textValue] of Object.entries(options)) plugin.fields.push({ code, textValue, file: null });
  assertValidModel('plan', raw);
  return raw;
}

async function exportAs(format: 'pdf' | 'docx' | 'html' | 'md', raw: Raw): Promise<Uint8Array> {
  const exporter = ALL_EXPORTERS.find((candidate) => candidate.format === format)!;
  return (await exporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' })).bytes;
}

/** Blueprint sections, description and template page and section titles, question titles: the plan's own structure. */
const STRUCTURE = [
  'Administrative information',
  'Archival corpora',
  'Editions',
  'Corpus and sources',
  'Storage and reuse',
  'Scope',
  'Methods',
  'Storage',
  'Reuse',
];
const QUESTIONS = [
  'What the corpus covers',
  'Sources',
  'Transcription and encoding',
  'Storage and backup',
  'Licence and access',
  'Retention period',
];
const GUIDANCE = [
  'Say what the corpus covers and what it leaves out, and why.',
  'List the archives and collections you draw on.',
  'Describe how the material is transcribed, encoded and checked.',
  'Where is the data kept while the project runs, and how is it backed up?',
  'Name the licence and any restriction on access.',
];
/** Headings people wrote inside their answers. */
const ANSWER_HEADING =
  /^(?:\d+\. Scope of the corpus|\d+\.1 Periods covered|Excluded material|Transcription|Quality checks|Licence)$/;
const DESCRIPTION_TITLE = /^[A-Z][\w' -]+ \(\d+\)$/;

/** Lines that lead into what follows them: a page must never end with one. */
const leadsIn = (text: string): boolean =>
  STRUCTURE.includes(text) ||
  QUESTIONS.includes(text) ||
  GUIDANCE.includes(text) ||
  text === 'Comment:' ||
  text.startsWith('Template: ') ||
  ANSWER_HEADING.test(text) ||
  DESCRIPTION_TITLE.test(text);

/** Lines of the text area: no running header (above the top margin), no footer (below the bottom one). */
const bodyLines = (lines: PdfLine[]): PdfLine[] =>
  lines.filter((line) => line.yMin > 72 - 2 && line.yMax < PAGE.textBottom + 2);

/** Height of a line's first word: its font size, times the font's line height (all of these are DejaVu Sans Bold). */
const wordHeight = (line: PdfLine): number => line.words[0].yMax - line.words[0].yMin;

function outlineTitles(entries: QpdfOutline[], out: string[] = []): string[] {
  for (const entry of entries) {
    out.push(entry.title);
    outlineTitles(entry.kids, out);
  }
  return out;
}

/** Lines side by side (poppler reads a title, its leader and its number as three) as one, left to right. */
function rows(lines: PdfLine[]): PdfLine[] {
  const merged: PdfLine[] = [];
  for (const line of lines) {
    const row = merged.find((candidate) => candidate.page === line.page && Math.abs(candidate.yMax - line.yMax) < 1);
    if (!row) {
      merged.push({ ...line, words: [...line.words] });
      continue;
    }
    row.words = [...row.words, ...line.words].sort((a, b) => a.xMin - b.xMin);
    row.text = row.words.map((word) => word.text).join(' ');
    row.xMin = Math.min(row.xMin, line.xMin);
    row.xMax = Math.max(row.xMax, line.xMax);
  }
  return merged;
}

const LEADER_AND_NUMBER = / (?:\. ?){3,}(\d+)$/;

/** The lines of the table of contents (title, leader, page number) and the pages they take. */
function contentsOf(lines: PdfLine[]): { pages: number; entries: PdfLine[] } {
  const start = lines.find((line) => line.text === 'Contents')!.page;
  const entries = rows(bodyLines(lines).filter((line) => line.page >= start && line.page <= start + 3)).filter((line) =>
    LEADER_AND_NUMBER.test(line.text),
  );
  return { pages: new Set(entries.map((line) => line.page)).size, entries };
}

describe('typography of a plan with 30 descriptions (PDF)', () => {
  let lines: PdfLine[];
  let outline: QpdfOutline[];
  let deeperContents: PdfLine[];

  beforeAll(async () => {
    const bytes = await exportAs('pdf', plan());
    lines = await pdfLines(bytes);
    outline = (await qpdfJson(bytes)).outlines;
    deeperContents = await pdfLines(await exportAs('pdf', plan({ 'toc-levels': '3' })));
  });

  it('sets a heading inside an answer smaller than the question label, and the label smaller than the section heading', () => {
    const body = bodyLines(lines);
    const answerHeading = body.find((line) => line.text === '1. Scope of the corpus')!;
    // The question and the section heading over that answer.
    const label = body
      .filter((line) => line.text === 'What the corpus covers' && line.page <= answerHeading.page)
      .at(-1)!;
    const section = body.filter((line) => line.text === 'Scope' && line.page <= label.page).at(-1)!;
    expect([answerHeading, label, section].every(Boolean)).toBe(true);
    expect(wordHeight(answerHeading)).toBeLessThan(wordHeight(label));
    expect(wordHeight(label)).toBeLessThan(wordHeight(section));
    // And so it is for every answer heading of the plan.
    const sizes = body.filter((line) => ANSWER_HEADING.test(line.text)).map(wordHeight);
    expect(sizes).toHaveLength(30 * 6);
    expect(Math.max(...sizes)).toBeLessThan(wordHeight(label));
  });

  it('keeps answer headings out of the outline, which nests sections > descriptions > pages', () => {
    expect(outline.map((entry) => entry.title)).toEqual(['Administrative information', 'Archival corpora', 'Editions']);
    expect(outline[1].kids).toHaveLength(20);
    expect(outline[2].kids).toHaveLength(10);
    for (const description of [...outline[1].kids, ...outline[2].kids]) {
      expect(description.title).toMatch(DESCRIPTION_TITLE);
      expect(description.kids.map((page) => page.title)).toEqual(['Corpus and sources', 'Storage and reuse']);
    }
    expect(outlineTitles(outline).filter((title) => ANSWER_HEADING.test(title))).toEqual([]);
  });

  it('ends no page with a heading, a question label, guidance, a "Comment:" label or a description\'s template line', () => {
    const body = bodyLines(lines);
    const pages = Math.max(...body.map((line) => line.page));
    const lowest = (page: number): string =>
      body
        .filter((line) => line.page === page)
        .sort((a, b) => a.yMax - b.yMax)
        .at(-1)?.text ?? '';
    const lastLines = Array.from({ length: pages - 1 }, (_, index) => lowest(index + 1));
    expect(
      lastLines
        .map((text, index) => `page ${index + 1}: ${text}`)
        .filter((entry) => leadsIn(entry.replace(/^page \d+: /, ''))),
    ).toEqual([]);
    // The check sees these lines: each kind occurs in the body.
    for (const text of [...STRUCTURE, ...QUESTIONS, 'Comment:'])
      expect(body.some((line) => line.text === text)).toBe(true);
  });

  it('fits the contents of 30 descriptions on one page: sections and descriptions, leaders, the right page numbers flush right', () => {
    const { pages, entries } = contentsOf(lines);
    expect(pages).toBe(1);
    expect(entries).toHaveLength(3 + 30);
    const body = bodyLines(lines);
    for (const entry of entries) {
      const title = entry.text.replace(LEADER_AND_NUMBER, '');
      const number = Number(LEADER_AND_NUMBER.exec(entry.text)![1]);
      // The number is the page where that heading stands, and ends at the text's right edge.
      expect({ title, page: body.find((line) => line.text === title && line.page > entry.page)?.page }).toEqual({
        title,
        page: number,
      });
      expect(Math.abs(entry.words.at(-1)!.xMax - PAGE.textRight)).toBeLessThan(1);
    }
  });

  it('fits three levels (93 entries) on two pages with toc-levels 3, answer headings left out', () => {
    const { pages, entries } = contentsOf(deeperContents);
    expect(pages).toBe(2);
    expect(entries).toHaveLength(3 + 30 * 3);
    expect(entries.filter((line) => ANSWER_HEADING.test(line.text.replace(LEADER_AND_NUMBER, '')))).toEqual([]);
  });
});

describe('typography of a plan with 30 descriptions (DOCX)', () => {
  it('writes answer headings below Heading 4, out of the table of contents', async () => {
    const docx = await openDocx(await exportAs('docx', plan()));
    const paragraphs = bodyParagraphs(docx.xml('word/document.xml'));
    const styled = paragraphs.map((paragraph) => ({
      text: paragraphText(paragraph).trim(),
      style: paragraphStyle(paragraph) ?? '',
    }));
    const answerHeadings = styled.filter(
      (paragraph) => ANSWER_HEADING.test(paragraph.text) && paragraph.style.startsWith('Heading'),
    );
    expect(answerHeadings).toHaveLength(30 * 6);
    for (const { style } of answerHeadings) expect(style).toMatch(/^Heading[56]NotInContents$/);
    const contents = styled.filter((paragraph) => /^TOC\d$/.test(paragraph.style)).map((paragraph) => paragraph.text);
    expect(contents).toHaveLength(3 + 30);
    expect(contents.filter((text) => ANSWER_HEADING.test(text))).toEqual([]);
  });
});

describe('typography of a plan with 30 descriptions (HTML, Markdown)', () => {
  const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

  it.each([
    ['default', {}, 3 + 30],
    ['toc-levels 3', { 'toc-levels': '3' }, 3 + 30 * 3],
  ])('lists as many contents entries as the PDF (%s), no answer heading among them', async (_name, options, count) => {
    const html = utf8(await exportAs('html', plan(options)));
    const entries = [...html.matchAll(/<li class="toc-\d"><a href="#[^"]+">([^<]+)<\/a><\/li>/g)].map(
      (match) => match[1],
    );
    expect(entries).toHaveLength(count);
    expect(entries.filter((title) => ANSWER_HEADING.test(title))).toEqual([]);
    const markdown = utf8(await exportAs('md', plan(options)));
    // The contents go before the first section; they do not take its heading's place.
    expect(markdown).toMatch(/^# Administrative information$/m);
    const contents = markdown.slice(markdown.indexOf('**Contents**'), markdown.indexOf('# Administrative information'));
    const items = contents.match(/^ *- .+$/gm) ?? [];
    expect(items).toHaveLength(count);
    expect(items.filter((item) => ANSWER_HEADING.test(item.replace(/^ *- /, '')))).toEqual([]);
  });
});
