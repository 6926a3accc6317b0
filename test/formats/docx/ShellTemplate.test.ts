import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Document, Footer, Header, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';
import type { Block } from '../../../src/document/types';
import { applyShellTemplate, type ShellInput } from '../../../src/formats/docx/shell';
import { shellPlaceholderValues } from '../../../src/templates/shellValues';
import { decodeXmlText } from '../../../src/formats/docx/shell/wordText';
import { convertWithLibreOffice } from '../../helpers/libreoffice';
import { pdfText } from '../../helpers/pdf';
import { meta, makePng, para, text } from '../../builders/documents';
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
import { descriptionExportView, planView } from '../../builders/views';
import { ServiceError } from '../../../src/errors';
import { statusOf } from '../../../src/http/errors';

const FIELD = 'plan-template';
const TEMPLATE_HEADING_COLOR = 'C00000';

/** An admin's shell: placeholders in the header, footer, a table cell and the text; its own Heading1. */
async function shellTemplate(
  options: { bodyMarker?: boolean; extraParagraphs?: Paragraph[] } = {},
): Promise<Uint8Array> {
  const document = new Document({
    styles: {
      paragraphStyles: [
        {
          id: 'Heading1',
          name: 'heading 1',
          basedOn: 'Normal',
          next: 'Normal',
          run: { color: TEMPLATE_HEADING_COLOR, size: 40, font: 'Georgia' },
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph("'{OPENCDMP.PLAN.TITLE}'")] }) },
        footers: {
          default: new Footer({
            children: [
              new Paragraph(
                "Version '{OPENCDMP.PLAN.VERSION}' DOI '{OPENCDMP.PLAN.DEPOSIT-IDENTIFIERS}' Description '{OPENCDMP.PLAN.DESCRIPTION}'",
              ),
            ],
          }),
        },
        children: [
          // Split across two runs with different formatting, as Word saves text typed in two goes.
          new Paragraph({
            children: [
              new TextRun({ text: "Plan: '{OPENCDMP.PLAN.", bold: true, color: 'FF0000' }),
              new TextRun({ text: "TITLE}'", italics: true }),
            ],
          }),
          new Table({
            rows: [
              new TableRow({
                children: [
                  new TableCell({ children: [new Paragraph('Grants')] }),
                  new TableCell({ children: [new Paragraph("'{OPENCDMP.PLAN-REFERENCE.grants}'")] }),
                ],
              }),
            ],
          }),
          new Paragraph('Id: ‘{OPENCDMP.PLAN.ID}’'),
          new Paragraph("Team: '{OPENCDMP.PLAN.USERS-WITH-ROLES}'"),
          new Paragraph("Funders: '{OPENCDMP.PLAN-REFERENCE.FUNDERS}'; projects: '{OPENCDMP.PLAN-REFERENCE.PROJECTS}'"),
          new Paragraph("'{OPENCDMP.PLAN.DESCRIPTION}'"),
          new Paragraph("Unknown: '{OPENCDMP.SOMETHING}'"),
          ...(options.extraParagraphs ?? []),
          new Paragraph('Before the body'),
          ...(options.bodyMarker === false ? [] : [new Paragraph("'{OPENCDMP.BODY}'")]),
          new Paragraph('After the body'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

const body: Block[] = [
  { type: 'heading', level: 1, content: [text('Body heading')] },
  { type: 'paragraph', style: 'label', content: [text('Question')] },
  para(text('Answer with a '), { type: 'link', href: 'https://example.org', children: [text('link')] }),
  { type: 'list', ordered: true, items: [[para(text('First'))], [para(text('Second'))]] },
  {
    type: 'table',
    headerRows: 1,
    rows: [
      { cells: [{ blocks: [para(text('Name'))] }, { blocks: [para(text('Size'))] }] },
      { cells: [{ blocks: [para(text('Readings'))] }, { blocks: [para(text('2 GB'))] }] },
    ],
  },
  { type: 'code', text: 'a = 1' },
  { type: 'blockquote', children: [para(text('Quoted'))] },
  { type: 'image', data: makePng(300, 150), mimeType: 'image/png', width: 300, height: 150, alt: 'Logo' },
  { type: 'paragraph', style: 'note', content: [text('Not answered')] },
];

function input(template: Uint8Array, overrides: Partial<ShellInput> = {}): ShellInput {
  return {
    template,
    fieldCode: FIELD,
    values: shellPlaceholderValues(planView(), {}),
    body,
    meta: meta(),
    ...overrides,
  };
}

const texts = (docx: Docx) => bodyParagraphs(docx.xml('word/document.xml')).map(paragraphText);

describe('applyShellTemplate', () => {
  let docx: Docx;
  let bytes: Uint8Array;
  let warnings: string[];

  beforeAll(async () => {
    ({ bytes, warnings } = await applyShellTemplate(input(await shellTemplate())));
    docx = await openDocx(bytes);
  });

  it('fills placeholders in the header and footer, with "-" for nothing as the Java plugin did', () => {
    const header = docx.paths.filter((p) => /^word\/header\d*\.xml$/.test(p)).map((p) => docx.xml(p));
    expect(header.map((h) => elements(h, 'w:p').map(paragraphText).join()).join()).toContain('Ocean Survey');
    const footer = docx.paths
      .filter((p) => /^word\/footer\d*\.xml$/.test(p))
      .map((p) => elements(docx.xml(p), 'w:p').map(paragraphText).join())[0];
    // Rich text is plain text there.
    expect(footer).toBe('Version 2 DOI - Description A plan for the ocean survey.');
  });

  it('fills placeholders split across runs, keeping the formatting of the run they start in', () => {
    const paragraph = paragraphWithText(docx.xml('word/document.xml'), 'Plan: Ocean Survey');
    expect(paragraphText(paragraph)).toBe('Plan: Ocean Survey');
    const run = elements(paragraph, 'w:r').find((r) => paragraphText(r).includes('Ocean Survey'))!;
    expect(elements(run, 'w:b')).toHaveLength(1);
    expect(attr(elements(run, 'w:color')[0], 'w:val')).toBe('FF0000');
  });

  it('fills placeholders in table cells, curly-quoted ones, and reference types in any case', () => {
    const all = texts(docx);
    expect(all).toContain('Ocean observation (101000123), Coastal study');
    expect(all).toContain('Id: 5f0e2a3c-1111-4a7b-9c1d-000000000001');
    expect(all).toContain('Team: Maria Papadopoulou (Owner, Data steward), John Smith (Viewer)');
    // A reference type the plan has none of prints nothing.
    expect(all).toContain('Funders: European Commission; projects: ');
  });

  it('puts a one-paragraph rich value inline, keeping its formatting', () => {
    const paragraph = paragraphWithText(docx.xml('word/document.xml'), 'A plan for the ocean survey.');
    const bold = elements(paragraph, 'w:r').find((r) => paragraphText(r) === 'ocean')!;
    expect(elements(bold, 'w:b')).toHaveLength(1);
  });

  it('leaves unknown placeholders visible and reports them', () => {
    expect(texts(docx)).toContain("Unknown: '{OPENCDMP.SOMETHING}'");
    expect(warnings).toEqual([expect.stringContaining("'{OPENCDMP.SOMETHING}'")]);
    expect(warnings[0]).toContain(FIELD);
  });

  it('puts the body between the paragraphs around the body marker', () => {
    const all = texts(docx).filter(Boolean);
    const before = all.indexOf('Before the body');
    expect(all.slice(before, before + 4)).toEqual([
      'Before the body',
      'Body heading',
      'Question',
      'Answer with a link',
    ]);
    expect(all.indexOf('After the body')).toBeGreaterThan(all.indexOf('Not answered'));
    expect(all.some((line) => line.includes('OPENCDMP'))).toBe(all.includes("Unknown: '{OPENCDMP.SOMETHING}'"));
    expect(all.filter((line) => line.includes('OPENCDMP'))).toHaveLength(1);
  });

  it("styles the body with the template's Heading1 and adds the styles the template lacks", () => {
    const document = docx.xml('word/document.xml');
    expect(paragraphStyle(paragraphWithText(document, 'Body heading'))).toBe('Heading1');
    const styles = docx.xml('word/styles.xml');
    const heading = elements(styles, 'w:style').filter((s) => s.getAttribute('w:styleId') === 'Heading1');
    expect(heading).toHaveLength(1);
    expect(attr(elements(heading[0], 'w:color')[0], 'w:val')).toBe(TEMPLATE_HEADING_COLOR);
    for (const id of ['Label', 'Note', 'Code', 'Quote', 'TableGrid']) expect(styleById(styles, id)).toBeDefined();
    expect(paragraphStyle(paragraphWithText(document, 'Question'))).toBe('Label');
    expect(paragraphStyle(paragraphWithText(document, 'Not answered'))).toBe('Note');
    expect(attr(elements(elements(document, 'w:tbl')[1], 'w:tblStyle')[0], 'w:val')).toBe('TableGrid');
  });

  it('brings the body its list numbering, its link and its picture', async () => {
    const document = docx.xml('word/document.xml');
    const numId = attr(elements(paragraphWithText(document, 'First'), 'w:numId')[0], 'w:val');
    const numbering = docx.xml('word/numbering.xml');
    expect(elements(numbering, 'w:num').some((n) => n.getAttribute('w:numId') === numId)).toBe(true);
    expect(docx.paths.some((p) => /^word\/media\/.+\.png$/.test(p))).toBe(true);
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    expect(html).toContain('<a href="https://example.org/">link</a>');
    expect(html).toContain('<ol><li>First</li><li>Second</li></ol>');
    expect(html).toContain('alt="Logo"');
  });

  it('sets the core properties', () => {
    expect(docx.raw('docProps/core.xml')).toContain(meta().title);
  });
});

describe('applyShellTemplate placement', () => {
  it('appends the body at the end, before the section properties, when there is no marker', async () => {
    const { bytes } = await applyShellTemplate(input(await shellTemplate({ bodyMarker: false })));
    const docx = await openDocx(bytes);
    const all = texts(docx).filter(Boolean);
    expect(all.indexOf('Body heading')).toBe(all.indexOf('After the body') + 1);
    expect(all.at(-1)).toBe('Not answered');
    const bodyElement = elements(docx.xml('word/document.xml'), 'w:body')[0];
    const children = Array.from(bodyElement.childNodes).filter((n) => n.nodeType === 1);
    expect(children.at(-1)?.nodeName).toBe('w:sectPr');
  });

  it('puts a rich value of several blocks after a paragraph that has other text, and in place of one that has none', async () => {
    const template = await shellTemplate({
      extraParagraphs: [
        new Paragraph("Summary: '{OPENCDMP.DESCRIPTION.DESCRIPTION}'"),
        new Paragraph("'{OPENCDMP.DESCRIPTION.DESCRIPTION}'"),
      ],
    });
    const values = shellPlaceholderValues(descriptionExportView(), {});
    const docx = await openDocx((await applyShellTemplate(input(template, { values }))).bytes);
    const all = texts(docx).filter(Boolean);
    const start = all.indexOf('Summary: ');
    expect(all.slice(start, start + 7)).toEqual([
      'Summary: ',
      'Readings from buoys.',
      'hourly',
      'daily',
      'Readings from buoys.',
      'hourly',
      'daily',
    ]);
    const item = paragraphWithText(docx.xml('word/document.xml'), 'hourly');
    expect(elements(item, 'w:numPr')).toHaveLength(1);
  });

  it('fills description placeholders in a description export', async () => {
    const template = await shellTemplate({
      extraParagraphs: [
        new Paragraph(
          "'{OPENCDMP.DESCRIPTION.TITLE}' in '{OPENCDMP.DESCRIPTION.SECTION}' from '{OPENCDMP.DESCRIPTION.TEMPLATE.NAME}'",
        ),
        new Paragraph("Licence: '{OPENCDMP.DESCRIPTION-REFERENCE.LICENSES}', status '{OPENCDMP.DESCRIPTION.STATUS}'"),
      ],
    });
    const values = shellPlaceholderValues(descriptionExportView(), {});
    const all = texts(await openDocx((await applyShellTemplate(input(template, { values }))).bytes));
    expect(all).toContain('Sea temperature readings in Data from Dataset template');
    expect(all).toContain('Licence: CC BY 4.0, status Draft');
  });

  it("fits pictures and tables to the template's own text column", async () => {
    const template = new Uint8Array(
      await Packer.toBuffer(
        new Document({
          sections: [
            {
              properties: {
                page: {
                  size: { width: 8000, height: 11000 },
                  margin: { left: 1000, right: 1000, top: 1000, bottom: 1000 },
                },
              },
              children: [new Paragraph("'{OPENCDMP.BODY}'")],
            },
          ],
        }),
      ),
    );
    const wide: Block[] = [
      { type: 'image', data: makePng(1600, 400), mimeType: 'image/png', width: 1600, height: 400 },
      { type: 'table', headerRows: 0, rows: [{ cells: [{ blocks: [para(text('cell'))] }] }] },
    ];
    const document = (await openDocx((await applyShellTemplate(input(template, { body: wide }))).bytes)).xml(
      'word/document.xml',
    );
    expect(Number(attr(elements(document, 'wp:extent')[0], 'cx'))).toBe((6000 / 20) * 12700);
    expect(attr(elements(document, 'w:tblW')[0], 'w:w')).toBe('6000');
  });

  it('uses a template style named like ours under its own id', async () => {
    const template = new Uint8Array(
      await Packer.toBuffer(
        new Document({
          styles: { paragraphStyles: [{ id: 'Zitat', name: 'Quote', basedOn: 'Normal', run: { color: '00AA00' } }] },
          sections: [{ children: [new Paragraph("'{OPENCDMP.BODY}'")] }],
        }),
      ),
    );
    const docx = await openDocx(
      (await applyShellTemplate(input(template, { body: [{ type: 'blockquote', children: [para(text('Quoted'))] }] })))
        .bytes,
    );
    expect(paragraphStyle(paragraphWithText(docx.xml('word/document.xml'), 'Quoted'))).toBe('Zitat');
    expect(styleById(docx.xml('word/styles.xml'), 'Quote')).toBeUndefined();
  });
});

describe('applyShellTemplate upload checks', () => {
  const rejection = async (template: Uint8Array) => {
    const error = await applyShellTemplate(input(template)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    const httpError = error as ServiceError;
    expect(statusOf(httpError)).toBe(400);
    expect(httpError.details).toEqual([{ path: FIELD, message: expect.any(String) }]);
    expect(httpError.message).toContain(FIELD);
    return httpError.details[0].message;
  };

  it('refuses a file that is not a ZIP package', async () => {
    expect(await rejection(strToU8('%PDF-1.7 not a word file'))).toMatch(/not a Word document/);
    expect(await rejection(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toMatch(
      /password-protected|\.doc/,
    );
    expect(await rejection(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).toMatch(/damaged/);
  });

  it('refuses a ZIP that is not a Word document', async () => {
    expect(await rejection(zipSync({ 'hello.txt': strToU8('hello') }))).toMatch(/no word\/document\.xml/);
  });

  it('refuses a macro-enabled document', async () => {
    const files = unzipSync(await shellTemplate());
    files['word/vbaProject.bin'] = new Uint8Array([1, 2, 3]);
    expect(await rejection(zipSync(files))).toMatch(/macros/);
  });

  it('refuses a file over 20 MB', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(await rejection(big)).toMatch(/20 MB/);
  });

  it('refuses zip bombs from their declared sizes, without inflating them', async () => {
    // Really compressed a thousand times: refused for the ratio its directory declares.
    const zeros = zipSync({ 'word/document.xml': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(await rejection(zeros)).toMatch(/"word\/document\.xml" expands \d+ times: the file looks like a zip bomb/);
    // Small, but claiming to unpack to 2 GB: more than DEFLATE can expand anything, so a lie.
    const liar = zipSync({
      'word/document.xml': strToU8('<w:document/>'),
      'word/big.bin': strToU8('x'.repeat(1000)),
    });
    const view = new DataView(liar.buffer, liar.byteOffset, liar.byteLength);
    for (let i = 0; i + 4 < liar.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 0x7fffffff, true);
    }
    expect(await rejection(liar)).toMatch(
      /zip bomb: "word\/document\.xml" declares it expands \d+ times, more than DEFLATE can/,
    );
  });

  it('refuses a member that unpacks to more than it declares, at the first byte past it', async () => {
    const files = unzipSync(await shellTemplate());
    const packed = Buffer.from(zipSync(files));
    // Declare word/document.xml 100 bytes shorter than it is: inflating stops there.
    for (let i = 0; i + 4 < packed.length; i++) {
      if (packed.readUInt32LE(i) !== 0x02014b50) continue;
      const name = packed.subarray(i + 46, i + 46 + packed.readUInt16LE(i + 28)).toString();
      if (name === 'word/document.xml') packed.writeUInt32LE(packed.readUInt32LE(i + 24) - 100, i + 24);
    }
    expect(await rejection(new Uint8Array(packed))).toMatch(
      /"word\/document\.xml" unpacks to more than the [\d,]+ bytes it declares/,
    );
  });
});

describe('applyShellTemplate with XML that is not well-formed', () => {
  /** The shell template with one part's XML changed. */
  const withPart = async (path: string, change: (xml: string) => string) => {
    const files = unzipSync(await shellTemplate());
    files[path] = strToU8(change(strFromU8(files[path])));
    return zipSync(files);
  };
  const rejection = async (template: Uint8Array) => {
    const error = await applyShellTemplate(input(template)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(statusOf(error)).toBe(400);
    expect((error as ServiceError).details).toEqual([{ path: FIELD, message: expect.any(String) }]);
    return (error as ServiceError).details[0].message;
  };

  it.each(['&#x110000;', '&#99999999999;'])(
    'refuses a reference to no character, %s, naming the part',
    async (reference) => {
      const template = await withPart('word/document.xml', (xml) =>
        xml.replace('Before the body', `Before ${reference} the body`),
      );
      const message = await rejection(template);
      expect(message).toMatch(/^word\/document\.xml is not well-formed XML: /);
      expect(message).toContain(reference);
    },
  );

  it('refuses an element that is not closed, a part cut short and a part that is not XML', async () => {
    const unclosed = await withPart('word/document.xml', (xml) => xml.replace('</w:body>', '<w:p></w:body>'));
    expect(await rejection(unclosed)).toMatch(/^word\/document\.xml is not well-formed XML: .*<w:p>/);
    const cutShort = await withPart('word/document.xml', (xml) => xml.slice(0, xml.length - 40));
    expect(await rejection(cutShort)).toMatch(/^word\/document\.xml is not well-formed XML: /);
    const garbage = await withPart('word/document.xml', () => 'not xml at all');
    expect(await rejection(garbage)).toMatch(/^word\/document\.xml is not well-formed XML: .*not xml at all/);
  });

  it('names the part that is not well-formed', async () => {
    const header = await withPart('word/header1.xml', (xml) => xml.replace('</w:hdr>', ''));
    expect(await rejection(header)).toMatch(/^word\/header1\.xml is not well-formed XML: /);
  });

  it('decodes the references in text, leaving those to characters XML does not allow as they are written', () => {
    expect(decodeXmlText('&lt;A&#66;&#x43;&gt; &#x110000; &#99999999999; &#0; &#xD800; &unknown;')).toBe(
      '<ABC> &#x110000; &#99999999999; &#0; &#xD800; &unknown;',
    );
  });
});

describe('applyShellTemplate in LibreOffice', () => {
  it('opens and renders the filled template, body in place', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'shell-'));
    try {
      const path = join(folder, 'shell.docx');
      await writeFile(path, (await applyShellTemplate(input(await shellTemplate()))).bytes);
      const rendered = await pdfText(await readFile(await convertWithLibreOffice(path, 'pdf')));
      const order = [
        'Ocean Survey',
        'Plan: Ocean Survey',
        'Before the body',
        'Body heading',
        'Readings',
        'After the body',
      ].map((t) => rendered.indexOf(t));
      expect(order.every((position) => position >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 90_000);
});
