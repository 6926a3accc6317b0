/**
 * An answer as one line of plain text, as a reader would write it: what the data exports (RDA,
 * RAiD) put in their free-text fields. Each says how it writes dates and yes/no.
 */
import type { Value } from '../../plan/types';
import { htmlToPlainText } from './index';

export interface AnswerTextStyle {
  /** A picked date as the format writes dates; null when it cannot. */
  date(date: Date): string | null;
  yes: string;
  no: string;
}

/** Plain text of an answer; null when it has none (entity links have no text of their own). */
export function answerText(value: Value, style: AnswerTextStyle): string | null {
  const names = (people: readonly { name?: string | null; email?: string | null }[]) =>
    people
      .map((person) => person.name ?? person.email)
      .filter(Boolean)
      .join(', ');
  const text = (() => {
    switch (value.kind) {
      case 'text':
        return value.text;
      case 'richText':
        return htmlToPlainText(value.html);
      case 'number':
        return String(value.value);
      case 'date':
        return style.date(value.date);
      case 'boolean':
        return value.value ? style.yes : style.no;
      case 'options':
        return value.options.map((o) => o.label).join(', ');
      case 'tags':
        return value.tags.join(', ');
      case 'references':
        return value.references.map((r) => r.label).join(', ');
      case 'identifier':
        return value.identifier;
      case 'file':
        return value.file.filename;
      case 'contacts':
        return names(value.contacts);
      case 'users':
        return names(value.users);
      case 'language':
        return value.code;
      case 'accessRights':
        return value.accessType;
      case 'entities':
        return null;
    }
  })();
  return text?.trim() ? text.trim() : null;
}
