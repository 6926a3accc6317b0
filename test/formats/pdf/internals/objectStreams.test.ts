/**
 * objectStreams.ts: objects without a stream of their own go into deflated object streams, and the
 * file ends with a cross-reference stream. A reader must get the very objects pdfkit writes plain
 * (a PDF 1.4 file, which cannot have object streams, is written as before: the reference).
 */
import type { DocumentModel } from '../../../../src/document/types';
import { buildPdfDefinition } from '../../../../src/formats/pdf/definition';
import { renderDocDefinition } from '../../../../src/formats/pdf/engine';
import type { PdfOutput } from '../../../../src/formats/pdf/profile';
import { objectsPacked } from '../../../../src/formats/pdf/internals/objectStreams';
import { pdfPageCount } from '../../../../src/pipeline/compliance';
import { planDocument, richDocument } from '../../../builders/documents';
import {
  pdfInfo,
  pdfSource,
  qpdfCheck,
  qpdfJson,
  qpdfNormalized,
  qpdfXref,
  qpdfXrefListing,
} from '../../../helpers/pdf';

/** The writer's PDF of a document, as PDF `version`, its clock fixed (the file's /ID and dates depend on it). */
async function written(document: DocumentModel, output: PdfOutput, version: '1.4' | '1.7'): Promise<Buffer> {
  const { definition, fontFiles } = buildPdfDefinition(document, output);
  definition.version = version;
  definition.info = { ...definition.info, creationDate: new Date(Date.UTC(2025, 0, 31, 12)) };
  return renderDocDefinition(definition, fontFiles);
}

const document = richDocument();

describe.each([
  ['tagged (accessible)', { profile: 'accessible' } as PdfOutput],
  ['untagged (standard)', { profile: 'standard' } as PdfOutput],
  ['archival with data', { profile: 'archival-with-data', data: { name: 'madmp.json', bytes: new Uint8Array(2) } }],
] as const)('%s, as PDF 1.7', (_name, output) => {
  let packed: Buffer;
  let plain: Buffer;

  beforeAll(async () => {
    packed = await written(document, output as PdfOutput, '1.7');
    plain = await written(document, output as PdfOutput, '1.4');
  });

  it('holds the same objects as the file written without object streams', async () => {
    const [fromPacked, fromPlain] = await Promise.all([qpdfNormalized(packed), qpdfNormalized(plain)]);
    const afterHeader = (file: Buffer) => file.subarray(file.indexOf('\n')).toString('latin1');
    expect(fromPacked.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(afterHeader(fromPacked)).toBe(afterHeader(fromPlain));
  });

  it('keeps only streams at an offset of the file: every other object is in an object stream', async () => {
    const [xref, json] = await Promise.all([qpdfXref(packed), qpdfJson(packed)]);
    const streams = new Set(
      Object.entries(json.qpdf[1])
        .filter(([, entry]) => entry.stream !== undefined)
        .map(([key]) => Number(/^obj:(\d+) 0 R$/.exec(key)?.[1])),
    );
    const atOffsets = [...xref].filter(([, where]) => where === 'uncompressed').map(([id]) => id);
    expect(atOffsets.sort((a, b) => a - b)).toEqual([...streams].sort((a, b) => a - b));
    expect([...xref.values()].filter((where) => where === 'compressed').length).toBeGreaterThan(streams.size);
    // The cross-reference table became a stream: no `xref` keyword, a /Type /XRef stream instead.
    expect(packed.toString('latin1')).not.toMatch(/\nxref\n/);
    expect(packed.toString('latin1')).toMatch(/\/Type \/XRef /);
    expect(packed.length).toBeLessThan(plain.length);
  });

  it('is read by qpdf and poppler, and says how many pages it has', async () => {
    expect((await qpdfCheck(packed)).ok).toBe(true);
    const info = await pdfInfo(packed);
    expect(info['PDF version']).toBe('1.7');
    expect(pdfPageCount(packed)).toBe(Number(info.Pages));
    expect(pdfPageCount(plain)).toBe(Number(info.Pages));
  });
});

describe('a long tagged plan (more than 255 objects in a stream)', () => {
  let packed: Buffer;

  beforeAll(async () => {
    packed = await written(planDocument(12), { profile: 'accessible' }, '1.7');
  }, 60_000);

  it('numbers objects past 255 within a stream, and qpdf reads each as the file without object streams has it', async () => {
    const plain = await written(planDocument(12), { profile: 'accessible' }, '1.4');
    const indexes = [...(await qpdfXrefListing(packed)).matchAll(/index = (\d+)/g)].map((match) => Number(match[1]));
    expect(Math.max(...indexes)).toBeGreaterThan(255);
    const [fromPacked, fromPlain] = await Promise.all([qpdfNormalized(packed), qpdfNormalized(plain)]);
    const afterHeader = (file: Buffer) => file.subarray(file.indexOf('\n')).toString('latin1');
    expect(afterHeader(fromPacked)).toBe(afterHeader(fromPlain));
    expect((await qpdfCheck(packed)).ok).toBe(true);
  }, 60_000);

  it('writes its cross-reference stream with the Up predictor, a fraction of the table it encodes', () => {
    const source = packed.toString('latin1');
    const xref =
      /\/Type \/XRef \/Size (\d+) \/W \[1 (\d) (\d)\].*?\/DecodeParms <<\/Columns (\d+) \/Predictor 12>>.*?\/Length (\d+)>>/.exec(
        source,
      );
    expect(xref).not.toBeNull();
    const [size, width, last, columns, length] = xref!.slice(1).map(Number);
    expect(columns).toBe(1 + width + last);
    // Each entry takes under a byte once deflated, where the table has `columns` bytes per entry.
    expect(length).toBeLessThan(size);
  });
});

describe('a PDF that cannot have object streams (before PDF 1.5)', () => {
  it('keeps its objects plain and its cross-reference table, tagged or not', async () => {
    for (const output of [{ profile: 'accessible' }, { profile: 'standard' }] as PdfOutput[]) {
      const plain = await written(document, output, '1.4');
      expect(plain.toString('latin1')).toMatch(/\nxref\n0 \d+\n0000000000 65535 f \n/);
      expect(plain.toString('latin1')).not.toContain('/ObjStm');
      expect([...(await qpdfXref(plain)).values()].every((where) => where === 'uncompressed')).toBe(true);
      expect((await qpdfCheck(plain)).ok).toBe(true);
    }
  });
});

describe('searching a PDF for what its objects say', () => {
  it('finds a link annotation in an object stream only when the streams are inflated', async () => {
    const packed = await written(document, { profile: 'accessible' }, '1.7');
    expect(packed.toString('latin1')).not.toContain('https://example.org/ocean');
    expect(pdfSource(packed)).toMatch(/\/URI \(https:\/\/example\.org\/ocean\)/);
  });
});

describe('an object pdfkit finalizes in another shape than the hook expects', () => {
  it('is written as pdfkit wrote it, at its offset', () => {
    const written: unknown[] = [];
    const ended: unknown[] = [];
    const doc = {
      version: 1.7,
      _offset: 100,
      _offsets: [null],
      _write: (data: unknown) => written.push(data),
      _refEnd: (ref: unknown) => ended.push(ref),
    };
    const ref = {
      document: doc,
      id: 1,
      gen: 0,
      uncompressedLength: 0,
      offset: undefined as number | undefined,
      finalize(this: { document: typeof doc; offset?: number }) {
        this.offset = this.document._offset;
        for (const piece of ['1 0 obj', '<</A 1>>', '% a comment pdfkit never wrote', 'endobj'])
          this.document._write(piece);
        this.document._refEnd(this);
      },
    };
    const end = objectsPacked.wrap(() => {
      throw new Error('pdfkit end() is not called for an object without stream data');
    });
    end.call(ref, undefined);
    expect(written).toEqual(['1 0 obj', '<</A 1>>', '% a comment pdfkit never wrote', 'endobj']);
    expect(ended).toEqual([ref]);
    expect(ref.offset).toBe(100);
  });
});
