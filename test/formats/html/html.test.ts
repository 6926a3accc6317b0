/**
 * The HTML export's look and directions (issue 34, items 2 and 4): its stylesheet sets the fonts,
 * heading scale and spacing the PDF and DOCX writers read (document/look.ts), and each paragraph
 * carries the direction every writer gives it, so English text in an Arabic plan reads left to right.
 */
import { Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { decodePlan } from '../../../src/contract/decode';
import { documentLook } from '../../../src/document/look';
import { documentToHtml } from '../../../src/formats/html/render';
import { htmlExporter } from '../../../src/service/formats';
import { meta, paragraph, text } from '../../builders/documents';
import { fixtureJson } from '../../builders/fixtures';

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the HTML export', () => {
  it('gives the English paragraphs of an Arabic plan dir="ltr", and the Arabic ones none', async () => {
    const html = utf8(
      (
        await htmlExporter.exportPlan(decodePlan(fixtureJson('typography/arabic-english.json')), {
          transformerId: 'x',
        })
      ).bytes,
    );
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    // Each paragraph's direction as a browser takes it: its own dir, else its nearest ancestor's.
    const direction = (node: Element): string | undefined =>
      node.attribs.dir ?? (node.parent instanceof Element ? direction(node.parent) : undefined);
    const paragraphs = DomUtils.findAll(
      (node) => /^(p|h[1-6])$/.test(node.name) && DomUtils.textContent(node).trim().length >= 12,
      parseDocument(html).children,
    ).map((node) => ({ text: DomUtils.textContent(node).trim(), direction: direction(node) }));
    const latin = paragraphs.filter((p) => /^[A-Za-z]/.test(p.text));
    const arabic = paragraphs.filter((p) => /^[\u0600-\u06ff]/.test(p.text));
    expect(latin.length).toBeGreaterThan(3);
    expect(arabic.length).toBeGreaterThan(3);
    expect(latin.filter((p) => p.direction !== 'ltr')).toEqual([]);
    expect(arabic.filter((p) => p.direction !== 'rtl')).toEqual([]);
  });

  it('marks an Arabic paragraph right to left in an English document, and a table by its content', () => {
    const html = documentToHtml({
      meta: meta(),
      blocks: [
        paragraph('English first'),
        paragraph('النص العربي'),
        { type: 'paragraph', content: [text('Explicit')], dir: 'rtl' },
        {
          type: 'table',
          headerRows: 0,
          rows: [{ cells: [{ blocks: [paragraph('خلية')] }, { blocks: [paragraph('cell')] }] }],
        },
      ],
    });
    expect(html).toContain('<p>English first</p>');
    expect(html).toContain('<p dir="rtl">النص العربي</p>');
    expect(html).toContain('<p dir="rtl">Explicit</p>');
    expect(html).toMatch(/<table dir="rtl">.*<td><p>خلية<\/p><\/td><td><p dir="ltr">cell<\/p><\/td>/);
  });

  it('writes a page break the print style honours, and none for an automatic one', () => {
    const html = documentToHtml({
      meta: meta(),
      blocks: [
        paragraph('One'),
        { type: 'pageBreak' },
        paragraph('Two'),
        { type: 'pageBreak', auto: true },
        paragraph('Three'),
      ],
    });
    expect(html.match(/<div class="page-break"><\/div>/g)).toHaveLength(1);
    expect(html).toContain('<p>Two</p><p>Three</p>');
  });

  it('styles headings with the shared scale, each level smaller than the one above', () => {
    const html = documentToHtml({ meta: meta(), blocks: [paragraph('x')] });
    const look = documentLook(undefined);
    const sizes = [1, 2, 3, 4, 5, 6].map((level) => {
      const rule = new RegExp(`h${level} \\{ font-size: ([0-9.]+)em; font-weight: (\\w+); font-style: (\\w+);`).exec(
        html,
      );
      expect(rule).not.toBeNull();
      return Number(rule![1]);
    });
    expect(sizes).toEqual(look.headings.map((heading) => Number((heading.size / look.fontSize).toFixed(3))));
    for (let level = 1; level < 6; level++) expect(sizes[level]).toBeLessThan(sizes[level - 1]);
    expect(html).toMatch(/body \{ font-family: "DejaVu Sans", "Verdana", "Arial", sans-serif;/);
    expect(html).toMatch(/font-size: 10pt;/);
  });
});
