/**
 * The Java docx plugin's kind of shell (its plan.docx: logo, title, version and plan facts on a
 * cover page, then the content) exported for real, uploaded under the Java plugin's field.
 */
import { Document, ImageRun, Packer, Paragraph, PageBreak, TextRun } from 'docx';
import { coastalLogoPng } from '../../fixtures/lib/png';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/exporters/docx';
import { fixtureJson } from '../helpers/fixtures';
import { bodyParagraphs, openDocx, paragraphText } from './ooxml';

/** A cover shaped like the Java plugin's plan.docx, then `marker` alone in a paragraph, then a closing line. */
async function javaStyleShell(marker: string): Promise<Uint8Array> {
  const logo = new Uint8Array(coastalLogoPng());
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new ImageRun({ type: 'png', data: logo, transformation: { width: 120, height: 60 } })] }),
          new Paragraph({ style: 'Heading1', children: [new TextRun("'{OPENCDMP.PLAN.TITLE}'")] }),
          new Paragraph("Version '{OPENCDMP.PLAN.VERSION}'"),
          new Paragraph({ style: 'Heading3', children: [new TextRun('Funder')] }),
          new Paragraph("'{OPENCDMP.PLAN-REFERENCE.FUNDERS}'"),
          new Paragraph({ children: [new TextRun('End of the shell cover'), new PageBreak()] }),
          new Paragraph(marker),
          new Paragraph('Powered by the shell'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** plan-full exported to DOCX with the shell in plan-docx-template-id, and `cover-page` when given. */
async function exportWithShell(marker: string, coverPage?: string): Promise<string[]> {
  const raw = fixtureJson('plan-full.json');
  const file = { filename: 'plan.docx', fileRef: null, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', file: Buffer.from(await javaStyleShell(marker)).toString('base64') };
  raw.planBlueprint.definition.plugins = [
    {
      code: 'dmp-file-transformer',
      type: 0,
      fields: [
        { code: 'plan-docx-template-id', textValue: null, file },
        ...(coverPage === undefined ? [] : [{ code: 'cover-page', textValue: coverPage, file: null }]),
      ],
    },
  ];
  assertValidModel('plan', raw);
  const { bytes } = await docxExporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' });
  const docx = await openDocx(bytes);
  return bodyParagraphs(docx.xml('word/document.xml')).map(paragraphText).filter((text) => text.trim() !== '');
}

const versionLines = (lines: string[]) => lines.filter((line) => /^Version 2$/.test(line));

describe.each(["'{OPENCDMP.BODY}'", "'{OPENCDMP.PLAN.FORM}'"])('a Java-style Word shell with %s', (marker) => {
  let lines: string[];
  beforeAll(async () => {
    lines = await exportWithShell(marker);
  });

  it("keeps the shell's cover as the only cover", () => {
    expect(lines.slice(0, 3)).toEqual(['Aegean Seagrass Observatory', 'Version 2', 'Funder']);
    expect(versionLines(lines)).toHaveLength(1);
    // Our cover's facts ("Created: ...") are not printed a second time after the shell's.
    expect(lines.filter((line) => /^Created:/.test(line))).toEqual([]);
  });

  it('puts the body at the marker: after the shell cover, before what follows the marker', () => {
    const coverEnd = lines.indexOf('End of the shell cover');
    expect(lines.slice(coverEnd + 1, coverEnd + 3)).toEqual(['Aegean Seagrass Observatory', 'Contents']);
    expect(lines.at(-1)).toBe('Powered by the shell');
    expect(lines.indexOf('Seagrass survey observations')).toBeGreaterThan(coverEnd);
    expect(lines.some((line) => line.includes('OPENCDMP'))).toBe(false);
  });
});

it('adds our cover after the shell when cover-page says true explicitly', async () => {
  const lines = await exportWithShell("'{OPENCDMP.PLAN.FORM}'", 'true');
  expect(versionLines(lines)).toHaveLength(2);
  const coverEnd = lines.indexOf('End of the shell cover');
  expect(lines.slice(coverEnd + 1, coverEnd + 3)).toEqual(['Aegean Seagrass Observatory', 'Version 2']);
});
