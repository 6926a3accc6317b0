import type { en } from './en';

export type LabelKey = keyof typeof en;
/** A language's labels; a missing key falls back to English. */
export type Translation = Partial<Record<LabelKey, string>>;
