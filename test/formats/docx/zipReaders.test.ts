/**
 * Every kind of DOCX we make opens in readers that stream the zip from its first byte: Java's
 * ZipInputStream (what Apache POI and a Spring backend use on a stream), and the same rule checked
 * in JavaScript so it holds where no JDK is installed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { crc32 } from 'node:zlib';
import { exportFixture } from '../../builders/fixtureExports';
import { exportDescriptionWithJavaShell, exportWithJavaShell } from '../../builders/javaStyleShell';
import { javaAvailable, javaZipStreamRead, streamingReadProblems } from '../../helpers/zipStream';

const documents: Record<string, () => Promise<Uint8Array>> = {
  'a plan without pictures': () => exportFixture('plan-minimal.json', 'docx'),
  'a plan with pictures': () => exportFixture('plan-full.json', 'docx'),
  'a plan through a Word shell': () => exportWithJavaShell("'{OPENCDMP.PLAN.FORM}'"),
  'a description': () => exportFixture('description-full.json', 'docx'),
  'a description through a Word shell': () => exportDescriptionWithJavaShell("'{OPENCDMP.DESCRIPTION.FORM}'"),
  'a 1.3 plan': () => exportFixture('plan-1.3.json', 'docx'),
};

const made = new Map<string, Uint8Array>();
beforeAll(async () => {
  for (const [name, make] of Object.entries(documents)) made.set(name, await make());
});

describe.each(Object.keys(documents))('%s', (name) => {
  it('has no entry whose sizes follow its data, and local headers agree with the directory', () => {
    const bytes = made.get(name)!;
    const { entries, problems } = streamingReadProblems(bytes);
    expect(problems).toEqual([]);
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['word/document.xml', '[Content_Types].xml']));
  });
});

it('stores pictures uncompressed, with their sizes up front', () => {
  for (const name of ['a plan with pictures', 'a plan through a Word shell']) {
    const media = streamingReadProblems(made.get(name)!).entries.filter((e) => e.name.startsWith('word/media/'));
    expect(media.length).toBeGreaterThan(0);
    for (const entry of media) {
      expect(entry.method).toBe(0);
      expect(entry.size).toBeGreaterThan(0);
      expect(entry.compressedSize).toBe(entry.size);
    }
  }
});

it('reads every entry of every kind with java.util.zip.ZipInputStream', () => {
  // scripts/setup.sh installs a JDK; Java 11+ runs the reader's single source file directly.
  expect(javaAvailable()).toBe(true);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-readers-'));
  try {
    const files = [...made.entries()].map(([name, bytes], index) => {
      const file = path.join(folder, `${index}.docx`);
      fs.writeFileSync(file, bytes);
      return { name, file, bytes };
    });
    const read = javaZipStreamRead(files.map((f) => f.file));
    for (const { file, bytes } of files) {
      const expected = Object.entries(unzipSync(bytes))
        .map(([entry, data]) => ({ name: entry, size: data.length, crc: crc32(data) }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const actual = read
        .filter((entry) => entry.file === file)
        .map(({ name, size, crc }) => ({ name, size, crc }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(actual).toEqual(expected);
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
