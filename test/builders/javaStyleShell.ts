/**
 * A Word shell shaped like the Java docx plugin's own plan.docx (logo, title, version and plan facts
 * on a cover page, then the body marker, then a closing line), and plan-full exported with it,
 * uploaded under the Java plugin's field as an admin would.
 */
import { Document, ImageRun, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { coastalLogoPng } from '../../fixtures/lib/png';
import { exportFixture, type DocumentFormat } from './fixtureExports';

/** The Java plugin's body markers: the old one and the newer plugin's. */
export const JAVA_BODY_MARKERS = ["'{OPENCDMP.BODY}'", "'{OPENCDMP.PLAN.FORM}'"] as const;

/** A cover shaped like the Java plugin's plan.docx, then `marker` alone in a paragraph, then a closing line. */
export async function javaStyleShell(marker: string): Promise<Uint8Array> {
  const logo = new Uint8Array(coastalLogoPng());
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: logo, transformation: { width: 120, height: 60 } })],
          }),
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

/**
 * A shell shaped like the Java plugin's description.docx: a "Part of" block with the plan's title,
 * the description's title, then `marker` alone in a paragraph, then a closing line.
 */
export async function javaStyleDescriptionShell(marker: string): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph("Part of '{OPENCDMP.PLAN.TITLE}'"),
          new Paragraph({ style: 'Heading1', children: [new TextRun("'{OPENCDMP.DESCRIPTION.TITLE}'")] }),
          new Paragraph({ children: [new TextRun('End of the description shell cover'), new PageBreak()] }),
          new Paragraph(marker),
          new Paragraph('Powered by the description shell'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** description-full exported with a description shell in description-docx-template-id, as an admin would set it on the template. */
export async function exportDescriptionWithJavaShell(
  marker: string,
  format: DocumentFormat = 'docx',
): Promise<Uint8Array> {
  const file = {
    filename: 'description.docx',
    fileRef: null,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    file: Buffer.from(await javaStyleDescriptionShell(marker)).toString('base64'),
  };
  return exportFixture('description-full.json', format, (raw) => {
    const template = raw.descriptionTemplate as { definition: { plugins: unknown[] } };
    template.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [{ code: 'description-docx-template-id', textValue: null, file }],
      },
    ];
  });
}

/** plan-full exported with the shell in plan-docx-template-id (and `cover-page` when given). */
export async function exportWithJavaShell(
  marker: string,
  options: { coverPage?: string; format?: DocumentFormat } = {},
): Promise<Uint8Array> {
  const file = {
    filename: 'plan.docx',
    fileRef: null,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    file: Buffer.from(await javaStyleShell(marker)).toString('base64'),
  };
  return exportFixture('plan-full.json', options.format ?? 'docx', (raw) => {
    const blueprint = raw.planBlueprint as { definition: { plugins: unknown[] } };
    blueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [
          { code: 'plan-docx-template-id', textValue: null, file },
          ...(options.coverPage === undefined
            ? []
            : [{ code: 'cover-page', textValue: options.coverPage, file: null }]),
        ],
      },
    ];
  });
}
