/**
 * Which languages are written right to left: one answer for every writer and for the labels.
 * ICU knows it (`Intl.Locale` text info, from the language's likely script); the overrides cover
 * languages an ICU build may lack data for.
 */
import type { Direction } from './types';
import { lookupTable } from '../lookup';

/** Languages whose direction ICU data may not know (Dhivehi is written in Thaana, right to left). */
const OVERRIDES: Readonly<Record<string, Direction>> = lookupTable({ dv: 'rtl' });

/** Node 24 has `getTextInfo()`; earlier V8 versions had a `textInfo` getter. Neither is in TypeScript's ES2023 lib. */
interface LocaleWithTextInfo extends Intl.Locale {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
}

/** Language tags come from documents (`lang` attributes): remember a bounded number of answers. */
const MAX_CACHED = 256;
const cache = new Map<string, Direction>();

function icuDirection(tag: string): Direction {
  try {
    const locale = new Intl.Locale(tag) as LocaleWithTextInfo;
    const info = locale.getTextInfo?.() ?? locale.textInfo;
    return info?.direction === 'rtl' ? 'rtl' : 'ltr';
  } catch {
    return 'ltr'; // not a language tag
  }
}

/** The direction a language is written in ("ar", "ckb-IQ", "pa-Arab": rtl; "en", "ku", unknown tags: ltr). */
export function languageDirection(language: string): Direction {
  const tag = language.trim().replace(/_/g, '-');
  let direction = cache.get(tag);
  if (direction === undefined) {
    const override = OVERRIDES[tag.split('-')[0].toLowerCase()];
    // A script subtag wins over the language's usual script ("dv-Latn" is left to right).
    direction = override && !/-[a-z]{4}(?:-|$)/i.test(tag) ? override : icuDirection(tag);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(tag, direction);
  }
  return direction;
}

export const isRightToLeftLanguage = (language: string): boolean => languageDirection(language) === 'rtl';
