/**
 * RAiD language ids: ISO 639-3 codes (`eng`, `deu`, `ell`), the only language scheme RAiD 1.6
 * allows. The planning service stores ISO 639-1 (`en`); people also type 639-2/B codes (`ger`)
 * or names. The code list is the iso-639-3 package's (SIL's table), loaded on first use.
 */
import { iso6393, iso6393To1, iso6393To2B } from 'iso-639-3';
import { SCHEMA_URI } from './vocabulary';
import type { RaidLanguage } from './model';
import { ownValue } from '../../lookup';

interface Tables {
  codes: ReadonlySet<string>;
  from1: ReadonlyMap<string, string>;
  from2B: ReadonlyMap<string, string>;
  byName: ReadonlyMap<string, string>;
}

let tables: Tables | undefined;

function get(): Tables {
  if (!tables) {
    const invert = (map: Record<string, string>) =>
      new Map(Object.entries(map).map(([three, other]) => [other, three]));
    tables = {
      codes: new Set(iso6393.map((language) => language.iso6393)),
      from1: invert(iso6393To1),
      from2B: invert(iso6393To2B),
      // Living individual languages and macrolanguages only: names of extinct languages collide.
      byName: new Map(
        iso6393
          .filter((language) => language.type === 'living')
          .map((language) => [language.name.toLowerCase(), language.iso6393]),
      ),
    };
  }
  return tables;
}

/** True for a code of the ISO 639-3 table. */
export const isIso6393 = (code: string): boolean => get().codes.has(code);

/** The ISO 639-3 code for a code (639-3, 639-1, 639-2/B, with or without region) or an English name. */
export function iso6393Of(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (!value) return null;
  const { codes, from1, from2B, byName } = get();
  const code = value.split(/[-_]/)[0];
  if (code.length === 3 && codes.has(code)) return code;
  if (code.length === 3 && from2B.has(code)) return from2B.get(code)!;
  if (code.length === 2 && from1.has(code)) return from1.get(code)!;
  return byName.get(value) ?? null;
}

/** The ISO 639-1 code the planning service stores for a 639-3 code, when there is one. */
export const iso6391Of = (code: string): string | null => ownValue(iso6393To1 as Record<string, string>, code) ?? null;

export const raidLanguage = (id: string): RaidLanguage => ({ id, schemaUri: SCHEMA_URI.language });
