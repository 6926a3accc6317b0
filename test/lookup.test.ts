/** Tables keyed by request text find only their own entries, whatever the key is named. */
import { emptyTable, lookupTable, ownValue } from '../src/lookup';

const NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('lookup tables', () => {
  it.each(NAMES)('a table finds nothing under "%s" unless it was put there', (name) => {
    const table = lookupTable({ open: 'open' });
    expect(table[name]).toBeUndefined();
    expect(table.open).toBe('open');
    expect(lookupTable([[name, 1]])[name]).toBe(1);
  });

  it('adds "__proto__" as an entry, not as the prototype', () => {
    const table = emptyTable<number[]>();
    table.__proto__ = [1];
    expect(Object.keys(table)).toEqual(['__proto__']);
    expect(JSON.stringify(table)).toBe('{"__proto__":[1]}');
    expect(Object.getPrototypeOf(table)).toBeNull();
  });

  it.each(NAMES)('ownValue reads a plain object\'s own "%s" only', (name) => {
    expect(ownValue({ a: 1 } as Record<string, number>, name)).toBeUndefined();
    expect(ownValue(JSON.parse(`{"${name}": 2}`) as Record<string, number>, name)).toBe(2);
  });
});
