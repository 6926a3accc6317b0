/**
 * Mutations of real request bodies for property tests and the hostile suite: nulls anywhere,
 * type swaps, enum changes, nulls inserted into lists, duplicated items (duplicated ids),
 * prototype-named keys, lone surrogates, deep nesting. fast-check picks where and what.
 */
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Container = Json[] | { [key: string]: Json };

/** Every container in `value` with the keys of its children, parents first. */
function containers(value: Json, found: Container[] = []): Container[] {
  if (value === null || typeof value !== 'object') return found;
  found.push(value);
  for (const child of Array.isArray(value) ? value : Object.values(value)) containers(child, found);
  return found;
}

const SWAPS: Json[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  'x',
  '1',
  'constructor',
  '__proto__',
  true,
  false,
  [],
  {},
  [null],
  { id: null },
  '\ud800',
  '\ufeff',
];

export type Mutation = {
  at: number;
  key: number;
  kind: 'null' | 'swap' | 'enum' | 'insertNull' | 'duplicate' | 'protoKey' | 'surrogate' | 'deep' | 'wideList';
  pick: number;
};

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  key: fc.nat(),
  kind: fc.constantFrom('null', 'swap', 'enum', 'insertNull', 'duplicate', 'protoKey', 'surrogate', 'deep', 'wideList'),
  pick: fc.nat(),
});

function setOwn(target: Container, key: string | number, value: Json): void {
  // defineProperty: `__proto__` becomes an own key, as JSON.parse makes it, not a prototype.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function nested(depth: number): Json {
  let value: Json = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Applies the mutations to a copy of `body` (positions taken modulo what exists). */
export function mutate(body: Json, mutations: Mutation[]): Json {
  const copy = structuredClone(body);
  for (const mutation of mutations) {
    const all = containers(copy);
    const target = all[mutation.at % all.length];
    const keys = Array.isArray(target) ? target.map((_, i) => i) : Object.keys(target);
    const key = keys.length > 0 ? keys[mutation.key % keys.length] : Array.isArray(target) ? 0 : 'id';
    const current = (target as Record<string | number, Json>)[key];
    switch (mutation.kind) {
      case 'null':
        setOwn(target, key, null);
        break;
      case 'swap':
        setOwn(target, key, structuredClone(SWAPS[mutation.pick % SWAPS.length]));
        break;
      case 'enum':
        setOwn(target, key, (mutation.pick % 12) - 1);
        break;
      case 'insertNull':
        if (Array.isArray(target)) target.splice(mutation.pick % (target.length + 1), 0, null);
        else setOwn(target, key, [null, current ?? null]);
        break;
      case 'duplicate':
        if (Array.isArray(target) && target.length > 0)
          target.push(structuredClone(target[mutation.pick % target.length]));
        else if (!Array.isArray(target)) setOwn(target, `${String(key)}`, structuredClone(current ?? null));
        break;
      case 'protoKey': {
        const name = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'][mutation.pick % 5];
        if (!Array.isArray(target)) setOwn(target, name, structuredClone(current ?? {}));
        else setOwn(target, key, name);
        break;
      }
      case 'surrogate':
        setOwn(target, key, typeof current === 'string' ? `${current}\ud83d` : '\udc00\ud800');
        break;
      case 'deep':
        setOwn(target, key, nested(50 + (mutation.pick % 600)));
        break;
      case 'wideList':
        setOwn(
          target,
          key,
          Array.from({ length: 50 + (mutation.pick % 2000) }, (_, i) =>
            i % 3 === 0 ? null : i % 3 === 1 ? `item ${i}` : i,
          ),
        );
        break;
    }
  }
  return copy;
}
