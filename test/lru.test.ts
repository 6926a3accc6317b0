/** The compiled-template and formatter caches: bounded in entries and, when sizes are given, in bytes. */
import { LruCache } from '../src/lru';

const MB = 1024 * 1024;

describe('LruCache', () => {
  it('keeps the most recently used entries up to its capacity', () => {
    const cache = new LruCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // now b is the least recently used
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
  });

  it('evicts the least recently used entries until the bytes fit the budget', () => {
    const cache = new LruCache<Uint8Array>(32, { maxBytes: 100 * MB, sizeOf: (bytes) => bytes.length });
    const bundle = () => new Uint8Array(40 * MB);
    cache.set('one', bundle());
    cache.set('two', bundle());
    cache.get('one');
    cache.set('three', bundle()); // 120 MB: "two" goes
    expect(['one', 'two', 'three'].map((key) => cache.get(key) !== undefined)).toEqual([true, false, true]);
  });

  it('does not keep a value larger than the whole budget, nor evict others for it', () => {
    const cache = new LruCache<Uint8Array>(32, { maxBytes: 10, sizeOf: (bytes) => bytes.length });
    cache.set('small', new Uint8Array(4));
    cache.set('huge', new Uint8Array(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toHaveLength(4);
  });

  it('counts a replaced value once', () => {
    const cache = new LruCache<Uint8Array>(32, { maxBytes: 10, sizeOf: (bytes) => bytes.length });
    for (let round = 0; round < 5; round++) cache.set('same', new Uint8Array(6));
    cache.set('other', new Uint8Array(4));
    expect(cache.get('same')).toHaveLength(6);
    expect(cache.get('other')).toHaveLength(4);
  });
});
