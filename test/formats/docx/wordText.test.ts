/**
 * Values put into a Word shell's placeholders are text, whatever characters they hold: a plan
 * titled `R&D <pilot>` fills the template and reads back exactly, and the filled parts stay
 * well-formed XML (else Word refuses the file and the admin's template gets the blame).
 */
import { DOMParser } from '@xmldom/xmldom';
import { Document, Footer, Header, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { applyShellTemplate } from '../../../src/formats/docx/shell';
import { shellPlaceholderValues } from '../../../src/templates/shellValues';
import {
  applyEdits,
  decodeXmlText,
  escapeXmlText,
  paragraphsOf,
  paragraphXml,
  replaceInParagraph,
} from '../../../src/formats/docx/shell/wordText';
import { meta, para, text } from '../../builders/documents';
import { elements, paragraphText } from '../../helpers/ooxml';
import { planView } from '../../builders/views';

const MARKUP = `R&D <pilot> & "quotes" 'apostrophes' ]]> &amp; </w:t>`;

/** Parses strictly: any error or warning from the parser fails the test with its message. */
function strictXml(xml: string, part: string) {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${part}: ${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
}

const textOf = (xml: string) => paragraphsOf(xml).map((paragraph) => paragraph.text);
/** Paragraph texts as Word shows them (line breaks as "\n"), read by a real XML parser. */
const wordLines = (xml: string) => elements(strictXml(xml, 'part'), 'w:p').map(paragraphText);

async function shell(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph("'{OPENCDMP.PLAN.TITLE}'")] }) },
        footers: { default: new Footer({ children: [new Paragraph("About: '{OPENCDMP.PLAN.DESCRIPTION}'")] }) },
        children: [
          new Paragraph({
            children: [
              new TextRun({ text: "Plan: '{OPENCDMP.PLAN.", bold: true }),
              new TextRun({ text: "TITLE}' (draft)", italics: true }),
            ],
          }),
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [new Paragraph("'{OPENCDMP.PLAN.TITLE}'")] })] }),
            ],
          }),
          new Paragraph("'{OPENCDMP.PLAN.DESCRIPTION}'"),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

describe('Word shell placeholders filled with markup characters', () => {
  let parts: Record<string, string>;

  beforeAll(async () => {
    const view = planView({
      title: MARKUP,
      descriptionHtml: '<p>Costs &lt;10 k&euro; &amp; "R&amp;D"</p><p>second &lt;para&gt;</p>',
    });
    const { bytes } = await applyShellTemplate({
      template: await shell(),
      fieldCode: 'plan-template',
      values: shellPlaceholderValues(view, {}),
      body: [para(text('Body'))],
      meta: meta(),
    });
    parts = Object.fromEntries(
      Object.entries(unzipSync(bytes))
        .filter(([path]) => /\.xml$/.test(path))
        .map(([path, data]) => [path, strFromU8(data)]),
    );
  });

  it('keeps every part well-formed XML', () => {
    for (const [path, xml] of Object.entries(parts)) expect(() => strictXml(xml, path)).not.toThrow();
  });

  it('shows the title exactly as typed in the body, a table cell and the header', () => {
    const body = wordLines(parts['word/document.xml']);
    expect(body).toContain(`Plan: ${MARKUP} (draft)`);
    expect(body.filter((paragraph) => paragraph === MARKUP)).toHaveLength(1);
    const header = Object.keys(parts).find((path) => /^word\/header\d*\.xml$/.test(path))!;
    expect(wordLines(parts[header])).toEqual([MARKUP]);
  });

  it('shows rich text with markup characters as text, in the footer and as body paragraphs', () => {
    const footer = Object.keys(parts).find((path) => /^word\/footer\d*\.xml$/.test(path))!;
    expect(wordLines(parts[footer])).toEqual(['About: Costs <10 k€ & "R&D"\nsecond <para>']);
    const body = wordLines(parts['word/document.xml']);
    expect(body).toEqual(expect.arrayContaining(['Costs <10 k€ & "R&D"', 'second <para>']));
  });
});

describe('wordText edits', () => {
  const xml =
    '<w:body xmlns:w="w"><w:p><w:r><w:t>Hello </w:t></w:r><w:r><w:t xml:space="preserve">big </w:t></w:r><w:r><w:t>world &amp; sea</w:t></w:r></w:p><w:p/><w:p><w:r><w:t>Two</w:t></w:r></w:p></w:body>';

  it('reads paragraphs, their text decoded, an empty paragraph not at all', () => {
    expect(textOf(xml)).toEqual(['Hello big world & sea', 'Two']);
  });

  it('replaces stretches within one run and across runs, escaping the new text', () => {
    const [paragraph] = paragraphsOf(xml);
    const edits = replaceInParagraph(paragraph, [
      { start: 0, end: 5, text: '<Hi>' },
      { start: 6, end: 15, text: 'R&D\nline two' },
    ]);
    const edited = applyEdits(xml, edits);
    expect(() => strictXml(edited, 'edited')).not.toThrow();
    expect(textOf(edited)).toEqual(['<Hi> R&Dline two & sea', 'Two']);
    // The line break is a real w:br between two runs of text, not a "\n" inside w:t.
    expect(edited).toContain('R&amp;D</w:t><w:br/><w:t xml:space="preserve">line two');
    // Text with leading or trailing spaces keeps them.
    expect(edited.match(/<w:t xml:space="preserve">/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('replaces a stretch that spans three runs, emptying the middle one', () => {
    const [paragraph] = paragraphsOf(xml);
    const edited = applyEdits(xml, replaceInParagraph(paragraph, [{ start: 3, end: 15, text: 'p' }]));
    expect(textOf(edited)).toEqual(['Help & sea', 'Two']);
    expect(edited).toContain('<w:t xml:space="preserve">Help</w:t>');
    expect(edited).toContain('<w:t xml:space="preserve"></w:t>');
    expect(edited).toContain('<w:t xml:space="preserve"> &amp; sea</w:t>');
  });

  it('changes nothing without replacements', () => {
    const [paragraph] = paragraphsOf(xml);
    expect(replaceInParagraph(paragraph, [])).toEqual([]);
    expect(applyEdits(xml, [])).toBe(xml);
  });

  it('escapes text and writes a paragraph that reads back as that text', () => {
    expect(escapeXmlText('a & b < c > d')).toBe('a &amp; b &lt; c &gt; d');
    const paragraph = paragraphXml(MARKUP);
    expect(() => strictXml(`<w:body xmlns:w="w">${paragraph}</w:body>`, 'paragraph')).not.toThrow();
    expect(textOf(paragraph)).toEqual([MARKUP]);
    expect(decodeXmlText(escapeXmlText(MARKUP))).toBe(MARKUP);
  });
});

describe('wordText reading', () => {
  const W = (body: string) => `<w:body xmlns:w="w">${body}</w:body>`;

  it('tells paragraphs from elements whose names start like them, and skips text outside paragraphs', () => {
    const xml = W(
      '<w:tbl><w:t>stray</w:t></w:tbl><w:p><w:pPr><w:pStyle w:val="x"/></w:pPr><w:proofErr/><w:r><w:t>one</w:t><w:tab/><w:t/></w:r></w:p><w:p/><w:p w:rsidR="1"><w:r><w:t xml:space="preserve"> two </w:t></w:r></w:p>',
    );
    const paragraphs = paragraphsOf(xml);
    expect(paragraphs.map((p) => p.text)).toEqual(['one', ' two ']);
    // Each paragraph ends right after its closing tag.
    expect(paragraphs.map((p) => xml.slice(p.end - '</w:p>'.length, p.end))).toEqual(['</w:p>', '</w:p>']);
    expect(xml.slice(0, paragraphs[1].end).endsWith('<w:t xml:space="preserve"> two </w:t></w:r></w:p>')).toBe(true);
    // A node's content offsets point at its text in the XML.
    const [node] = paragraphs[1].nodes;
    expect(xml.slice(node.contentStart, node.contentEnd)).toBe(' two ');
    expect(xml.slice(node.tagStart, node.contentStart)).toBe('<w:t xml:space="preserve">');
  });

  it('reads a paragraph nested in another (a text box) as its own paragraph', () => {
    const xml = W(
      '<w:p><w:r><w:t>outer </w:t><w:pict><w:p><w:r><w:t>inner</w:t></w:r></w:p></w:pict><w:t>end</w:t></w:r></w:p>',
    );
    expect(paragraphsOf(xml).map((p) => p.text)).toEqual(['inner', 'outer end']);
  });

  it('applies replacements given in any order, and edits given in any order', () => {
    const xml = W('<w:p><w:r><w:t>ab</w:t></w:r><w:r><w:t>cd</w:t></w:r><w:r><w:t>ef</w:t></w:r></w:p>');
    const [paragraph] = paragraphsOf(xml);
    // "b" -> "B" (first run), "c" -> "C" (start of the second run), "f" -> "F" (end of the third).
    const edits = replaceInParagraph(paragraph, [
      { start: 2, end: 3, text: 'C' },
      { start: 5, end: 6, text: 'F' },
      { start: 1, end: 2, text: 'B' },
    ]);
    expect(textOf(applyEdits(xml, edits))).toEqual(['aBCdeF']);
    expect(textOf(applyEdits(xml, [...edits].reverse()))).toEqual(['aBCdeF']);
  });

  it('applies several replacements inside one run, whatever their order and lengths', () => {
    const xml = W('<w:p><w:r><w:t>Hello world, hello sea</w:t></w:r></w:p>');
    const [paragraph] = paragraphsOf(xml);
    const replacements = [
      { start: 0, end: 5, text: 'Hi' },
      { start: 13, end: 18, text: 'greetings' },
      { start: 6, end: 11, text: 'Earth' },
    ];
    expect(textOf(applyEdits(xml, replaceInParagraph(paragraph, replacements)))).toEqual(['Hi Earth, greetings sea']);
    // The caller's list is left as it was.
    expect(replacements.map((r) => r.start)).toEqual([0, 13, 6]);
  });

  it('decodes the five entities and character references, leaving references to characters XML does not allow as written', () => {
    expect(decodeXmlText('plain text')).toBe('plain text');
    expect(decodeXmlText('&amp;&lt;&gt;&quot;&apos;&nbsp;')).toBe('&<>"\'&nbsp;');
    expect(decodeXmlText('&#65;&#x42;&#x1F600;&#9;&#10;&#13;&#x20;&#xD7FF;&#xE000;&#xFFFD;&#x10000;&#x10FFFF;')).toBe(
      'AB\u{1F600}\t\n\r \ud7ff\ue000\ufffd\u{10000}\u{10FFFF}',
    );
    for (const invalid of [
      '&#0;',
      '&#8;',
      '&#x1F;',
      '&#xD800;',
      '&#xDFFF;',
      '&#xFFFE;',
      '&#xFFFF;',
      '&#x110000;',
      '&#x;',
      '&#;',
      '&#x41',
    ]) {
      expect(decodeXmlText(`a${invalid}b`)).toBe(`a${invalid}b`);
    }
  });
});
