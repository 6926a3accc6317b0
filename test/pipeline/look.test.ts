/**
 * One look in every writer (issue 34, item 2): the PDF, the DOCX and the HTML set headings,
 * labels and body text from one document look (src/document/look.ts), so a heading of each level
 * has the same size and weight in all three, each level smaller than the one above, and the DOCX
 * names the PDF's fonts, with stand-ins Word can have.
 */
import type { Block } from '../../src/document/types';
import { documentLook } from '../../src/document/look';
import { writeDocx } from '../../src/formats/docx/DocxWriter';
import { documentToHtml } from '../../src/formats/html/render';
import { writePdf } from '../../src/formats/pdf/PdfWriter';
import { heading, meta, paragraph } from '../builders/documents';
import { attr, elements, openDocx, styleById } from '../helpers/ooxml';
import { pdfWords } from '../helpers/pdf';

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
const blocks: Block[] = [
  ...LEVELS.map((level) => heading(level, `Level${level}`)),
  paragraph('Question', { style: 'label' }),
  paragraph('Body'),
];
const look = documentLook(undefined);

describe('the heading scale', () => {
  it('steps down per level in size, each level above question labels (and those above answer headings), set apart by weight or slant', () => {
    const sizes = look.headings.map((h) => h.size);
    for (let level = 1; level < 6; level++) expect(sizes[level]).toBeLessThan(sizes[level - 1]);
    expect(sizes[5]).toBeGreaterThan(look.paragraphs.label.size);
    expect(look.paragraphs.label.size).toBeGreaterThan(Math.max(...look.answerHeadings.map((h) => h.size)));
    const faces = look.headings.map((h) => `${h.bold ? 'bold' : ''}${h.italic ? 'italic' : ''}`);
    // Two neighbouring levels never look alike but for size.
    for (let level = 1; level < 6; level++)
      if (faces[level] === faces[level - 1]) expect(sizes[level - 1] / sizes[level]).toBeGreaterThan(1.15);
  });

  it('is the same in the DOCX styles, in half points, with the weights and slants', async () => {
    const styles = (await openDocx(await writeDocx({ meta: meta(), blocks }))).xml('word/styles.xml');
    for (const level of LEVELS) {
      const style = styleById(styles, `Heading${level}`)!;
      const expected = look.headings[level - 1];
      expect(Number(attr(elements(style, 'w:sz')[0], 'w:val'))).toBe(expected.size * 2);
      expect(attr(elements(style, 'w:b')[0], 'w:val') !== 'false').toBe(expected.bold);
      expect(attr(elements(style, 'w:i')[0], 'w:val') !== 'false').toBe(expected.italic);
    }
  });

  it('is the same in the HTML stylesheet, in em of the body size', () => {
    const html = documentToHtml({ meta: meta(), blocks });
    for (const level of LEVELS) {
      const expected = look.headings[level - 1];
      expect(html).toContain(
        `h${level} { font-size: ${Number((expected.size / look.fontSize).toFixed(3))}em; ` +
          `font-weight: ${expected.bold ? 'bold' : 'normal'}; font-style: ${expected.italic ? 'italic' : 'normal'};`,
      );
    }
  });

  it('is what the PDF draws: each level printed smaller than the one above', async () => {
    const words = await pdfWords(await writePdf({ meta: meta({ headerText: '', footerText: '' }), blocks }));
    const height = (text: string) => {
      const word = words.find((w) => w.text === text)!;
      return word.yMax - word.yMin;
    };
    const heights = LEVELS.map((level) => height(`Level${level}`));
    // Glyph boxes are as tall as the font size times the font's own height: the sizes' ratios.
    LEVELS.forEach((level, index) =>
      expect(heights[index] / height('Body')).toBeCloseTo(look.headings[level - 1].size / look.fontSize, 1),
    );
    for (let index = 1; index < 6; index++) expect(heights[index]).toBeLessThan(heights[index - 1]);
  });
});

describe('the table of contents', () => {
  it('sets top-level entries bold and a little apart in the DOCX, as the PDF does, and the levels below plain', async () => {
    const styles = (await openDocx(await writeDocx({ meta: meta(), blocks }))).xml('word/styles.xml');
    const top = styleById(styles, 'TOC1')!;
    expect(elements(top, 'w:b')).toHaveLength(1);
    expect(Number(attr(elements(top, 'w:spacing')[0], 'w:before'))).toBeGreaterThan(0);
    for (const id of ['TOC2', 'TOC3']) {
      expect(elements(styleById(styles, id)!, 'w:b')).toHaveLength(0);
      expect(attr(elements(styleById(styles, id)!, 'w:spacing')[0], 'w:before')).toBeNull();
    }
  });
});

describe('compact spacing', () => {
  it('keeps a third of the space around headings, and of the room an automatic page break asks for', () => {
    const compact = documentLook({ spacing: 'compact' });
    expect(compact.headings[0].spaceBefore).toBeCloseTo(look.headings[0].spaceBefore * 0.35);
    expect(look.autoPageBreakRoom).toBeCloseTo(1 / 3);
    expect(compact.autoPageBreakRoom).toBeCloseTo(look.autoPageBreakRoom * 0.35);
  });
});

describe('the DOCX fonts', () => {
  it("names the PDF's DejaVu Sans for body and headings and DejaVu Sans Mono for code, in styles.xml", async () => {
    const docx = await openDocx(await writeDocx({ meta: meta(), blocks }));
    const styles = docx.xml('word/styles.xml');
    const defaults = elements(elements(styles, 'w:rPrDefault')[0], 'w:rFonts')[0];
    expect([attr(defaults, 'w:ascii'), attr(defaults, 'w:hAnsi'), attr(defaults, 'w:cs')]).toEqual([
      'DejaVu Sans',
      'DejaVu Sans',
      'DejaVu Sans',
    ]);
    expect(attr(elements(styleById(styles, 'Heading1')!, 'w:rFonts')[0], 'w:ascii')).toBe('DejaVu Sans');
    expect(attr(elements(styleById(styles, 'Code')!, 'w:rFonts')[0], 'w:ascii')).toBe('DejaVu Sans Mono');
    expect(attr(elements(styleById(styles, 'HTMLCode')!, 'w:rFonts')[0], 'w:ascii')).toBe('DejaVu Sans Mono');
  });

  it('tells Word what to use where DejaVu is missing: Verdana or Arial, Consolas or Courier New', async () => {
    const fonts = (await openDocx(await writeDocx({ meta: meta(), blocks }))).xml('word/fontTable.xml');
    const font = (name: string) => elements(fonts, 'w:font').find((f) => attr(f, 'w:name') === name)!;
    expect(attr(elements(font('DejaVu Sans'), 'w:altName')[0], 'w:val')).toBe('Verdana,Arial');
    expect(attr(elements(font('DejaVu Sans'), 'w:family')[0], 'w:val')).toBe('swiss');
    expect(attr(elements(font('DejaVu Sans Mono'), 'w:altName')[0], 'w:val')).toBe('Consolas,Courier New');
    expect(attr(elements(font('DejaVu Sans Mono'), 'w:pitch')[0], 'w:val')).toBe('fixed');
  });

  it("takes a layout's own font names, as long as they are plain names", async () => {
    const themed = (bodyFont: string) =>
      writeDocx({ meta: meta({ theme: { bodyFont } }), blocks }).then(async (bytes) => {
        const styles = (await openDocx(bytes)).xml('word/styles.xml');
        return attr(elements(elements(styles, 'w:rPrDefault')[0], 'w:rFonts')[0], 'w:ascii');
      });
    expect(await themed('Georgia')).toBe('Georgia');
    expect(await themed('x" /><w:b/><w:x a="')).toBe('DejaVu Sans');
  });
});
