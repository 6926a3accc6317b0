import { parseJsonBody } from '../../src/contract/parse';
import { ServiceError } from '../../src/errors';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))));

describe('parseJsonBody', () => {
  it('drops a UTF-8 byte order mark', () => {
    expect(parseJsonBody(bytes([0xef, 0xbb, 0xbf], '{"label":"Plan"}'))).toEqual({ label: 'Plan' });
  });

  it('reads bytes that are not UTF-8 as U+FFFD instead of failing', () => {
    expect(parseJsonBody(bytes('{"label":"a', [0xff, 0xfe], 'b"}'))).toEqual({ label: 'a\ufffd\ufffdb' });
  });

  it('reads a view into a larger shared buffer, as the body reader hands it over', () => {
    const shared = new Uint8Array(new SharedArrayBuffer(64));
    const text = Buffer.from('{"ok":true}');
    shared.set(text, 10);
    expect(parseJsonBody(shared.subarray(10, 10 + text.length))).toEqual({ ok: true });
  });

  it('answers 400 for an empty body and for text that is not JSON', () => {
    expect(() => parseJsonBody(bytes('  '))).toThrow(ServiceError);
    expect(() => parseJsonBody(bytes('{"label":'))).toThrow(/not valid JSON/);
  });
});
