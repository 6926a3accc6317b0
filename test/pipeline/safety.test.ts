/**
 * The service never fetches a URL or reads a file named by a plan or a template: hostile answers
 * and a hostile template go through the real exporters while a recording HTTP server and a
 * recording file system watch.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/service/formats';
import { pdfExporter } from '../../src/service/formats';
import { PROJECT_ROOT } from '../../src/paths';
import { fixtureJson } from '../builders/fixtures';
import { pdfSource } from '../helpers/pdf';

type Wire = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: http.Server;
const requests: string[] = [];
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'image/png');
    res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** plan-full with every rich-text answer, its description and its upload naming remote and local files. */
function hostilePlan(): Wire {
  const plan = fixtureJson('plan-full.json');
  const hostile =
    `<p>See <a href="${base}/link">this</a> and <a href="file:///etc/passwd">that</a>.</p>` +
    `<img src="${base}/answer.png"><img src="file:///etc/passwd"><img src="/etc/passwd"><img src="//127.0.0.1/x.png">` +
    `<p style="background:url(${base}/css.png)">styled</p><object data="${base}/object"></object>`;
  plan.description = hostile;
  for (const description of plan.descriptions as Wire[]) {
    description.description = hostile;
    for (const fieldSet of Object.values(description.properties.fieldSets as Record<string, Wire>)) {
      for (const item of fieldSet.items as Wire[]) {
        for (const field of Object.values(item.fields as Record<string, Wire>)) {
          if (field.file) field.file = { ...field.file, filename: `${base}/upload.png`, fileRef: '/etc/passwd' };
          if (typeof field.textValue === 'string' && field.textValue.includes('<')) field.textValue = hostile;
        }
      }
    }
  }
  return plan;
}

/** A layout template whose partial asks for remote and local images. */
function hostileTemplate(): string {
  const bundle = zipSync({
    'template.json': strToU8(JSON.stringify({ name: 'hostile', version: '1.0.0' })),
    'plan.hbs': strToU8(`<img src="${base}/logo.png"><img src="file:///etc/passwd"><p>{{plan.title}}</p>{{> cover}}`),
  });
  return Buffer.from(bundle).toString('base64');
}

/** Paths given to the file system while `run` runs (once each: readFileSync opens through openSync). */
async function recordFileReads(run: () => Promise<unknown>): Promise<string[]> {
  const paths = new Set<string>();
  const record = (target: unknown) => {
    if (typeof target === 'string' || target instanceof URL || Buffer.isBuffer(target)) paths.add(String(target));
  };
  // The originals, taken before the spies replace them.
  const { readFileSync, openSync } = fs;
  const { readFile } = fs.promises;
  const spies = [
    jest.spyOn(fs, 'readFileSync').mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      record(file);
      return (readFileSync as (...args: unknown[]) => unknown).call(fs, file, ...rest);
    }) as typeof fs.readFileSync),
    jest.spyOn(fs, 'openSync').mockImplementation(((file: fs.PathLike, ...rest: unknown[]) => {
      record(file);
      return (openSync as (...args: unknown[]) => number).call(fs, file, ...rest);
    }) as typeof fs.openSync),
    jest.spyOn(fs.promises, 'readFile').mockImplementation(((file: unknown, ...rest: unknown[]) => {
      record(file);
      return (readFile as (...args: unknown[]) => Promise<unknown>).call(fs.promises, file, ...rest);
    }) as typeof fs.promises.readFile),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return [...paths];
}

describe.each([
  ['docx', docxExporter],
  ['pdf', pdfExporter],
])('%s export of hostile content', (_format, exporter) => {
  const exportPlan = (plan: Wire) => {
    assertValidModel('plan', plan);
    return exporter.exportPlan(decodePlan(plan), { transformerId: 'dmp-file-transformer' });
  };

  it('records file reads (the probe the next test relies on)', async () => {
    const packageFile = path.join(PROJECT_ROOT, 'package.json');
    expect(await recordFileReads(async () => fs.readFileSync(packageFile))).toEqual([packageFile]);
    expect(await recordFileReads(() => fs.promises.readFile(packageFile))).toEqual([packageFile]);
  });

  it('fetches nothing and reads no file outside the service, from answers or from a template', async () => {
    await exportPlan(fixtureJson('plan-minimal.json')); // load the renderer first: module loading is not the content's doing
    const plan = hostilePlan();
    plan.planBlueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [
          {
            code: 'plan-template',
            textValue: null,
            file: { filename: 'hostile.zip', fileRef: null, mimeType: 'application/zip', file: hostileTemplate() },
          },
        ],
      },
    ];
    let bytes: Uint8Array = new Uint8Array();
    const reads = await recordFileReads(async () => {
      const result = await exportPlan(plan);
      bytes = result.bytes;
      // What was dropped is reported, never silently fetched.
      expect(result.warnings.join('\n')).toMatch(/nothing is downloaded/);
    });
    expect(bytes.length).toBeGreaterThan(1000);
    expect(requests).toEqual([]);
    expect(reads.filter((p) => p.includes('passwd'))).toEqual([]);
    expect(reads.filter((p) => !path.resolve(p).startsWith(PROJECT_ROOT))).toEqual([]);
    // A PDF's objects are mostly in deflated object streams: searched inflated.
    const source = exporter === pdfExporter ? pdfSource(bytes) : Buffer.from(bytes).toString('latin1');
    expect(source).not.toContain(`${base}/answer.png`);
  });
});
