/**
 * deflate.ts: the streams the writer deflates itself get output buffers sized from their input.
 * The bytes must be zlib's own, whatever the buffer size (a stream that deflates worse than a
 * third spans several buffers), and a document's page contents must hold far less memory outside
 * the heap than with Node's 16 KB buffers: V8 counts that memory, and past a margin starts a full
 * collection.
 */
import crypto from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import { deflateStream } from '../../../../src/formats/pdf/internals/deflate';

/** Page-content-like text: operators that repeat with different numbers, as a page's do. */
function operators(lines: number): Buffer {
  const text: string[] = [];
  for (let index = 0; index < lines; index++)
    text.push(`/P <</MCID ${index}>> BDC`, `1 0 0 1 ${56 + (index % 7)} ${780 - index * 3} Tm`, '[<0048> 0] TJ', 'EMC');
  return Buffer.from(text.join('\n'), 'latin1');
}

describe('deflateStream', () => {
  it.each([
    ['a short stream', operators(2)],
    ['a page of contents', operators(250)],
    ['a large stream', operators(8000)],
    ['bytes that do not compress (several output buffers)', crypto.randomBytes(40_000)],
    ['an empty stream', Buffer.alloc(0)],
  ])('writes the bytes zlib writes, for %s', (_name, input) => {
    const deflated = deflateStream(input, 4);
    expect(Buffer.compare(deflated, deflateSync(input, { level: 4 }))).toBe(0);
    expect(Buffer.compare(inflateSync(deflated), input)).toBe(0);
  });

  it("holds a document's page contents in less than half the memory Node's default output buffers take", () => {
    const pages = Array.from({ length: 64 }, (_, index) => operators(240 + index));
    // Node takes each call's output buffer from its pool and returns a slice: the pool's buffers
    // the slices keep alive are the memory held outside the heap.
    const held = (outputs: Buffer[]): number =>
      [...new Set(outputs.map((output) => output.buffer))].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    const ours = held(pages.map((page) => deflateStream(page, 4)));
    const nodes = held(pages.map((page) => deflateSync(page, { level: 4 })));
    expect(ours).toBeLessThan(nodes / 2);
  });
});
