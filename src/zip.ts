/**
 * ZIP archives from uploads (template bundles, Word shells), read without trusting what they
 * declare. `listZip` reads the central directory only (names and sizes, nothing inflated) and
 * refuses an archive whose members claim data it does not hold, share their data, or claim to
 * expand more than DEFLATE can; `unzipEntry` inflates one member into at most its declared size,
 * refused at the first byte past it, when it ends short of it, or when its checksum differs.
 * Callers turn a ZipError into their own 400, naming the upload.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when inflated. */
  method: number;
  /** Bytes of the member's data in the archive. */
  compressedSize: number;
  /** Bytes the member declares it unpacks to. */
  size: number;
  crc: number;
  /** Where the member's data starts in the archive. */
  dataStart: number;
  /** Password-protected: refused when inflated. */
  encrypted: boolean;
}

/** A ZIP that cannot be read as it declares itself: damaged, or lying (a zip bomb). */
export class ZipError extends Error {
  constructor(
    message: string,
    /** The member the problem is in, when it is one member's. */
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipError';
  }
}

/** More members than the caller reads (listZip's `maxEntries`). */
export class TooManyZipEntries extends ZipError {}

/** DEFLATE cannot expand data more than 1032 times; a member declaring more is lying. */
const MAX_DEFLATE_RATIO = 1032;
/** A zip64 field in the 32-bit slot of a size or offset. */
const ZIP64 = 0xffffffff;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  u16(at: number): number {
    this.within(at, 2);
    return this.view.getUint16(at, true);
  }

  u32(at: number): number {
    this.within(at, 4);
    return this.view.getUint32(at, true);
  }

  u64(at: number): number {
    this.within(at, 8);
    const value = this.view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('a size or offset is larger than any file');
    return Number(value);
  }

  within(at: number, length: number): void {
    if (at < 0 || at + length > this.bytes.length) throw new ZipError('its directory points outside the file');
  }
}

function endOfDirectory(reader: Reader): number {
  const { bytes } = reader;
  // The end record is 22 bytes plus a comment of at most 65,535.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--)
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && reader.u32(at) === END_OF_DIRECTORY) return at;
  throw new ZipError('it is not a ZIP archive (no end of central directory)');
}

/** The 64-bit sizes and offset of a zip64 member, from its extra field. */
function zip64Fields(
  reader: Reader,
  extraStart: number,
  extraLength: number,
  wanted: { size: boolean; compressedSize: boolean; offset: boolean },
): { size?: number; compressedSize?: number; offset?: number } {
  for (let at = extraStart; at + 4 <= extraStart + extraLength; at += 4 + reader.u16(at + 2)) {
    if (reader.u16(at) !== 0x0001) continue;
    let field = at + 4;
    const read = (): number => {
      const value = reader.u64(field);
      field += 8;
      return value;
    };
    return {
      ...(wanted.size && { size: read() }),
      ...(wanted.compressedSize && { compressedSize: read() }),
      ...(wanted.offset && { offset: read() }),
    };
  }
  throw new ZipError('a member declares zip64 sizes without giving them');
}

/**
 * The members of an archive, from its central directory, in directory order. Throws a ZipError
 * when the archive is damaged, has more than `maxEntries` members, or declares what it does not
 * hold: data past the end of the file, members sharing data, an impossible expansion.
 */
export function listZip(bytes: Uint8Array, options: { maxEntries?: number } = {}): ZipEntry[] {
  const reader = new Reader(bytes);
  const end = endOfDirectory(reader);
  let count = reader.u16(end + 10);
  let directory = reader.u32(end + 16);
  if (end >= 20 && reader.u32(end - 20) === ZIP64_LOCATOR) {
    const zip64End = reader.u64(end - 12);
    if (reader.u32(zip64End) !== ZIP64_END) throw new ZipError('its zip64 directory record is damaged');
    count = reader.u64(zip64End + 32);
    directory = reader.u64(zip64End + 48);
  }
  const maxEntries = options.maxEntries ?? Infinity;
  const entries: ZipEntry[] = [];
  let at = directory;
  for (let index = 0; index < count; index++) {
    if (entries.length >= maxEntries)
      throw new TooManyZipEntries(`it holds more than ${maxEntries.toLocaleString('en')} files`);
    if (reader.u32(at) !== DIRECTORY_ENTRY) throw new ZipError('its central directory is damaged');
    const flags = reader.u16(at + 8);
    const method = reader.u16(at + 10);
    const crc = reader.u32(at + 16);
    let compressedSize = reader.u32(at + 20);
    let size = reader.u32(at + 24);
    const nameLength = reader.u16(at + 28);
    const extraLength = reader.u16(at + 30);
    const commentLength = reader.u16(at + 32);
    let offset = reader.u32(at + 42);
    reader.within(at + 46, nameLength);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    // Bit 11: the name is UTF-8; else the archiver's code page (read as Latin-1, as fflate did).
    const name = (flags & 0x800 ? utf8 : latin1).decode(nameBytes);
    if (compressedSize === ZIP64 || size === ZIP64 || offset === ZIP64) {
      const wide = zip64Fields(reader, at + 46 + nameLength, extraLength, {
        size: size === ZIP64,
        compressedSize: compressedSize === ZIP64,
        offset: offset === ZIP64,
      });
      size = wide.size ?? size;
      compressedSize = wide.compressedSize ?? compressedSize;
      offset = wide.offset ?? offset;
    }
    if (reader.u32(offset) !== LOCAL_HEADER) throw new ZipError(`"${name}" has no local header`, name);
    const dataStart = offset + 30 + reader.u16(offset + 26) + reader.u16(offset + 28);
    if (dataStart + compressedSize > bytes.length)
      throw new ZipError(
        `"${name}" declares ${compressedSize.toLocaleString('en')} bytes of data the file does not hold`,
        name,
      );
    if (size > Math.max(compressedSize, 1) * MAX_DEFLATE_RATIO && method === 8)
      throw new ZipError(
        `"${name}" declares it expands ${Math.round(size / Math.max(compressedSize, 1))} times, more than DEFLATE can`,
        name,
      );
    if (method === 0 && size !== compressedSize)
      throw new ZipError(`"${name}" is stored uncompressed but declares two different sizes`, name);
    entries.push({ name, method, compressedSize, size, crc, dataStart, encrypted: (flags & 1) === 1 });
    at += 46 + nameLength + extraLength + commentLength;
  }
  assertNoSharedData(entries);
  return entries;
}

/** Members whose data overlap: a zip bomb making one stretch of data count many times. */
function assertNoSharedData(entries: ZipEntry[]): void {
  const byStart = entries.filter((e) => e.compressedSize > 0).sort((a, b) => a.dataStart - b.dataStart);
  for (let index = 1; index < byStart.length; index++) {
    const previous = byStart[index - 1];
    if (byStart[index].dataStart < previous.dataStart + previous.compressedSize)
      throw new ZipError(`"${byStart[index].name}" and "${previous.name}" share their data (a zip bomb)`);
  }
}

/**
 * One member's bytes: inflated into at most its declared size (stopped at the first byte past
 * it), then held to that size and its checksum.
 */
export function unzipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  if (entry.encrypted) throw new ZipError(`"${entry.name}" is encrypted`, entry.name);
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let content: Uint8Array;
  if (entry.method === 0) {
    content = data;
  } else if (entry.method === 8) {
    try {
      // maxOutputLength stops inflating as soon as the output passes it.
      content = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw new ZipError(
        code === 'ERR_BUFFER_TOO_LARGE'
          ? `"${entry.name}" unpacks to more than the ${entry.size.toLocaleString('en')} bytes it declares`
          : `"${entry.name}" is damaged: its data cannot be inflated`,
        entry.name,
      );
    }
  } else {
    throw new ZipError(
      `"${entry.name}" is compressed with a method ZIP readers rarely know (${entry.method})`,
      entry.name,
    );
  }
  if (content.length !== entry.size)
    throw new ZipError(
      `"${entry.name}" unpacks to ${content.length.toLocaleString('en')} bytes, not the ${entry.size.toLocaleString('en')} it declares`,
      entry.name,
    );
  if (crc32(content) >>> 0 !== entry.crc)
    throw new ZipError(`"${entry.name}" is damaged: its checksum differs`, entry.name);
  return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
}
