import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Element } from '@xmldom/xmldom';
import mammoth from 'mammoth';
import type { Block, DocumentModel } from '../../../src/document/types';
import { UNRENDERABLE_NOTE } from '../../../src/formats/docx/BodyRenderer';
import { writeDocx } from '../../../src/formats/docx/DocxWriter';
import { listIndent } from '../../../src/formats/docx/numbering';
import { convertWithLibreOffice } from '../../helpers/libreoffice';
import { pdfText, pdfWords } from '../../helpers/pdf';
import { meta, makePng, para, richDocument, text } from '../../builders/documents';
import {
  attr,
  bodyParagraphs,
  elements,
  openDocx,
  paragraphStyle,
  paragraphText,
  paragraphWithText,
  styleById,
  type Docx,
} from '../../helpers/ooxml';

/** The page margin of the documents built here, in twips (1/20 pt). */
const MARGIN_TWIPS = meta().margins.left * 20;
const A4_TEXT_WIDTH_EMU = ((11906 - 2 * MARGIN_TWIPS) / 20) * 12700;

describe('writeDocx', () => {
  let docx: Docx;
  let bytes: Uint8Array;

  beforeAll(async () => {
    bytes = await writeDocx(richDocument());
    docx = await openDocx(bytes);
  });

  it('writes paragraphs in the named styles Word knows', () => {
    const document = docx.xml('word/document.xml');
    expect(paragraphStyle(paragraphWithText(document, 'Ocean Survey'))).toBe('Title');
    expect(paragraphStyle(paragraphWithText(document, 'A data management plan'))).toBe('Subtitle');
    expect(paragraphStyle(paragraphWithText(document, 'Data collection'))).toBe('Heading1');
    expect(paragraphStyle(paragraphWithText(document, 'Instruments'))).toBe('Heading2');
    expect(paragraphStyle(paragraphWithText(document, 'Which data will you collect?'))).toBe('Label');
    expect(paragraphStyle(paragraphWithText(document, 'Template: Horizon Europe'))).toBe('Caption');
    expect(paragraphStyle(paragraphWithText(document, 'Not answered'))).toBe('Note');
    expect(paragraphStyle(paragraphWithText(document, 'Data is a public good.'))).toBe('Quote');

    const styles = docx.xml('word/styles.xml');
    for (const id of [
      'Title',
      'Subtitle',
      'Heading1',
      'Heading6',
      'Label',
      'Note',
      'Caption',
      'Quote',
      'Code',
      'TableGrid',
      'Hyperlink',
    ]) {
      expect(styleById(styles, id)).toBeDefined();
    }
    expect(attr(elements(styleById(styles, 'Code')!, 'w:rFonts')[0], 'w:ascii')).toBe('DejaVu Sans Mono');
  });

  it('sets the document language on the default run properties and in the core properties', () => {
    const defaults = elements(docx.xml('word/styles.xml'), 'w:rPrDefault')[0];
    expect(attr(elements(defaults, 'w:lang')[0], 'w:val')).toBe('en');
    const core = docx.raw('docProps/core.xml');
    expect(core).toContain('<dc:language>en</dc:language>');
    const { title, author, keywords, subject } = meta();
    expect(core).toContain(`<dc:title>${title}</dc:title>`);
    expect(core).toContain(`<dc:creator>${author}</dc:creator>`);
    expect(core).toContain(`<cp:keywords>${keywords!.join(', ')}</cp:keywords>`);
    expect(core).toContain(`<dc:subject>${subject}</dc:subject>`);
  });

  it('writes marks, line breaks and real hyperlinks', () => {
    const paragraph = paragraphWithText(docx.xml('word/document.xml'), 'Plain, bold');
    const runWith = (content: string) => elements(paragraph, 'w:r').find((run) => paragraphText(run) === content)!;
    expect(elements(runWith('bold'), 'w:b')).toHaveLength(1);
    expect(elements(runWith('italic'), 'w:i')).toHaveLength(1);
    expect(attr(elements(runWith('underlined'), 'w:u')[0], 'w:val')).toBe('single');
    expect(elements(runWith('struck'), 'w:strike')).toHaveLength(1);
    expect(attr(elements(runWith('npm test'), 'w:rStyle')[0], 'w:val')).toBe('HTMLCode');
    const vertical = elements(paragraph, 'w:vertAlign').map((e) => e.getAttribute('w:val'));
    expect(vertical).toEqual(['subscript', 'superscript']);
    expect(paragraphText(paragraph)).toContain('.\nSee the survey site for details.');

    const link = elements(paragraph, 'w:hyperlink')[0];
    expect(paragraphText(link)).toBe('the survey site');
    expect(attr(elements(link, 'w:rStyle')[0], 'w:val')).toBe('Hyperlink');
    const relationship = elements(docx.xml('word/_rels/document.xml.rels'), 'Relationship').find(
      (r) => r.getAttribute('Id') === link.getAttribute('r:id'),
    )!;
    expect(relationship.getAttribute('Target')).toBe('https://example.org/ocean');
    expect(relationship.getAttribute('TargetMode')).toBe('External');
  });

  it('numbers lists with Word numbering: bullets, and ordered lists that restart at their start', () => {
    const document = docx.xml('word/document.xml');
    const numberingOf = (content: string) => {
      const numPr = elements(paragraphWithText(document, content), 'w:numPr')[0];
      return {
        numId: attr(elements(numPr, 'w:numId')[0], 'w:val')!,
        level: attr(elements(numPr, 'w:ilvl')[0], 'w:val'),
      };
    };
    const bullet = numberingOf('CTD probes');
    const nested = numberingOf('Moored buoy');
    const firstStep = numberingOf('First step');
    expect(numberingOf('Buoys')).toEqual(bullet);
    expect(nested.level).toBe('1');
    expect(numberingOf('Drifting buoy')).toEqual(nested);
    expect(new Set([bullet.numId, nested.numId, firstStep.numId]).size).toBe(3);

    const numbering = docx.xml('word/numbering.xml');
    const num = (id: string) => elements(numbering, 'w:num').find((n) => n.getAttribute('w:numId') === id)!;
    const abstract = (id: string) => {
      const abstractId = attr(elements(num(id), 'w:abstractNumId')[0], 'w:val');
      return elements(numbering, 'w:abstractNum').find((a) => a.getAttribute('w:abstractNumId') === abstractId)!;
    };
    const levelFormat = (id: string, level: number) =>
      attr(elements(elements(abstract(id), 'w:lvl')[level], 'w:numFmt')[0], 'w:val');
    expect(levelFormat(bullet.numId, 0)).toBe('bullet');
    expect(levelFormat(firstStep.numId, 0)).toBe('decimal');
    const startOf = (id: string, level: number) =>
      attr(
        elements(
          elements(num(id), 'w:lvlOverride').find((o) => o.getAttribute('w:ilvl') === String(level))!,
          'w:startOverride',
        )[0],
        'w:val',
      );
    expect(startOf(nested.numId, 1)).toBe('3');
    expect(startOf(firstStep.numId, 0)).toBe('1');
  });

  it('writes tables at full width with repeating header rows and merged cells', () => {
    const table = elements(docx.xml('word/document.xml'), 'w:tbl')[0];
    expect(attr(elements(table, 'w:tblStyle')[0], 'w:val')).toBe('TableGrid');
    expect(attr(elements(table, 'w:tblW')[0], 'w:w')).toBe(String(11906 - 2 * MARGIN_TWIPS));
    expect(elements(elements(table, 'w:tblBorders')[0], 'w:insideH')).toHaveLength(1);
    const rows = elements(table, 'w:tr');
    expect(rows).toHaveLength(4);
    expect(elements(rows[0], 'w:tblHeader')).toHaveLength(1);
    expect(elements(rows[1], 'w:tblHeader')).toHaveLength(0);
    // The header row alone is bold and shaded: every run and cell of it, none of the rows below.
    const runs = (row: Element) => elements(row, 'w:r').filter((run) => paragraphText(run) !== '');
    expect(runs(rows[0]).length).toBeGreaterThan(0);
    for (const run of runs(rows[0])) expect(elements(run, 'w:b')).toHaveLength(1);
    for (const cell of elements(rows[0], 'w:tc'))
      expect(attr(elements(cell, 'w:shd')[0], 'w:fill')).toMatch(/^[0-9A-F]{6}$/i);
    for (const row of rows.slice(1)) {
      expect(runs(row).length).toBeGreaterThan(0);
      expect(elements(row, 'w:b')).toHaveLength(0);
      expect(elements(row, 'w:shd')).toHaveLength(0);
    }
    // "Readings" spans two rows: the cell below it continues the merge.
    const cellsOf = (row: number) => elements(rows[row], 'w:tc');
    expect(attr(elements(cellsOf(1)[0], 'w:vMerge')[0], 'w:val')).toBe('restart');
    expect(elements(cellsOf(2)[0], 'w:vMerge')).toHaveLength(1);
    expect(attr(elements(cellsOf(2)[0], 'w:vMerge')[0], 'w:val')).not.toBe('restart');
    expect(cellsOf(2).map((cell) => paragraphText(cell))).toEqual(['', 'NetCDF', '40 GB']);
    expect(attr(elements(cellsOf(3)[0], 'w:gridSpan')[0], 'w:val')).toBe('2');
    expect(elements(elements(table, 'w:tblGrid')[0], 'w:gridCol')).toHaveLength(3);
  });

  it('embeds the picture scaled down to the text width, with its alt text', () => {
    expect(docx.paths.some((path) => /^word\/media\/.+\.png$/.test(path))).toBe(true);
    const document = docx.xml('word/document.xml');
    const properties = elements(document, 'wp:docPr')[0];
    expect(properties.getAttribute('descr')).toBe('Map of the survey area');
    const extent = elements(document, 'wp:extent')[0];
    const width = Number(extent.getAttribute('cx'));
    const height = Number(extent.getAttribute('cy'));
    expect(Math.abs(width - A4_TEXT_WIDTH_EMU)).toBeLessThan(12700);
    expect(width / height).toBeCloseTo(4, 1);
  });

  it('writes quotes indented, code with its spaces and line breaks, rules and page breaks', () => {
    const document = docx.xml('word/document.xml');
    const indentOf = (content: string) =>
      Number(attr(elements(paragraphWithText(document, content), 'w:ind')[0], 'w:left'));
    expect(indentOf('Nested quote')).toBeGreaterThan(indentOf('Data is a public good.'));
    const code = paragraphWithText(document, 'station,depth');
    expect(paragraphStyle(code)).toBe('Code');
    expect(paragraphText(code)).toBe('station,depth\n  A1,  200\n  A2,  350');
    expect(elements(document, 'w:pBdr').some((border) => elements(border, 'w:bottom').length === 1)).toBe(true);
    // The page break starts the next paragraph on a new page, with no paragraph of its own.
    expect(elements(paragraphWithText(document, 'Storage and backup'), 'w:pageBreakBefore')).toHaveLength(1);
    expect(elements(document, 'w:br').some((br) => br.getAttribute('w:type') === 'page')).toBe(false);
  });

  it('marks the right-to-left paragraph bidirectional, with right-to-left runs in Arabic', () => {
    const paragraph = paragraphWithText(docx.xml('word/document.xml'), 'خطة إدارة البيانات');
    expect(elements(paragraph, 'w:bidi')).toHaveLength(1);
    expect(elements(paragraph, 'w:rtl')).toHaveLength(1);
    expect(attr(elements(paragraph, 'w:lang')[0], 'w:bidi')).toBe('ar');
    expect(elements(paragraphWithText(docx.xml('word/document.xml'), 'Backups run nightly'), 'w:bidi')).toHaveLength(0);
  });

  it('writes a real table of contents field listing headings 1-3 that ask to be listed, filled with page numbers, without a prompt', () => {
    const document = docx.xml('word/document.xml');
    expect(paragraphStyle(paragraphWithText(document, 'Contents'))).toBe('TOCHeading');
    const instruction = elements(document, 'w:instrText')
      .map((e) => e.textContent)
      .find((t) => t?.includes('TOC'));
    expect(instruction).toBe('TOC \\h \\o "1-3"');
    const toc = elements(document, 'w:sdt')[0];
    const entries = elements(toc, 'w:p').filter((p) => paragraphText(p).trim());
    // Filled at export: title, tab, page number (a PAGEREF to the heading's bookmark, its value cached).
    const lines = entries.map((p) => paragraphText(p).split('\t'));
    expect(lines.map(([title]) => title)).toEqual(['Data collection', 'Instruments', 'Storage and backup']);
    const pages = lines.map(([, page]) => Number(page));
    expect(pages.every((page) => Number.isInteger(page) && page >= 1)).toBe(true);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    for (const entry of entries) {
      const anchor = attr(elements(entry, 'w:hyperlink')[0], 'w:anchor');
      expect(attr(elements(entry, 'w:fldSimple')[0], 'w:instr')).toBe(`PAGEREF ${anchor} \\h`);
      expect(attr(elements(entry, 'w:tab')[0], 'w:leader')).toBe('dot');
      expect(attr(elements(entry, 'w:tab')[0], 'w:val')).toBe('right');
    }
    const anchor = attr(elements(toc, 'w:hyperlink')[0], 'w:anchor')!;
    const bookmark = elements(document, 'w:bookmarkStart').find((b) => b.getAttribute('w:name') === anchor)!;
    expect(paragraphText(bookmark.parentNode as Element)).toBe('Data collection');
    // The heading left out of the contents is also out of the outline.
    expect(paragraphStyle(paragraphWithText(document, 'Appendix notes'))).toBe('Heading2NotInContents');
    expect(docx.raw('word/settings.xml')).not.toContain('updateFields');
    expect(elements(toc, 'w:fldChar').some((f) => f.getAttribute('w:dirty') === 'true')).toBe(false);
  });

  it('repeats the header text on every page and numbers pages in the footer', () => {
    const headers = docx.paths.filter((path) => /^word\/header\d*\.xml$/.test(path));
    expect(headers.map((path) => docx.raw(path)).join()).toContain(meta().headerText);
    const footer = docx.paths.filter((path) => /^word\/footer\d*\.xml$/.test(path)).map((path) => docx.xml(path))[0];
    const instructions = elements(footer, 'w:instrText').map((e) => e.textContent?.trim());
    expect(instructions).toEqual(['PAGE', 'NUMPAGES']);
    expect(paragraphText(elements(footer, 'w:p')[0])).toMatch(/^Page .* of /);
  });

  it('writes A4 portrait pages with the margins asked for', () => {
    const section = elements(docx.xml('word/document.xml'), 'w:sectPr').at(-1)!;
    expect(attr(elements(section, 'w:pgSz')[0], 'w:w')).toBe('11906');
    expect(attr(elements(section, 'w:pgSz')[0], 'w:h')).toBe('16838');
    expect(attr(elements(section, 'w:pgMar')[0], 'w:left')).toBe(String(MARGIN_TWIPS));
  });

  it('reads back in mammoth as headings, lists, a table, a link and a picture', async () => {
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    expect(html).toMatch(/<h1>(<a id="_Toc\d+"><\/a>)?Data collection<\/h1>/);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="https://example.org/ocean">the survey site</a>');
    expect(html).toMatch(/<ul><li>CTD probes<\/li><li>Buoys<ol><li>Moored buoy<\/li>/);
    expect(html).toMatch(/<table>.*Readings.*<\/table>/);
    expect(html).toContain('alt="Map of the survey area"');
  });
});

describe('writeDocx page setup and theme', () => {
  it('lays out Letter landscape pages and scales pictures to their wider text column', async () => {
    const model: DocumentModel = {
      meta: meta({
        pageSize: 'Letter',
        orientation: 'landscape',
        margins: { top: 36, right: 54, bottom: 36, left: 54 },
      }),
      blocks: [
        {
          type: 'image',
          data: makePng(3000, 300),
          mimeType: 'image/png',
          width: 3000,
          height: 300,
          alt: 'Wide banner',
        },
      ],
    };
    const docx = await openDocx(await writeDocx(model));
    const document = docx.xml('word/document.xml');
    const size = elements(document, 'w:pgSz')[0];
    expect([size.getAttribute('w:w'), size.getAttribute('w:h'), size.getAttribute('w:orient')]).toEqual([
      '15840',
      '12240',
      'landscape',
    ]);
    const textWidthEmu = ((15840 - 2 * 1080) / 20) * 12700;
    expect(Math.abs(Number(attr(elements(document, 'wp:extent')[0], 'cx')) - textWidthEmu)).toBeLessThan(12700);
  });

  it('keeps small pictures at their size, and honours a smaller display width', async () => {
    const png = makePng(200, 100);
    const model: DocumentModel = {
      meta: meta(),
      blocks: [
        { type: 'image', data: png, mimeType: 'image/png', width: 200, height: 100 },
        { type: 'image', data: png, mimeType: 'image/png', width: 200, height: 100, displayWidth: 72 },
      ],
    };
    const extents = elements((await openDocx(await writeDocx(model))).xml('word/document.xml'), 'wp:extent').map((e) =>
      Number(e.getAttribute('cx')),
    );
    expect(extents[0]).toBe(200 * 9525);
    expect(extents[1]).toBe(72 * 12700);
  });

  it('uses the theme for sizes, colours and fonts', async () => {
    const model: DocumentModel = {
      meta: meta({
        theme: { fontSize: 12, headingColor: '#7b1fa2', linkColor: '#00897b', bodyFont: 'Georgia', headingSizes: [20] },
      }),
      blocks: [para(text('Body'))],
    };
    const styles = (await openDocx(await writeDocx(model))).xml('word/styles.xml');
    const defaults = elements(styles, 'w:rPrDefault')[0];
    expect(attr(elements(defaults, 'w:sz')[0], 'w:val')).toBe('24');
    expect(attr(elements(defaults, 'w:rFonts')[0], 'w:ascii')).toBe('Georgia');
    expect(attr(elements(styleById(styles, 'Heading1')!, 'w:color')[0], 'w:val')).toBe('7B1FA2');
    expect(attr(elements(styleById(styles, 'Heading1')!, 'w:sz')[0], 'w:val')).toBe('40');
    expect(attr(elements(styleById(styles, 'Hyperlink')!, 'w:color')[0], 'w:val')).toBe('00897B');
  });

  it('makes every paragraph of a right-to-left document bidirectional, and its tables right to left', async () => {
    const model: DocumentModel = {
      meta: meta({ language: 'he', direction: 'rtl' }),
      blocks: [
        { type: 'heading', level: 1, content: [text('תוכנית לניהול נתונים')] },
        para(text('שלום')),
        {
          type: 'table',
          headerRows: 0,
          rows: [{ cells: [{ blocks: [para(text('א'))] }, { blocks: [para(text('ב'))] }] }],
        },
      ],
    };
    const docx = await openDocx(await writeDocx(model));
    const document = docx.xml('word/document.xml');
    for (const content of ['תוכנית לניהול נתונים', 'שלום', 'א'])
      expect(elements(paragraphWithText(document, content), 'w:bidi')).toHaveLength(1);
    expect(elements(document, 'w:bidiVisual')).toHaveLength(1);
    expect(attr(elements(elements(docx.xml('word/styles.xml'), 'w:rPrDefault')[0], 'w:lang')[0], 'w:bidi')).toBe('he');
  });
});

describe('writeDocx robustness', () => {
  it('replaces a block it cannot render by a visible note and renders the rest', async () => {
    const warnings: string[] = [];
    const notAPng = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const model: DocumentModel = {
      meta: meta(),
      blocks: [
        para(text('Before')),
        { type: 'image', data: notAPng, mimeType: 'image/png', width: 10, height: 10, alt: 'broken' },
        {
          type: 'table',
          headerRows: 1,
          rows: [
            {
              cells: [{ blocks: [{ type: 'image', data: makePng(4, 4), mimeType: 'image/png', width: 0, height: 4 }] }],
            },
          ],
        },
        para(text('After')),
      ],
    };
    const bytes = await writeDocx(model, { onWarning: (warning) => warnings.push(warning) });
    const document = (await openDocx(bytes)).xml('word/document.xml');
    const texts = bodyParagraphs(document).map(paragraphText).filter(Boolean);
    expect(texts).toEqual(['Before', UNRENDERABLE_NOTE, UNRENDERABLE_NOTE, 'After']);
    expect(paragraphStyle(paragraphWithText(document, UNRENDERABLE_NOTE))).toBe('Note');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/"image" could not be rendered.*not in the image\/png format/);
  });

  it('drops characters XML cannot hold, so Word opens the file', async () => {
    const model: DocumentModel = {
      meta: meta({ title: 'Bad\u0001title', headerText: 'Header\u000b' }),
      blocks: [para(text('Form\u000cfeed and a lone \ud800 surrogate')), { type: 'code', text: 'bell\u0007' }],
    };
    const bytes = await writeDocx(model);
    const docx = await openDocx(bytes);
    expect(docx.raw('word/document.xml')).toContain('Formfeed and a lone  surrogate');
    expect(docx.raw('docProps/core.xml')).toContain('<dc:title>Badtitle</dc:title>');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    expect(value).toContain('bell');
  });

  it('writes link targets Word accepts, and keeps the text of links it cannot follow', async () => {
    const link = (href: string, label: string): Block => para({ type: 'link', href, children: [text(label)] });
    const model: DocumentModel = {
      meta: meta(),
      blocks: [
        link('https://example.org/a b/ü?q=1', 'spaced'),
        link('javascript:alert(1)', 'script'),
        link('not a url', 'broken'),
      ],
    };
    const docx = await openDocx(await writeDocx(model));
    const targets = elements(docx.xml('word/_rels/document.xml.rels'), 'Relationship')
      .filter((r) => r.getAttribute('TargetMode') === 'External')
      .map((r) => r.getAttribute('Target'));
    expect(targets).toEqual(['https://example.org/a%20b/%C3%BC?q=1']);
    const texts = bodyParagraphs(docx.xml('word/document.xml')).map(paragraphText);
    expect(texts).toEqual(['spaced', 'script', 'broken']);
  });

  it('writes an empty document Word can open', async () => {
    const bytes = await writeDocx({ meta: meta({ headerText: '', footerText: '' }), blocks: [] });
    const docx = await openDocx(bytes);
    expect(elements(docx.xml('word/document.xml'), 'w:p')).toHaveLength(1);
    expect(docx.paths.some((path) => /^word\/(header|footer)/.test(path))).toBe(false);
  });

  it('keeps ragged tables and impossible spans rectangular', async () => {
    const cell = (content: string, spans: { colSpan?: number; rowSpan?: number } = {}) => ({
      blocks: [para(text(content))],
      ...spans,
    });
    const model: DocumentModel = {
      meta: meta(),
      blocks: [
        {
          type: 'table',
          headerRows: 5,
          rows: [
            { cells: [cell('a'), cell('b'), cell('c')] },
            { cells: [cell('d', { rowSpan: 9 })] },
            { cells: [cell('e', { colSpan: 0 }), cell('f')] },
          ],
        },
        { type: 'table', headerRows: 0, rows: [] },
        {
          type: 'table',
          headerRows: 0,
          rows: [{ cells: [cell('x'), cell('y', { rowSpan: 2 }), cell('z')] }, { cells: [cell('w')] }],
        },
      ] as Block[],
    };
    const document = (await openDocx(await writeDocx(model))).xml('word/document.xml');
    const tables = elements(document, 'w:tbl');
    expect(tables).toHaveLength(2);
    const rows = elements(tables[0], 'w:tr');
    const columnsOf = (row: Element) =>
      elements(row, 'w:tc').reduce((sum, tc) => sum + Number(attr(elements(tc, 'w:gridSpan')[0], 'w:val') ?? 1), 0);
    expect(rows.map(columnsOf)).toEqual([3, 3, 3]);
    expect(rows.every((row) => elements(row, 'w:tblHeader').length === 1)).toBe(true);
    // A span from above in the middle of a short row: the row is padded after it, not before.
    const [, below] = elements(tables[1], 'w:tr');
    expect(elements(below, 'w:tc').map((tc) => [paragraphText(tc), elements(tc, 'w:vMerge').length])).toEqual([
      ['w', 0],
      ['', 1],
      ['', 0],
    ]);
  });

  it('stops a column span where a cell spanning down from the row above sits, as the PDF does', async () => {
    const cell = (content: string, spans: { colSpan?: number; rowSpan?: number } = {}) => ({
      blocks: [para(text(content))],
      ...spans,
    });
    const model: DocumentModel = {
      meta: meta(),
      blocks: [
        {
          type: 'table',
          headerRows: 0,
          rows: [{ cells: [cell('X'), cell('A', { rowSpan: 2 })] }, { cells: [cell('B', { colSpan: 2 })] }],
        },
      ],
    };
    const table = elements((await openDocx(await writeDocx(model))).xml('word/document.xml'), 'w:tbl')[0];
    const gridColumns = elements(elements(table, 'w:tblGrid')[0], 'w:gridCol').length;
    expect(gridColumns).toBe(2);
    const rows = elements(table, 'w:tr').map((row) =>
      elements(row, 'w:tc').map((tc) => ({
        text: paragraphText(tc),
        span: Number(attr(elements(tc, 'w:gridSpan')[0], 'w:val') ?? 1),
        merge: attr(elements(tc, 'w:vMerge')[0], 'w:val'),
      })),
    );
    for (const cells of rows) expect(cells.reduce((sum, tc) => sum + tc.span, 0)).toBe(gridColumns);
    expect(rows[0]).toEqual([
      { text: 'X', span: 1, merge: null },
      { text: 'A', span: 1, merge: 'restart' },
    ]);
    // B keeps column 0; column 1, under A, continues A's merge.
    expect(rows[1]).toEqual([
      { text: 'B', span: 1, merge: null },
      { text: '', span: 1, merge: 'continue' },
    ]);
  });
});

describe('writeDocx list starts', () => {
  it('clamps starts Word cannot number to its range instead of restarting at 1', async () => {
    const starts = [40000, 32767, -5, 12.7];
    const model: DocumentModel = {
      meta: meta(),
      blocks: starts.map((start): Block => ({
        type: 'list',
        ordered: true,
        start,
        items: [[para(text(`Starts at ${start}`))]],
      })),
    };
    const docx = await openDocx(await writeDocx(model));
    const document = docx.xml('word/document.xml');
    const numbering = docx.xml('word/numbering.xml');
    const startOf = (content: string) => {
      const numId = attr(elements(paragraphWithText(document, content), 'w:numId')[0], 'w:val');
      const num = elements(numbering, 'w:num').find((n) => n.getAttribute('w:numId') === numId)!;
      const override = elements(num, 'w:lvlOverride').find((o) => o.getAttribute('w:ilvl') === '0')!;
      return attr(elements(override, 'w:startOverride')[0], 'w:val');
    };
    expect(starts.map((start) => startOf(`Starts at ${start}`))).toEqual(['32767', '32767', '0', '12']);
  });
});

/** `inner` wrapped `depth` times by `wrap`. */
function nestedBlock(depth: number, inner: Block, wrap: (block: Block, level: number) => Block): Block {
  let block = inner;
  for (let level = depth; level >= 1; level--) block = wrap(block, level);
  return block;
}

const deepQuote = (depth: number, content: string) =>
  nestedBlock(depth, para(text(content)), (block) => ({ type: 'blockquote', children: [block] }));
const deepTable = (depth: number, content: string) =>
  nestedBlock(depth, para(text(content)), (block) => ({
    type: 'table',
    headerRows: 0,
    rows: [{ cells: [{ blocks: [block] }] }],
  }));

describe('writeDocx deep nesting', () => {
  const A4_TEXT_TWIPS = 11906 - 2 * MARGIN_TWIPS;
  const TWO_INCHES = 2880;
  const leftIndent = (paragraph: Element) => Number(attr(elements(paragraph, 'w:ind')[0], 'w:left') ?? 0);

  it('stops indenting quotes nested so deep that less than two inches of text would be left', async () => {
    const model: DocumentModel = {
      meta: meta(),
      blocks: [deepQuote(2, 'Two levels'), deepQuote(100, 'A hundred levels')],
    };
    const document = (await openDocx(await writeDocx(model))).xml('word/document.xml');
    const shallow = leftIndent(paragraphWithText(document, 'Two levels'));
    const deep = paragraphWithText(document, 'A hundred levels');
    expect(paragraphStyle(deep)).toBe('Quote');
    expect(leftIndent(deep)).toBeGreaterThan(shallow);
    expect(A4_TEXT_TWIPS - leftIndent(deep)).toBeGreaterThanOrEqual(TWO_INCHES);
  });

  it('stops indenting lists nested so deep that less than two inches of text would be left', async () => {
    const list = nestedBlock(40, para(text('Innermost item')), (block, level) => ({
      type: 'list',
      ordered: false,
      items: [[para(text(`Level ${level}`)), block]],
    }));
    const document = (await openDocx(await writeDocx({ meta: meta(), blocks: [list] }))).xml('word/document.xml');
    const indentOf = (content: string) => {
      const paragraph = paragraphWithText(document, content);
      // A list paragraph without its own indent has its numbering level's.
      const level = Number(attr(elements(paragraph, 'w:ilvl')[0], 'w:val'));
      return elements(paragraph, 'w:ind').length > 0 ? leftIndent(paragraph) : listIndent(level);
    };
    expect(indentOf('Level 3')).toBeGreaterThan(indentOf('Level 2'));
    expect(A4_TEXT_TWIPS - indentOf('Level 40')).toBeGreaterThanOrEqual(TWO_INCHES);
    expect(A4_TEXT_TWIPS - indentOf('Innermost item')).toBeGreaterThanOrEqual(TWO_INCHES);
  });

  it('writes a table nested too deep to get an inch as the content of its cells, keeping the text', async () => {
    const warnings: string[] = [];
    const model: DocumentModel = { meta: meta(), blocks: [deepTable(60, 'Innermost cell')] };
    const document = (await openDocx(await writeDocx(model, { onWarning: (warning) => warnings.push(warning) }))).xml(
      'word/document.xml',
    );
    const tables = elements(document, 'w:tbl');
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.length).toBeLessThan(60);
    for (const table of tables) expect(Number(attr(elements(table, 'w:tblW')[0], 'w:w'))).toBeGreaterThanOrEqual(1440);
    expect(paragraphText(paragraphWithText(document, 'Innermost cell'))).toBe('Innermost cell');
    expect(warnings).toEqual([expect.stringMatching(/table nested too deeply/)]);
  });
});

describe('writeDocx lists in table cells', () => {
  it('indents a list in a narrow cell less than on the page, so its words are not broken mid-word', async () => {
    const list: Block = {
      type: 'list',
      ordered: false,
      items: [[para(text('Water temperature'))], [para(text('Salinity'))]],
    };
    const cell = (blocks: Block[]) => ({ blocks });
    const model: DocumentModel = {
      meta: meta(),
      blocks: [
        list,
        {
          type: 'table',
          headerRows: 0,
          rows: [{ cells: [cell([para(text('a'))]), cell([list]), cell([para(text('c'))]), cell([para(text('d'))])] }],
        },
      ],
    };
    const document = (await openDocx(await writeDocx(model))).xml('word/document.xml');
    const indentOf = (paragraph: Element) => {
      const ind = elements(paragraph, 'w:ind')[0];
      return ind ? { left: Number(attr(ind, 'w:left')), hanging: Number(attr(ind, 'w:hanging')) } : null;
    };
    const [onPage, inCell] = bodyParagraphs(document).filter((p) => paragraphText(p) === 'Water temperature');
    // On the page the numbering level's half inch applies; in the cell a fifth of an inch.
    expect(indentOf(onPage)).toBeNull();
    expect(indentOf(inCell)).toEqual({ left: 288, hanging: 230 });
    expect(elements(inCell, 'w:numId')).toHaveLength(1);
  });
});

describe('writeDocx in LibreOffice', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'docx-writer-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('opens a hundred nested quotes and sixty nested tables, and shows their text within the page', async () => {
    const path = join(folder, 'deep.docx');
    const model: DocumentModel = {
      meta: meta(),
      blocks: [deepQuote(100, 'Deeply quoted words stay on the page'), deepTable(60, 'Innermost cell')],
    };
    await writeFile(path, await writeDocx(model));
    const words = await pdfWords(await readFile(await convertWithLibreOffice(path, 'pdf')));
    const quoted = words.filter((word) => ['Deeply', 'quoted', 'words', 'stay', 'page'].includes(word.text));
    expect(quoted).toHaveLength(5);
    const rightMargin = 595.3 - meta().margins.right;
    for (const word of quoted) expect(word.xMax).toBeLessThanOrEqual(rightMargin + 1);
    expect(words.map((word) => word.text).join(' ')).toContain('Innermost cell');
  }, 90_000);

  it('opens and renders the rich document to PDF with its text, header and page numbers', async () => {
    const path = join(folder, 'rich.docx');
    await writeFile(path, await writeDocx(richDocument()));
    const pdf = await convertWithLibreOffice(path, 'pdf');
    const rendered = await pdfText(await readFile(pdf), { layout: true });
    for (const expected of [
      meta().headerText,
      'Data collection',
      'Temperature and salinity readings.',
      'Readings',
      'Total across all formats',
      'Moored buoy',
      'Page 1 of 3',
    ]) {
      expect(rendered).toContain(expected);
    }
  }, 90_000);
});
