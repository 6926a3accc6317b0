/**
 * Deflate for the streams this writer compresses itself (page contents, object streams, the
 * cross-reference stream). Node's synchronous deflate takes an output buffer of `chunkSize` bytes,
 * 16 KB by default, from its shared pool for every call and returns a slice of it: each slice
 * keeps its pool buffer alive, outside the heap, until a young collection. V8 counts that memory,
 * and past a margin it starts a full collection for "external memory pressure". A 100-description
 * PDF's ~300 streams (a page's contents: ~3 KB deflated) held ~3.4 MB (untagged) and ~4.7 MB
 * (tagged) this way, and an export thread ran full collections the more often. Output buffers
 * sized from the input (deflated text is a quarter to a third of it) take what the stream needs;
 * a stream that deflates worse gets a second buffer, as Node does. The bytes are zlib's either way.
 */
import zlib from 'node:zlib';

/** Node's own default output buffer: larger inputs than three times this keep it. */
const MAX_OUTPUT_BUFFER = 16 * 1024;
/** Below this Node takes the buffer from its shared pool: no memory of its own. */
const MIN_OUTPUT_BUFFER = 1024;

export function deflateStream(bytes: Uint8Array, level: number): Buffer {
  const chunkSize = Math.min(MAX_OUTPUT_BUFFER, Math.max(MIN_OUTPUT_BUFFER, Math.ceil(bytes.length / 3)));
  return zlib.deflateSync(bytes, { level, chunkSize });
}
