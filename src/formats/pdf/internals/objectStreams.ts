/**
 * Object streams and a cross-reference stream (PDF 1.5; allowed by PDF/A-2, PDF/A-3 and PDF/UA-1).
 * pdfkit writes every object as plain text and ends the file with a classic cross-reference
 * table, 20 bytes per object. A tagged 100-description plan has ~16,500 objects, ~14,000 of them
 * structure elements of 40-100 bytes each: ~1.5 MB of a 2.4 MB file. Here the objects without a
 * stream (structure elements, pages, annotations, fonts' dictionaries...) go into object streams
 * of up to OBJECTS_PER_STREAM objects, deflated, and the cross-reference table becomes a deflated
 * stream (/Type /XRef) that says where each object is: at an offset, or at an index in an object
 * stream. Streams (page contents, fonts, images, metadata) are written by pdfkit as before.
 *
 * Only where that is allowed: PDF 1.5 and later, no encryption (an encrypted file would need its
 * object streams encrypted as a whole). Elsewhere objects are written plain, as pdfkit does.
 */
import { deflateStream } from './deflate';
import { inUse, type PrototypeHook } from './hook';
import { PDFKIT_0_19_1, pdfkitClass, pdfkitReferencePrototype } from './libraries';
import { PdfBytes } from './pdfBytes';

/** A PDF object of pdfkit (`doc.ref()`): its number, and where it starts once written. */
export interface PdfRef {
  id: number;
  offset?: number;
  data: Record<string, unknown>;
}

/** What of pdfkit's document writing objects uses. */
export interface ObjectOutput {
  ref(data?: Record<string, unknown>): PdfRef;
  /** Bytes written so far (where the next write starts). */
  _offset: number;
  _write(data: string | Buffer): void;
  /** Where each object starts, by object number - 1 (the cross-reference table). */
  _offsets: (number | null)[];
  /** Records where a `ref()` object starts and that it is written. */
  _refEnd(ref: PdfRef): void;
}

interface PdfKitDocument extends ObjectOutput {
  /** The PDF version (1.3 to 1.7), from the `pdfVersion` option. */
  version: number;
  /** Set when the document is encrypted. */
  _security?: unknown;
  _root: PdfRef;
  _info: PdfRef;
  /** The file identifier (the trailer's /ID). */
  _id: Buffer;
  push(chunk: Buffer | null): boolean;
}

/**
 * Objects per object stream. A reader that needs one object decodes its whole stream: a few
 * hundred KB of PDF text here (350 KB at most in a 100-description plan). Fewer, larger streams
 * deflate faster and smaller: the ~14,000 structure elements of a 100-description plan took
 * 7.9-8.2 ms and 230 KB in streams of 255 objects at level 4, and take 5.9 ms and 232 KB in
 * streams of 4,000 at level 2 (at level 4: 7.1-7.4 ms, 218 KB; at level 1: 5.1-5.4 ms, 240 KB).
 */
const OBJECTS_PER_STREAM = 4000;

/** Deflate level of object streams and of the cross-reference stream (zlib's default is 6). */
const LEVEL = 2;

/** Bytes a number takes in a field of the cross-reference stream. */
function bytesFor(largest: number): number {
  let width = 1;
  while (largest >= 2 ** (8 * width)) width++;
  return width;
}

/** Writes objects (a dictionary, an array... as PDF text) of one document. */
export interface ObjectWriter {
  /**
   * An object numbered by the caller (`objectNumber`) or by pdfkit (`ref()`: pdfkit counts it as
   * written): its PDF text is written into the returned bytes until `end()`, and nothing else is
   * begun meanwhile. The bytes are the writer's own: only appended to.
   */
  begin(object: number | PdfRef): PdfBytes;
  end(): void;
  /** Writes what is gathered (the objects written so far are then in the output). */
  flush(): void;
}

/** A new object number, for an object written through an `ObjectWriter`. */
export function objectNumber(output: ObjectOutput): number {
  return output._offsets.push(null);
}

/** Where objects written so far start, or which object stream holds them. */
class ObjectStreams implements ObjectWriter {
  private ids: number[] = [];
  /** Where each gathered object starts in `body`. */
  private readonly starts: number[] = [];
  /** The gathered objects' text, one after the other, a newline between two. */
  private readonly body = new PdfBytes(1 << 16);
  /** The stream being deflated: its header (each object's number and start), then `body`. Reused. */
  private readonly streamText = new PdfBytes(1 << 16);
  /** The pdfkit object being written, counted as written at its end. */
  private open: PdfRef | undefined;
  /**
   * The object streams written: each one's number and the objects it holds, in order. (Kept as
   * lists: an array indexed by object number would start thousands of numbers in, and V8 keeps
   * such an array as a dictionary.)
   */
  private readonly packed: { stream: number; ids: number[] }[] = [];

  constructor(private readonly doc: PdfKitDocument) {}

  begin(object: number | PdfRef): PdfBytes {
    if (this.ids.length > 0) this.body.text('\n');
    this.ids.push(typeof object === 'number' ? object : object.id);
    this.starts.push(this.body.length);
    this.open = typeof object === 'number' ? undefined : object;
    return this.body;
  }

  end(): void {
    if (this.open) this.doc._refEnd(this.open);
    this.open = undefined;
    if (this.ids.length >= OBJECTS_PER_STREAM) this.flush();
  }

  /** A pdfkit object whose PDF text pdfkit made (`text`, one byte per character). */
  add(object: PdfRef, text: string): void {
    this.begin(object).text(text);
    this.end();
  }

  /** Writes the gathered objects as one object stream. */
  flush(): void {
    const { ids, starts, body, doc, streamText: text } = this;
    if (ids.length === 0) return;
    const stream = objectNumber(doc);
    // The header: each object's number and where it starts after the header.
    text.length = 0;
    for (let index = 0; index < ids.length; index++)
      text.integer(ids[index]).text(' ').integer(starts[index]).text(' ');
    const first = text.length;
    text.append(body);
    this.packed.push({ stream, ids });
    writeStream(doc, stream, `/Type /ObjStm /N ${ids.length} /First ${first}`, deflateStream(text.view(), LEVEL));
    this.ids = [];
    starts.length = 0;
    body.length = 0;
  }

  /** The end of the file: the cross-reference stream (with the trailer's entries) and its offset. */
  finish(): void {
    this.flush();
    const { doc } = this;
    const self = objectNumber(doc);
    const offsets = doc._offsets;
    offsets[self - 1] = doc._offset;
    const size = offsets.length + 1;
    // By object number: the object stream that holds it (0: none), and its index there.
    const streamOf = new Uint32Array(size);
    const indexOf = new Uint16Array(size);
    let largestIndex = 0;
    for (const { stream, ids } of this.packed) {
      for (let index = 0; index < ids.length; index++) {
        streamOf[ids[index]] = stream;
        indexOf[ids[index]] = index;
      }
      largestIndex = Math.max(largestIndex, ids.length - 1);
    }
    let largest = 0;
    for (let id = 1; id < size; id++) largest = Math.max(largest, streamOf[id], offsets[id - 1] ?? 0);
    // Type (1 byte), offset or object stream (`width` bytes), generation or index (`last` bytes).
    const width = bytesFor(largest);
    const last = bytesFor(largestIndex);
    const row = 1 + width + last;
    const table = Buffer.alloc(size * row);
    // Object 0: the head of the free list, generation 65535 (as much of it as the field holds).
    table.fill(0xff, 1 + width, row);
    for (let id = 1; id < size; id++) {
      const at = id * row;
      const stream = streamOf[id];
      const offset = offsets[id - 1];
      if (stream) {
        table[at] = 2;
        table.writeUIntBE(stream, at + 1, width);
        table.writeUIntBE(indexOf[id], at + 1 + width, last);
      } else if (typeof offset === 'number') {
        table[at] = 1;
        table.writeUIntBE(offset, at + 1, width);
      }
      // Else a free entry (a number taken and never written): zeros.
    }
    const id = doc._id.toString('hex');
    const trailer =
      `/Type /XRef /Size ${size} /W [1 ${width} ${last}] /Root ${doc._root.id} 0 R /Info ${doc._info.id} 0 R /ID [<${id}> <${id}>]` +
      ` /DecodeParms <</Columns ${row} /Predictor 12>>`;
    const start = doc._offset;
    writeStream(doc, self, trailer, deflateStream(upPredicted(table, row), LEVEL));
    doc._write('startxref');
    doc._write(String(start));
    doc._write('%%EOF');
    doc.push(null);
  }
}

/**
 * The rows of a table as the PNG "Up" predictor has them (/Predictor 12): a filter byte (2) before
 * each row, each byte the difference from the byte above. Neighbouring entries of a
 * cross-reference stream differ little (offsets growing, indexes counting up): the differences
 * repeat, and deflate makes little of them. Readers undo it (ISO 32000-1, 7.4.4.4).
 */
function upPredicted(table: Buffer, row: number): Buffer {
  const rows = table.length / row;
  const predicted = Buffer.alloc(rows * (row + 1));
  for (let index = 0; index < rows; index++) {
    const from = index * row;
    const to = index * (row + 1);
    predicted[to] = 2;
    for (let column = 0; column < row; column++)
      predicted[to + 1 + column] = (table[from + column] - (index > 0 ? table[from + column - row] : 0)) & 0xff;
  }
  return predicted;
}

/** A deflated stream object, as pdfkit writes one. */
function writeStream(doc: PdfKitDocument, id: number, entries: string, bytes: Buffer): void {
  doc._offsets[id - 1] = doc._offset;
  doc._write(`${id} 0 obj`);
  doc._write(`<<${entries} /Filter /FlateDecode /Length ${bytes.length}>>`);
  doc._write('stream');
  doc._write(bytes);
  doc._write('\nendstream');
  doc._write('endobj');
}

/** Objects many to a write, each at its offset, for a file with a cross-reference table. */
class PlainObjects implements ObjectWriter {
  private readonly bytes = new PdfBytes(1 << 16);
  private readonly written: (number | PdfRef)[] = [];
  private readonly starts: number[] = [];

  constructor(private readonly output: ObjectOutput) {}

  begin(object: number | PdfRef): PdfBytes {
    this.written.push(object);
    this.starts.push(this.bytes.length);
    return this.bytes.integer(typeof object === 'number' ? object : object.id).text(' 0 obj\n');
  }

  end(): void {
    this.bytes.text('\nendobj\n');
    if (this.bytes.length >= 1 << 16) this.flush();
  }

  flush(): void {
    if (this.written.length === 0) return;
    const start = this.output._offset;
    // A copy: pdfkit keeps what it is given until the output is read.
    this.output._write(Buffer.from(this.bytes.view()));
    for (let index = 0; index < this.written.length; index++) {
      const object = this.written[index];
      if (typeof object === 'number') this.output._offsets[object - 1] = start + this.starts[index];
      else {
        object.offset = start + this.starts[index];
        this.output._refEnd(object);
      }
    }
    this.bytes.length = 0;
    this.written.length = 0;
    this.starts.length = 0;
  }
}

/** Per document: its object streams, once it is known to have them. */
const streamsOf = new WeakMap<object, ObjectStreams | null>();

/** A document's object streams, or null when it keeps a cross-reference table (see the top of this file). */
function objectStreamsOf(doc: PdfKitDocument): ObjectStreams | null {
  let streams = streamsOf.get(doc);
  if (streams === undefined) {
    streams = inUse(crossReferenceStream) && doc.version >= 1.5 && !doc._security ? new ObjectStreams(doc) : null;
    streamsOf.set(doc, streams);
  }
  return streams;
}

/** How to write objects into a pdfkit document: into its object streams, or plain. */
export const objectWriter = (output: ObjectOutput): ObjectWriter =>
  objectStreamsOf(output as PdfKitDocument) ?? new PlainObjects(output);

/** pdfkit's PDFReference, as far as ending it goes. */
interface Reference extends PdfRef {
  document: PdfKitDocument;
  gen: number;
  /** Bytes of stream data written to it (none: the object is a dictionary, an array...). */
  uncompressedLength: number;
  finalize(): void;
}

/** A stand-in document for pdfkit's finalize(): it keeps what is written, the object's text among it. */
const recorder = {
  written: [] as unknown[],
  _offset: 0,
  _security: null,
  _write(data: unknown) {
    this.written.push(data);
  },
  _refEnd() {},
};

/**
 * pdfkit ends every object with `end(chunk)`, which writes the chunk to its stream and finalizes
 * it. An object without stream data goes into the document's object streams instead, its text
 * made by pdfkit's own finalize (writing to a stand-in document).
 */
export const objectsPacked: PrototypeHook = {
  name: 'objects in object streams',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFReference', method: 'end', parameters: ['chunk'] },
  reads: {
    'this.document': 'object',
    'this.uncompressedLength': 'number',
    'this.gen': 'number',
    'this.id': 'number',
    'this.finalize': 'function',
  },
  prototype: pdfkitReferencePrototype,
  wrap: (end) =>
    function endObject(this: Reference, chunk: unknown) {
      const streams = !chunk && this.uncompressedLength === 0 && this.gen === 0 ? objectStreamsOf(this.document) : null;
      if (!streams) return end.call(this, chunk);
      const { document } = this;
      recorder.written = [];
      this.document = recorder as unknown as PdfKitDocument;
      try {
        this.finalize();
      } finally {
        this.document = document;
      }
      const { written } = recorder;
      recorder.written = [];
      const [head, text, tail] = written;
      if (written.length === 3 && head === `${this.id} 0 obj` && typeof text === 'string' && tail === 'endobj') {
        streams.add(this, text);
        return undefined;
      }
      // Written some other way than expected: as it was written.
      this.offset = document._offset;
      for (const piece of written) document._write(piece as string | Buffer);
      document._refEnd(this);
      return undefined;
    },
};

export const crossReferenceStream: PrototypeHook = {
  name: 'cross-reference stream',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: '_finalize', parameters: [] },
  reads: {
    'this.version': 'number',
    'this._offset': 'number',
    'this._offsets': 'array',
    'this._root.id': 'number',
    'this._info.id': 'number',
    'this._id': 'object',
  },
  prototype: () => pdfkitClass().prototype,
  wrap: (finalize) =>
    function finalizeDocument(this: PdfKitDocument) {
      const streams = objectStreamsOf(this);
      if (!streams) return finalize.call(this);
      streams.finish();
      return undefined;
    },
};
