/**
 * Reading a zip as a streaming reader does (java.util.zip.ZipInputStream, POI reading a stream,
 * commons-compress's ZipArchiveInputStream): from the first byte, local header after local
 * header, with nothing but each local header to say where its data ends. Such a reader cannot
 * find the end of a STORED entry whose sizes follow its data (a data descriptor), and refuses
 * the file. `streamingReadProblems` lists every entry such a reader would stumble on, and every
 * local header that disagrees with the central directory; `javaZipStreamRead` runs the real JDK
 * reader (test/helpers/java/ZipStreamRead.java) when `java` is installed.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR_FLAG = 0x0008;
const STORED = 0;

export interface LocalEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function centralDirectory(zip: Buffer): Map<number, LocalEntry> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error('no end of central directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const byOffset = new Map<number, LocalEntry>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error(`no central header at ${at}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: LocalEntry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    byOffset.set(entry.offset, entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return byOffset;
}

/** The local headers in file order, read the streaming way (each entry's extent from its own header). */
export function streamingReadProblems(bytes: Uint8Array): { entries: LocalEntry[]; problems: string[] } {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const central = centralDirectory(zip);
  const entries: LocalEntry[] = [];
  const problems: string[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === LOCAL_HEADER) {
    const nameLength = zip.readUInt16LE(at + 26);
    const entry: LocalEntry = {
      flags: zip.readUInt16LE(at + 6),
      method: zip.readUInt16LE(at + 8),
      crc: zip.readUInt32LE(at + 14),
      compressedSize: zip.readUInt32LE(at + 18),
      size: zip.readUInt32LE(at + 22),
      offset: at,
      name: zip.toString('utf8', at + 30, at + 30 + nameLength),
    };
    entries.push(entry);
    const listed = central.get(at);
    if (!listed) problems.push(`${entry.name}: not in the central directory`);
    if (entry.flags & DATA_DESCRIPTOR_FLAG) {
      problems.push(
        `${entry.name}: ${entry.method === STORED ? 'STORED with' : 'has'} a data descriptor (sizes after the data)`,
      );
      // A deflated entry's end is found by inflating; only the central directory says where here.
      if (!listed) break;
      at = at + 30 + nameLength + zip.readUInt16LE(at + 28) + listed.compressedSize;
      if (zip.readUInt32LE(at) === 0x08074b50) at += 16;
      else at += 12;
      continue;
    }
    if (
      listed &&
      (listed.crc !== entry.crc || listed.compressedSize !== entry.compressedSize || listed.size !== entry.size)
    )
      problems.push(`${entry.name}: local header and central directory disagree on CRC or sizes`);
    at = at + 30 + nameLength + zip.readUInt16LE(at + 28) + entry.compressedSize;
  }
  if (entries.length !== central.size)
    problems.push(`a streaming read found ${entries.length} entries, the central directory lists ${central.size}`);
  return { entries, problems };
}

/** True when a JDK (Java 11+ runs one source file directly) is on the PATH. */
export function javaAvailable(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

export interface JavaEntry {
  file: string;
  name: string;
  size: number;
  crc: number;
}

/** Every entry of each file as java.util.zip.ZipInputStream reads it; throws with the JDK's message when it cannot. */
export function javaZipStreamRead(files: string[]): JavaEntry[] {
  const source = path.join(__dirname, 'java', 'ZipStreamRead.java');
  const run = spawnSync('java', [source, ...files], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`ZipInputStream could not read: ${run.stdout}${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [file, name, size, crc] = line.split('\t');
      return { file, name, size: Number(size), crc: parseInt(crc, 16) };
    });
}
