/**
 * Deflate for the streams this writer compresses itself (page contents, object streams, the
 * cross-reference stream). Node's synchronous deflate takes an output buffer of `chunkSize` bytes,
 * 16 KB by default, from its shared pool for every call and returns a slice of it, and a slice
 * keeps its pool buffer alive outside the heap for as long as the slice lives: here until the
 * file is whole, since the PDF's chunks are kept until then. V8 counts that memory, and past a
 * margin it starts a full collection for "external memory pressure". A 100-description PDF's ~300
 * streams (a page's contents: ~3 KB deflated) held ~3.4 MB (untagged) and ~4.7 MB (tagged) this
 * way, and an export thread ran full collections the more often. Output buffers sized from the
 * input take what the stream needs; a stream that deflates worse gets a second buffer, as Node
 * does. The bytes are zlib's either way.
 */
import zlib from 'node:zlib';

/** Deflated PDF text is a quarter to a third of its input: a buffer of a third holds most streams. */
const INPUT_PER_OUTPUT = 3;
/** Node's own default: a larger stream keeps it, in as many buffers as it needs. */
const MAX_OUTPUT_BUFFER = 16 * 1024;
/** A short stream's output, zlib's header and trailer included, still fits in one buffer. */
const MIN_OUTPUT_BUFFER = 1024;

export function deflateStream(bytes: Uint8Array, level: number): Buffer {
  const wanted = Math.ceil(bytes.length / INPUT_PER_OUTPUT);
  const chunkSize = Math.min(MAX_OUTPUT_BUFFER, Math.max(MIN_OUTPUT_BUFFER, wanted));
  return zlib.deflateSync(bytes, { level, chunkSize });
}
