/**
 * Planning-service answers read as RAiD values: plain text, the spellings worth matching against
 * a controlled list, the separate items of a list answer, dates, yes/no flags and identifiers.
 */
import { answerText, type AnswerTextStyle } from '../../../document/html/answerText';
import type { ReferenceView, Value } from '../../../plan/types';
import { raidDateOfPicked, raidDateOfText } from '../dates';

const RAID_TEXT: AnswerTextStyle = { date: raidDateOfPicked, yes: 'Yes', no: 'No' };

/** Plain text of an answer as a reader would write it; null when it has none. */
export const textOf = (value: Value): string | null => answerText(value, RAID_TEXT);

/** Every spelling of a reference that may hold an identifier: external id, link, definition fields, label. */
export const referenceSpellings = (r: ReferenceView): string[] =>
  [r.reference ?? '', r.url ?? '', ...Object.values(r.fields), r.label].filter((s) => s.trim() !== '');

/** The items of an answer, each with the spellings that stand for it (an option: value and label). */
export function itemsOf(value: Value): string[][] {
  switch (value.kind) {
    case 'options':
      return value.options.map((o) => [o.value, o.label]);
    case 'references':
      return value.references.map(referenceSpellings);
    case 'tags':
      return value.tags.map((tag) => [tag]);
    case 'text':
      return value.text
        .split(/[;\n]/)
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => [item]);
    case 'identifier':
      return [[value.identifier]];
    case 'language':
      return [[value.code]];
    default: {
      const text = textOf(value);
      return text ? [[text]] : [];
    }
  }
}

/** The spellings of a single-valued answer (all items together). */
export const candidatesOf = (value: Value): string[] => itemsOf(value).flat();

/** A RAiD date (`yyyy`, `yyyy-MM`, `yyyy-MM-dd`) of a date answer or typed text, or null. */
export function dateOf(value: Value): string | null {
  if (value.kind === 'date') return raidDateOfPicked(value.date);
  const text = textOf(value);
  return text ? raidDateOfText(text) : null;
}

/**
 * RAiD's leader and contact flags are `Yes` or absent: a yes/no field, a checkbox, or an option or
 * text reading yes/true set it (as OpenCDMP's transformer does); anything else leaves it unset.
 */
export function flagOf(value: Value): boolean {
  if (value.kind === 'boolean') return value.value;
  return candidatesOf(value).some((c) => /^(yes|true|y|1)$/i.test(c.trim()));
}

/** A whole number (owner.servicePoint, identifier.version) of a number answer or digits typed as text. */
export function integerOf(value: Value): number | null {
  if (value.kind === 'number') return Number.isSafeInteger(value.value) ? value.value : null;
  const text = textOf(value);
  return text && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** At most this many characters of an answer are quoted in a message. */
const QUOTED_LENGTH = 80;

/** An answer's text for a message: quoted, on one line, cut short. */
export function quoted(text: string | null | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  return `"${line.length > QUOTED_LENGTH ? `${line.slice(0, QUOTED_LENGTH)}…` : line}"`;
}

/** `quoted` of an answer's plain text. */
export const quotedValue = (value: Value): string => quoted(textOf(value));
