/**
 * The fixtures exported end to end through the real DOCX and PDF exporters (the code a worker
 * runs), checked from the outside: the DOCX as its XML parts, the PDF with poppler and qpdf, and
 * both DOCX and PDF as LibreOffice and pdftotext read them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/service/formats';
import { pdfExporter } from '../../src/service/formats';
import type { Exporter } from '../../src/formats/types';
import { bodyParagraphs, elements, openDocx, paragraphStyle, paragraphText } from '../helpers/ooxml';
import { fixtureJson } from '../builders/fixtures';
import { convertWithLibreOffice } from '../helpers/libreoffice';
import { pdfFonts, pdfText, qpdfCheck } from '../helpers/pdf';

interface Expectations {
  visible: string[];
  absent: string[];
  headingsInOrder?: string[];
}

const FIXTURES = [
  { file: 'plan-full.json', entity: 'plan' as const, expect: fixtureJson('plan-full.expect.json') as Expectations },
  {
    file: 'description-full.json',
    entity: 'description' as const,
    expect: fixtureJson('description-full.expect.json') as Expectations,
  },
  {
    file: 'plan-minimal.json',
    entity: 'plan' as const,
    expect: { visible: ['Minimal plan', 'Pilot dataset'], absent: [] } as Expectations,
  },
].map((fixture) => {
  const raw = fixtureJson(fixture.file);
  // The running header carries the plan's title, for a description export too.
  return { ...fixture, planTitle: (fixture.entity === 'plan' ? raw.label : raw.plan.label) as string };
});

const context = { transformerId: 'dmp-file-transformer' };

async function exportFixture(
  exporter: Exporter,
  file: string,
  entity: 'plan' | 'description',
  mutate?: (raw: Record<string, unknown>) => void,
) {
  const raw = fixtureJson(file);
  mutate?.(raw);
  assertValidModel(entity, raw);
  const result =
    entity === 'plan'
      ? await exporter.exportPlan(decodePlan(raw), context)
      : await exporter.exportDescription(decodeDescription(raw), context);
  return result.bytes;
}

/** One line of text per paragraph, runs joined, whitespace as a reader sees it. */
const readable = (text: string) => text.replace(/\s+/g, ' ');

async function docxText(bytes: Uint8Array) {
  const docx = await openDocx(bytes);
  const document = docx.xml('word/document.xml');
  const paragraphs = bodyParagraphs(document);
  const part = (prefix: string) =>
    docx.paths
      .filter((p) => p.startsWith(`word/${prefix}`) && p.endsWith('.xml'))
      .map((p) => docx.raw(p))
      .join('');
  return {
    docx,
    document,
    body: readable(paragraphs.map(paragraphText).join('\n')),
    headings: paragraphs.filter((p) => /^Heading[1-6]$/.test(paragraphStyle(p) ?? '')).map(paragraphText),
    headers: part('header'),
    footers: part('footer'),
  };
}

/** The expected strings in the order the document shows them (by first occurrence). */
function orderIn(text: string, strings: string[]): string[] {
  return strings
    .map((s) => ({ s, at: text.indexOf(s) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.s);
}

describe.each(FIXTURES)('$file exported', ({ file, entity, planTitle, expect: expectations }) => {
  let docx: Awaited<ReturnType<typeof docxText>>;
  let pdf: Uint8Array;
  let pdfPlain: string;

  beforeAll(async () => {
    docx = await docxText(await exportFixture(docxExporter, file, entity));
    pdf = await exportFixture(pdfExporter, file, entity);
    pdfPlain = readable(await pdfText(pdf));
  });

  it('DOCX: every visible answer is there, including text inside rich-text tables and lists', () => {
    const missing = expectations.visible.filter((s) => !docx.body.includes(s));
    expect(missing).toEqual([]);
  });

  it('DOCX: nothing hidden, excluded, canceled or scripted', () => {
    const raw = docx.docx.paths
      .filter((p) => p.endsWith('.xml'))
      .map((p) => docx.docx.raw(p))
      .join('\n');
    expect(expectations.absent.filter((s) => raw.includes(s))).toEqual([]);
  });

  it('DOCX: headings in reading order, a running header with the title and a "page X of Y" footer', () => {
    if (expectations.headingsInOrder) {
      const positions = expectations.headingsInOrder.map((h) => docx.headings.indexOf(h));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    expect(docx.headers).toContain(planTitle);
    expect(docx.footers).toMatch(/PAGE/);
    expect(docx.footers).toMatch(/NUMPAGES/);
  });

  it('PDF: every visible answer extracts as real text, in every script, and nothing hidden does', () => {
    expect(expectations.visible.filter((s) => !pdfPlain.includes(s))).toEqual([]);
    expect(expectations.absent.filter((s) => pdfPlain.includes(s))).toEqual([]);
  });

  it('PDF: qpdf finds the structure sound and every font is embedded', async () => {
    expect((await qpdfCheck(pdf)).ok).toBe(true);
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !f.embedded)).toEqual([]);
  });

  it('DOCX and PDF show the same content in the same order', () => {
    const docxOrder = orderIn(docx.body, expectations.visible);
    expect(docxOrder.length).toBe(expectations.visible.length);
    expect(orderIn(pdfPlain, expectations.visible)).toEqual(docxOrder);
  });

  it('the DOCX converts with LibreOffice, which then reads the same answers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lo-fixture-'));
    try {
      const input = path.join(dir, 'export.docx');
      fs.writeFileSync(input, await exportFixture(docxExporter, file, entity));
      const converted = fs.readFileSync(await convertWithLibreOffice(input, 'pdf', 120_000));
      const text = readable(await pdfText(converted));
      expect(expectations.visible.filter((s) => !text.includes(s))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('the full plan in DOCX', () => {
  it('lays table-view multiplicity out as a table with a header row of field labels, and embeds the image', async () => {
    const { docx, document } = await docxText(await exportFixture(docxExporter, 'plan-full.json', 'plan'));
    const headerRows = elements(document, 'w:tr').filter((row) => elements(row, 'w:tblHeader').length > 0);
    expect(headerRows.map((row) => readable(paragraphText(row)))).toEqual(
      expect.arrayContaining([expect.stringContaining('Instrument')]),
    );
    expect(docx.paths.filter((p) => /^word\/media\/.+\.png$/.test(p)).length).toBeGreaterThanOrEqual(2);
    expect(elements(document, 'w:drawing').length).toBeGreaterThanOrEqual(2);
  });
});
