/**
 * The PDF writer never fetches a URL and never opens a file other than its own fonts, whatever the
 * document says, and the pdfmake instance it configures refuses such requests made directly.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DocumentModel } from '../../../src/document/types';
import { configuredPdfmake } from '../../../src/formats/pdf/engine';
import { ALLOWED_FONT_PATHS } from '../../../src/formats/pdf/fonts';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { pdfObjects, pdfText, qpdfJson } from '../../helpers/pdf';
import { makePng, meta, paragraph, text } from '../../builders/documents';

let server: http.Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(Buffer.from(makePng(4, 4)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
});

/** Runs `action` while recording the path of every file opened through node:fs. */
async function recordingOpenedFiles(action: () => Promise<unknown>): Promise<string[]> {
  const opened: string[] = [];
  const record = (target: unknown): void => {
    if (typeof target === 'string') opened.push(target);
    else if (target instanceof URL) opened.push(target.pathname);
    else if (Buffer.isBuffer(target)) opened.push(target.toString());
  };
  const spies = [
    jest.spyOn(fs, 'readFileSync'),
    jest.spyOn(fs, 'openSync'),
    jest.spyOn(fs, 'open'),
    jest.spyOn(fs, 'readFile'),
    jest.spyOn(fs, 'createReadStream'),
    jest.spyOn(fs.promises, 'readFile'),
    jest.spyOn(fs.promises, 'open'),
  ];
  try {
    await action();
  } finally {
    for (const spy of spies) {
      for (const call of spy.mock.calls) record(call[0]);
      spy.mockRestore();
    }
  }
  return opened;
}

const outsideFontFiles = (opened: string[]): string[] => opened.filter((file) => !ALLOWED_FONT_PATHS.has(file));

/**
 * Runs `action` while recording every outgoing TCP connection this process starts (http, https
 * and fetch all connect through net.Socket), as it starts: no waiting to see whether a request
 * reaches the server.
 */
async function recordingConnections(action: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(net.Socket.prototype, 'connect');
  try {
    await action();
    return spy.mock.calls.map((call) => JSON.stringify(call[0]));
  } finally {
    spy.mockRestore();
  }
}

it('the connection recorder sees a request as it starts', async () => {
  const connections = await recordingConnections(() => fetch(`${base}/probe.png`).then((res) => res.arrayBuffer()));
  expect(connections).toHaveLength(1);
  expect(connections[0]).toContain(String((server.address() as AddressInfo).port));
  requests.length = 0;
});

describe('writePdf: untrusted URLs and paths in the document', () => {
  it('neither fetches nor opens what text, links and image descriptions name; links stay annotations', async () => {
    const remote = `${base}/x.png`;
    const doc: DocumentModel = {
      meta: meta({ title: `${remote} file:///etc/passwd`, headerText: remote }),
      blocks: [
        paragraph(`See ${remote} and file:///etc/passwd and /etc/passwd`),
        { type: 'paragraph', content: [{ type: 'link', href: remote, children: [text('remote link')] }] },
        { type: 'paragraph', content: [{ type: 'link', href: 'file:///etc/passwd', children: [text('local link')] }] },
        {
          type: 'image',
          data: makePng(10, 10),
          mimeType: 'image/png',
          width: 10,
          height: 10,
          alt: `${remote} file:///etc/passwd`,
        },
        { type: 'image', data: new Uint8Array([1, 2, 3]), mimeType: 'image/png', width: 10, height: 10, alt: remote },
      ],
    };
    let bytes: Uint8Array = new Uint8Array();
    let opened: string[] = [];
    const connections = await recordingConnections(async () => {
      opened = await recordingOpenedFiles(async () => {
        bytes = await writePdf(doc);
      });
    });

    expect(connections).toEqual([]);
    expect(requests).toEqual([]);
    expect(outsideFontFiles(opened)).toEqual([]);
    const extracted = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(extracted).toContain(`See ${remote} and file:///etc/passwd and /etc/passwd`);
    expect(extracted).toContain('local link');
    // The http link is a link annotation (a URI action the reader's viewer may follow); the file: link is plain text.
    const actions = (pdfObjects(await qpdfJson(bytes)) as Array<Record<string, unknown> | null>).filter(
      (value) => value?.['/S'] === '/URI',
    );
    expect(actions).toEqual([{ '/S': '/URI', '/URI': `u:${remote}` }]);
  });
});

describe('the configured pdfmake instance', () => {
  const render = (definition: TDocumentDefinitions): Promise<Buffer> =>
    configuredPdfmake().createPdf(definition).getBuffer();

  beforeAll(async () => {
    // Load fonts and lazily required modules before any file access is recorded.
    await writePdf({ meta: meta(), blocks: [paragraph('warm-up')] });
  });

  it.each([
    ['an image URL in the content', (): TDocumentDefinitions => ({ content: [{ image: `${base}/y.png` }] })],
    [
      'an image URL in the image dictionary',
      (): TDocumentDefinitions => ({ images: { remote: `${base}/y.png` }, content: [{ image: 'remote' }] }),
    ],
    [
      'an attached file URL',
      (): TDocumentDefinitions => ({ files: { remote: { src: `${base}/y.png` } }, content: ['x'] }),
    ],
  ])('refuses %s without sending a request', async (_case, definition) => {
    const connections = await recordingConnections(() =>
      expect(render({ defaultStyle: { font: 'DejaVuSans' }, ...definition() })).rejects.toThrow(/denied/i),
    );
    expect(connections).toEqual([]);
    expect(requests).toEqual([]);
  });

  it.each([
    ['an image', (): TDocumentDefinitions => ({ content: [{ image: '/etc/passwd' }] })],
    [
      'an image in the dictionary',
      (): TDocumentDefinitions => ({ images: { local: '/etc/passwd' }, content: [{ image: 'local' }] }),
    ],
    ['an attached file', (): TDocumentDefinitions => ({ files: { local: { src: '/etc/passwd' } }, content: ['x'] })],
  ])('refuses /etc/passwd as %s without opening it', async (_case, definition) => {
    const opened = await recordingOpenedFiles(() =>
      expect(render({ defaultStyle: { font: 'DejaVuSans' }, ...definition() })).rejects.toThrow(/denied/i),
    );
    expect(opened).not.toContain('/etc/passwd');
    expect(outsideFontFiles(opened)).toEqual([]);
  });

  it('refuses /etc/passwd and a URL as font files', async () => {
    const pdfmake = configuredPdfmake();
    const fonts = pdfmake.fonts;
    try {
      pdfmake.addFonts({
        Local: { normal: '/etc/passwd', bold: '/etc/passwd', italics: '/etc/passwd', bolditalics: '/etc/passwd' },
        Remote: {
          normal: `${base}/font.ttf`,
          bold: `${base}/font.ttf`,
          italics: `${base}/font.ttf`,
          bolditalics: `${base}/font.ttf`,
        },
      });
      let opened: string[] = [];
      const connections = await recordingConnections(async () => {
        opened = await recordingOpenedFiles(async () => {
          await expect(render({ content: ['x'], defaultStyle: { font: 'Local' } })).rejects.toThrow(/denied/i);
          await expect(render({ content: ['x'], defaultStyle: { font: 'Remote' } })).rejects.toThrow(/denied/i);
        });
      });
      expect(opened).not.toContain('/etc/passwd');
      expect(connections).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      pdfmake.setFonts(fonts);
    }
  });
});
