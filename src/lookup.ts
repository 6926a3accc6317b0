/**
 * Tables keyed by text that comes from a request or an upload: answers, ids, codes, labels,
 * languages, licences. On a plain object, `table["constructor"]` finds Object.prototype's
 * function and `table["__proto__"] = x` replaces the prototype instead of adding an entry. The
 * tables made here have no prototype, so a lookup finds only what was put in; `ownValue` reads
 * any object by its own keys only.
 */

/** A table without a prototype holding `entries` (an object's own entries, or pairs). */
export function lookupTable<V>(
  entries: Readonly<Record<string, V>> | Iterable<readonly [string, V]>,
): Record<string, V> {
  const table = emptyTable<V>();
  const pairs = Symbol.iterator in entries ? entries : Object.entries(entries);
  for (const [key, value] of pairs as Iterable<readonly [string, V]>) table[key] = value;
  return table;
}

/** An empty table without a prototype, to fill with keys from input. */
export const emptyTable = <V>(): Record<string, V> => Object.create(null) as Record<string, V>;

/** `record[key]` when `record` has its own `key`, else undefined: never a value inherited from a prototype. */
export const ownValue = <V>(record: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
