/**
 * ZIP members are read as they are, not as they declare themselves: a member is inflated into at
 * most its declared size and refused at the first lie (longer, shorter, another checksum, data
 * the file does not hold, data shared with another member), and any damage is a ZipError.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { listZip, TooManyZipEntries, unzipEntry, ZipError } from '../src/zip';

const FILES = {
  'template.json': strToU8('{"name":"x"}'),
  'partials/a.hbs': strToU8('<p>{{title}}</p>'.repeat(50)),
  'assets/empty.png': new Uint8Array(0),
};

/** Every member of a ZIP, as listZip and unzipEntry read it. */
const read = (bytes: Uint8Array) =>
  Object.fromEntries(listZip(bytes).map((entry) => [entry.name, Buffer.from(unzipEntry(bytes, entry)).toString()]));

/** The central-directory entry of `name` in a ZIP (offset of its signature). */
function directoryEntry(zip: Buffer, name: string): number {
  for (let at = 0; at + 46 < zip.length; at++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) continue;
    if (zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString() === name) return at;
  }
  throw new Error(`no ${name}`);
}

const lie = (level: 0 | 6, name: string, change: (zip: Buffer, entry: number) => void) => {
  const zip = Buffer.from(zipSync(FILES, { level }));
  change(zip, directoryEntry(zip, name));
  return new Uint8Array(zip);
};

const failure = (call: () => unknown): string => {
  try {
    call();
  } catch (error) {
    if (error instanceof ZipError) return error.message;
    throw error;
  }
  throw new Error('expected a ZipError');
};

describe('reading a ZIP', () => {
  it.each([0, 6] as const)('reads what fflate writes (level %s), empty members included', (level) => {
    expect(read(zipSync(FILES, { level }))).toEqual(
      Object.fromEntries(Object.entries(FILES).map(([name, bytes]) => [name, Buffer.from(bytes).toString()])),
    );
  });

  it('reads a zip64 archive as Python writes it (sizes, offsets and count in zip64 records)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip64-'));
    try {
      const file = path.join(dir, 'z.zip');
      // Lowering Python's limits makes it write every size and offset in zip64 form, as it does past 4 GB.
      const script = [
        'import sys, zipfile',
        'zipfile.ZIP64_LIMIT = 10',
        'zipfile.ZIP_FILECOUNT_LIMIT = 0',
        'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:',
        '  z.writestr("a.txt", b"hello " * 100)',
        '  z.writestr("b.txt", b"world " * 100)',
      ].join('\n');
      execFileSync('python3', ['-c', script, file]);
      const bytes = new Uint8Array(readFileSync(file));
      // The end record points to the zip64 one, and the directory entries carry 0xFFFFFFFF.
      expect(Buffer.from(bytes).indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThan(0);
      expect(read(bytes)).toEqual({ 'a.txt': 'hello '.repeat(100), 'b.txt': 'world '.repeat(100) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a member that declares a gigabyte of data the file does not hold', () => {
    const zip = lie(0, 'partials/a.hbs', (bytes, entry) => {
      bytes.writeUInt32LE(1024 ** 3, entry + 20);
      bytes.writeUInt32LE(1024 ** 3, entry + 24);
    });
    expect(failure(() => listZip(zip))).toBe(
      '"partials/a.hbs" declares 1,073,741,824 bytes of data the file does not hold',
    );
  });

  it('refuses members sharing their data', () => {
    const zip = lie(6, 'partials/a.hbs', (bytes, entry) => {
      const other = directoryEntry(bytes, 'template.json');
      bytes.writeUInt32LE(bytes.readUInt32LE(other + 42), entry + 42);
    });
    expect(failure(() => listZip(zip))).toMatch(/share their data \(a zip bomb\)$/);
  });

  it('stops inflating at the first byte past the declared size', () => {
    const zip = lie(6, 'partials/a.hbs', (bytes, entry) => bytes.writeUInt32LE(100, entry + 24));
    const entry = listZip(zip).find((e) => e.name === 'partials/a.hbs')!;
    expect(failure(() => unzipEntry(zip, entry))).toBe(
      '"partials/a.hbs" unpacks to more than the 100 bytes it declares',
    );
  });

  it('refuses a member that unpacks to less than it declares, or to other bytes', () => {
    const short = lie(6, 'partials/a.hbs', (bytes, entry) => bytes.writeUInt32LE(2000, entry + 24));
    const shortEntry = listZip(short).find((e) => e.name === 'partials/a.hbs')!;
    expect(failure(() => unzipEntry(short, shortEntry))).toBe(
      '"partials/a.hbs" unpacks to 800 bytes, not the 2,000 it declares',
    );
    const other = lie(6, 'template.json', (bytes, entry) => bytes.writeUInt32LE(12345, entry + 16));
    const otherEntry = listZip(other).find((e) => e.name === 'template.json')!;
    expect(failure(() => unzipEntry(other, otherEntry))).toBe('"template.json" is damaged: its checksum differs');
  });

  it('refuses a declared expansion DEFLATE cannot make, and stored members of two sizes', () => {
    const bomb = lie(6, 'partials/a.hbs', (bytes, entry) => bytes.writeUInt32LE(0x7fffffff, entry + 24));
    expect(failure(() => listZip(bomb))).toMatch(
      /"partials\/a\.hbs" declares it expands \d+ times, more than DEFLATE can/,
    );
    const stored = lie(0, 'partials/a.hbs', (bytes, entry) => bytes.writeUInt32LE(10, entry + 24));
    expect(failure(() => listZip(stored))).toBe(
      '"partials/a.hbs" is stored uncompressed but declares two different sizes',
    );
  });

  it('stops listing at the member past maxEntries', () => {
    expect(() => listZip(zipSync(FILES), { maxEntries: 2 })).toThrow(TooManyZipEntries);
  });

  it('refuses what is not a ZIP', () => {
    expect(failure(() => listZip(strToU8('not a zip')))).toBe('it is not a ZIP archive (no end of central directory)');
  });

  it('answers any damage with a ZipError or the true content, never anything else', () => {
    const original = zipSync(FILES, { level: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 8 }), (changes) => {
        const bytes = new Uint8Array(original);
        for (const [at, value] of changes) bytes[at % bytes.length] = value;
        try {
          for (const entry of listZip(bytes)) {
            const content = unzipEntry(bytes, entry);
            expect(content.length).toBe(entry.size);
          }
        } catch (error) {
          if (!(error instanceof ZipError)) throw error;
        }
      }),
      { numRuns: 2000, seed: 33 },
    );
  });
});
