/**
 * What writing WordprocessingML ourselves (issue 16) must get right that docx used to: escaping,
 * the parts, relationships and content types of pictures, and list numbering merged into a Word
 * shell that has lists of its own.
 */
import { Document, ExternalHyperlink, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Block, ImageBlock } from '../../../src/document/types';
import { writeDocx } from '../../../src/formats/docx/DocxWriter';
import { applyShellTemplate } from '../../../src/formats/docx/shell';
import { shellPlaceholderValues } from '../../../src/templates/shellValues';
import { validateWordParts } from '../../helpers/wordSchema';
import { meta, makePng, para, text } from '../../builders/documents';
import { attr, elements, openDocx, paragraphText, paragraphWithText, type Docx } from '../../helpers/ooxml';
import { planView } from '../../builders/views';

const TRICKY = `Tom & Jerry <b>"quoted"</b> it's 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 ∑`;

const image = (mimeType: ImageBlock['mimeType'], data: Uint8Array, alt: string): Block => ({
  type: 'image',
  mimeType,
  data,
  width: 40,
  height: 20,
  alt,
});
/** Bytes starting as each type does: what the writer checks before embedding. */
const PICTURES: Block[] = [
  image('image/png', makePng(40, 20), 'a png'),
  image('image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), 'a jpeg'),
  image('image/gif', strToU8('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'a gif'),
  image('image/bmp', new Uint8Array([0x42, 0x4d, 0x3a, 0, 0, 0, 0, 0, 0, 0]), 'a bmp'),
];

/** The relationships of word/document.xml: id -> { type, target }. */
function documentRelationships(docx: Docx): Map<string, { type: string; target: string; mode: string | null }> {
  const rels = elements(docx.xml('word/_rels/document.xml.rels'), 'Relationship');
  return new Map(
    rels.map((r) => [
      r.getAttribute('Id')!,
      { type: r.getAttribute('Type')!, target: r.getAttribute('Target')!, mode: r.getAttribute('TargetMode') },
    ]),
  );
}

describe('DOCX written as WordprocessingML', () => {
  it('round-trips & < > " \' and characters outside the BMP, in text, link targets and alt text', async () => {
    const blocks: Block[] = [
      para(text(TRICKY), { type: 'link', href: 'https://example.org/a?x=1&y="2"', children: [text(`link ${TRICKY}`)] }),
      { type: 'heading', level: 1, content: [text(TRICKY)] },
      image('image/png', makePng(10, 10), TRICKY),
    ];
    const docx = await openDocx(await writeDocx({ meta: meta(), blocks }));
    const document = docx.xml('word/document.xml');
    expect(paragraphText(paragraphWithText(document, 'Tom & Jerry'))).toBe(`${TRICKY}link ${TRICKY}`);
    expect(elements(document, 'wp:docPr')[0].getAttribute('descr')).toBe(TRICKY);
    const link = elements(document, 'w:hyperlink')[0];
    expect(documentRelationships(docx).get(attr(link, 'r:id')!)).toEqual({
      type: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink',
      target: 'https://example.org/a?x=1&y=%222%22',
      mode: 'External',
    });
    expect((await validateWordParts({ 'tricky.docx': await writeDocx({ meta: meta(), blocks }) })).errors).toEqual([]);
  });

  it('embeds a picture of each type with its media part, image relationship and content type', async () => {
    const bytes = await writeDocx({ meta: meta(), blocks: PICTURES });
    const docx = await openDocx(bytes);
    const relationships = documentRelationships(docx);
    const blips = elements(docx.xml('word/document.xml'), 'a:blip');
    expect(blips).toHaveLength(4);
    const targets = blips.map((blip) => relationships.get(blip.getAttribute('r:embed')!));
    expect(targets.map((r) => r?.type)).toEqual(
      Array(4).fill('http://schemas.openxmlformats.org/officeDocument/2006/relationships/image'),
    );
    const extensions = targets.map((r) => r!.target.split('.').pop());
    expect(extensions).toEqual(['png', 'jpg', 'gif', 'bmp']);
    const files = unzipSync(bytes);
    targets.forEach((r, i) => expect(files[`word/${r!.target}`]).toEqual((PICTURES[i] as ImageBlock).data));
    const defaults = new Map(
      elements(docx.xml('[Content_Types].xml'), 'Default').map((d) => [
        d.getAttribute('Extension'),
        d.getAttribute('ContentType'),
      ]),
    );
    expect([...extensions].map((e) => defaults.get(e!))).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/bmp']);
    // Unique drawing ids, as Word wants them.
    const ids = elements(docx.xml('word/document.xml'), 'wp:docPr').map((d) => d.getAttribute('id'));
    expect(new Set(ids).size).toBe(4);
  });

  it('gives each export the header and footer of its own document, though the package around the body is reused', async () => {
    const footerOf = async (footerText: string) => {
      const docx = await openDocx(await writeDocx({ meta: meta({ footerText }), blocks: [para(text('Body'))] }));
      return paragraphText(elements(docx.xml('word/footer1.xml'), 'w:p')[0]);
    };
    expect(await footerOf('First footer')).toBe('First footer');
    expect(await footerOf('Second footer')).toBe('Second footer');
    expect(await footerOf('First footer')).toBe('First footer');
  });
});

/** A shell whose own text has a lettered list (its own numbering.xml), then the body marker. */
async function shellWithList(): Promise<Uint8Array> {
  const document = new Document({
    numbering: {
      config: [
        { reference: 'letters', levels: [{ level: 0, format: LevelFormat.LOWER_LETTER, text: '%1)', start: 1 }] },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Template item one', numbering: { reference: 'letters', level: 0 } }),
          new Paragraph({ text: 'Template item two', numbering: { reference: 'letters', level: 0 } }),
          new Paragraph("'{OPENCDMP.BODY}'"),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

const LIST_BODY: Block[] = [
  { type: 'list', ordered: true, start: 4, items: [[para(text('Body item four'))], [para(text('Body item five'))]] },
  { type: 'list', ordered: false, items: [[para(text('Body bullet'))]] },
  ...PICTURES.slice(0, 1),
];

const shellInput = (template: Uint8Array) => ({
  template,
  fieldCode: 'plan-template',
  values: shellPlaceholderValues(planView(), {}),
  body: LIST_BODY,
  meta: meta(),
});

describe('Word shells: a rich value in the place of a placeholder inside a link of the template', () => {
  it("writes the value's own link as text, since Word reads a link in a link as two links", async () => {
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph({
              children: [
                new TextRun('About: '),
                new ExternalHyperlink({
                  link: 'https://template.example',
                  children: [new TextRun("'{OPENCDMP.PLAN.DESCRIPTION}'")],
                }),
              ],
            }),
          ],
        },
      ],
    });
    const value: Block[] = [
      para(text('see '), { type: 'link', href: 'https://value.example', children: [text('our site')] }),
    ];
    const bytes = (
      await applyShellTemplate({
        ...shellInput(new Uint8Array(await Packer.toBuffer(document))),
        values: { ...shellPlaceholderValues(planView(), {}), 'OPENCDMP.PLAN.DESCRIPTION': value },
      })
    ).bytes;
    const docx = await openDocx(bytes);
    const links = elements(docx.xml('word/document.xml'), 'w:hyperlink');
    expect(links).toHaveLength(1);
    expect(paragraphText(links[0])).toBe('see our site');
    expect((await validateWordParts({ 'shell-link.docx': bytes })).errors).toEqual([]);
  });
});

describe("Word shells: our numbering merged into the template's", () => {
  const numberingOf = (docx: Docx, content: string) => {
    const numId = attr(elements(paragraphWithText(docx.xml('word/document.xml'), content), 'w:numId')[0], 'w:val')!;
    const numbering = docx.xml('word/numbering.xml');
    const num = elements(numbering, 'w:num').find((n) => n.getAttribute('w:numId') === numId)!;
    const abstractId = attr(elements(num, 'w:abstractNumId')[0], 'w:val');
    const abstract = elements(numbering, 'w:abstractNum').find(
      (a) => a.getAttribute('w:abstractNumId') === abstractId,
    )!;
    return {
      numId,
      abstractId,
      format: attr(elements(abstract, 'w:numFmt')[0], 'w:val'),
      start: attr(elements(num, 'w:startOverride')[0], 'w:val'),
    };
  };

  it("keeps the template's list on its own definition and gives ours ids above its", async () => {
    const bytes = (await applyShellTemplate(shellInput(await shellWithList()))).bytes;
    const docx = await openDocx(bytes);
    const template = numberingOf(docx, 'Template item one');
    expect(numberingOf(docx, 'Template item two')).toEqual(template);
    expect(template.format).toBe('lowerLetter');
    const ordered = numberingOf(docx, 'Body item four');
    const bullets = numberingOf(docx, 'Body bullet');
    expect(ordered).toMatchObject({ format: 'decimal', start: '4' });
    expect(bullets.format).toBe('bullet');
    expect(new Set([template.numId, ordered.numId, bullets.numId]).size).toBe(3);
    expect(new Set([template.abstractId, ordered.abstractId, bullets.abstractId]).size).toBe(3);
    expect(Number(ordered.numId)).toBeGreaterThan(Number(template.numId));
    // Every definition before the first list, as the schema orders them.
    expect((await validateWordParts({ 'shell-with-list.docx': bytes })).errors).toEqual([]);
  });

  it('creates numbering.xml, its relationship and content type when the template has none', async () => {
    const files = unzipSync(await shellWithList());
    delete files['word/numbering.xml'];
    const dropNumbering = (path: string, pattern: RegExp) =>
      (files[path] = strToU8(strFromU8(files[path]).replace(pattern, '')));
    dropNumbering('word/_rels/document.xml.rels', /<Relationship [^>]*Target="numbering.xml"\/>/);
    dropNumbering('[Content_Types].xml', /<Override [^>]*PartName="\/word\/numbering.xml"\/>/);
    const template = strFromU8(files['word/document.xml']);
    files['word/document.xml'] = strToU8(template.replace(/<w:numPr>.*?<\/w:numPr>/g, ''));
    const bytes = (await applyShellTemplate(shellInput(zipSync(files)))).bytes;
    const docx = await openDocx(bytes);
    expect(numberingOf(docx, 'Body item four')).toMatchObject({ format: 'decimal', start: '4' });
    expect(
      [...documentRelationships(docx).values()].some(
        (r) => r.target === 'numbering.xml' && r.type.endsWith('/numbering'),
      ),
    ).toBe(true);
    const overrides = elements(docx.xml('[Content_Types].xml'), 'Override').map((o) => o.getAttribute('PartName'));
    expect(overrides).toContain('/word/numbering.xml');
    expect((await validateWordParts({ 'shell-without-numbering.docx': bytes })).errors).toEqual([]);
  });
});
