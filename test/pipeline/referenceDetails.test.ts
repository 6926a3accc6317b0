/**
 * An OpenCDMP 1.3 plan (fixtures/plan-1.3.json) exported through the real DOCX, PDF and HTML
 * exporters: every reference whose type declares fields shows them under it with the type's
 * labels, its dates written out in the label language (the Java docx plugin prints these as
 * "label: value" lines too); a 1.2 plan's references print as they always did.
 */
import { htmlToPlainText } from '../../src/document/html';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import type { Exporter } from '../../src/formats/types';
import { docxExporter, htmlExporter, pdfExporter } from '../../src/service/formats';
import { fixtureJson } from '../builders/fixtures';
import { bodyParagraphs, openDocx, paragraphStyle, paragraphText } from '../helpers/ooxml';
import { pdfText } from '../helpers/pdf';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wire = any;

async function exported(exporter: Exporter, fixture: string, labelLanguage?: string): Promise<Uint8Array> {
  const raw: Wire = fixtureJson(fixture);
  if (labelLanguage)
    raw.planBlueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [{ code: 'label-language', textValue: labelLanguage, file: null }],
      },
    ];
  assertValidModel('plan', raw);
  return (await exporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' })).bytes;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

const TEXT_OF: Record<string, (bytes: Uint8Array) => Promise<string>> = {
  docx: async (bytes) => {
    const docx = await openDocx(bytes);
    return bodyParagraphs(docx.xml('word/document.xml')).map(paragraphText).join('\n');
  },
  pdf: (bytes) => pdfText(bytes),
  html: async (bytes) => htmlToPlainText(Buffer.from(bytes).toString('utf8')),
};
const EXPORTERS: Record<string, Exporter> = { docx: docxExporter, pdf: pdfExporter, html: htmlExporter };

describe.each(Object.keys(EXPORTERS))('%s of a 1.3 plan', (format) => {
  let text: string;
  beforeAll(async () => {
    text = oneLine(await TEXT_OF[format](await exported(EXPORTERS[format], 'plan-1.3.json')));
  });

  it("prints each reference's declared fields with their labels, dates written out", () => {
    // The grant and the project (plan fields), the licence (a plan field and description answers).
    expect(text).toContain('Coastal Observatory Network for Biodiversity Start date: January 1, 2024');
    expect(text).toContain('End date: December 31, 2027');
    expect(text).toContain('Applies from: June 1, 2025');
    expect(text).toContain('E-mail: josiah.carberry@example.org');
    expect(text).toContain('Identifier scheme: fundref');
    // Dates are never printed as the source wrote them.
    expect(text).not.toContain('2024-01-01T00:00:00Z');
    expect(text).not.toContain('2025-06-01');
  });
});

it('writes the dates in the label language', async () => {
  const text = oneLine(await TEXT_OF.pdf(await exported(pdfExporter, 'plan-1.3.json', 'de')));
  expect(text).toContain('Start date: 1. Januar 2024');
  expect(text).toContain('Applies from: 1. Juni 2025');
});

it('sets the fields in DOCX as a caption under the reference', async () => {
  const docx = await openDocx(await exported(docxExporter, 'plan-1.3.json'));
  const paragraphs = bodyParagraphs(docx.xml('word/document.xml'));
  // The cover's facts table names the project too, without its fields: the answer in the body has them.
  const at = paragraphs.findIndex(
    (p, i) =>
      paragraphText(p) === 'Coastal Observatory Network for Biodiversity' &&
      paragraphStyle(paragraphs[i + 1]) === 'Caption',
  );
  expect(at).toBeGreaterThan(0);
  const details = paragraphs[at + 1];
  expect(paragraphText(details)).toBe('Start date: January 1, 2024\nEnd date: December 31, 2027');
  expect(paragraphStyle(details)).toBe('Caption');
});

it("prints a 1.2 plan's references as before: label and link, no fields", async () => {
  const text = oneLine(await TEXT_OF.docx(await exported(docxExporter, 'plan-full.json')));
  expect(text).toContain('Grant: Coastal Observatory Network for Biodiversity');
  expect(text).not.toMatch(/Start date|Identifier scheme|startDate/);
});
