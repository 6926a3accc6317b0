/**
 * What every part of the RAiD mapping shares: the plan, its `raid.*` answers, the record's start
 * date (the default of every other start date), and two lists: warnings (values left out, an
 * operator reads them in the log) and problems (what the plan must fill or fix before RAiD takes
 * it: they make the export a 422 naming each field).
 */
import type { ErrorDetail } from '../../../errors';
import type { PlanView } from '../../../plan/types';
import { iso6393Of, raidLanguage } from '../languages';
import type { RaidLanguage, VocabularyRef } from '../model';
import { termOf, type Vocabulary } from '../vocabulary';
import type { RaidAnswer, RaidAnswers, RaidEntry } from './answers';
import { candidatesOf, dateOf, itemsOf, quoted, quotedValue, textOf } from './values';

export class Mapping {
  readonly warnings: string[] = [];
  readonly problems: ErrorDetail[] = [];

  constructor(
    readonly plan: PlanView,
    readonly answers: RaidAnswers,
  ) {}

  warn(message: string): void {
    this.warnings.push(message);
  }

  problem(path: string, message: string): void {
    this.problems.push({ path, message });
  }

  /** Where `key` can be answered: its fields, else "a field with semantic <key>". */
  whereToFill(key: string): string {
    const fields = this.answers.fieldsOf.get(key);
    return fields && fields.length > 0
      ? fields.slice(0, 3).join('; ')
      : `a blueprint or template field with the semantic ${key}`;
  }

  /** The single value answered for `key` (identifier, date, access), or null. */
  single(key: string): RaidAnswer | null {
    return this.answers.singletons.get(key) ?? null;
  }

  /** A vocabulary value for one answer: the term's id, or null (and a warning) when it names none. */
  term(vocabulary: Vocabulary, answer: RaidAnswer | undefined, key: string): VocabularyRef | null {
    if (!answer) return null;
    const term = termOf(vocabulary, candidatesOf(answer.value));
    if (term) return { id: term.id, schemaUri: vocabulary.schemaUri };
    this.warn(
      `${answer.source}: ${quotedValue(answer.value)} is not in the RAiD list for ${key} (${vocabulary.terms.map((t) => t.label).join(', ')}); it is left out.`,
    );
    return null;
  }

  /** Every vocabulary value among the items of the answers (roles, categories); unknown items are left out. */
  terms(vocabulary: Vocabulary, answers: RaidAnswer[], key: string): VocabularyRef[] {
    const ids: string[] = [];
    for (const answer of answers) {
      for (const item of itemsOf(answer.value)) {
        const term = termOf(vocabulary, item);
        if (term) {
          if (!ids.includes(term.id)) ids.push(term.id);
        } else
          this.warn(
            `${answer.source}: ${quoted(item[item.length - 1])} is not in the RAiD list for ${key}; it is left out.`,
          );
      }
    }
    return ids.map((id) => ({ id, schemaUri: vocabulary.schemaUri }));
  }

  /** A date answer as RAiD writes it; an answer that is no `yyyy[-MM[-dd]]` date is left out with a warning. */
  date(answer: RaidAnswer | undefined, key: string): string | null {
    if (!answer) return null;
    const date = dateOf(answer.value);
    if (date === null)
      this.warn(
        `${answer.source}: ${quotedValue(answer.value)} is not a date (yyyy, yyyy-MM or yyyy-MM-dd); ${key} is left out.`,
      );
    return date;
  }

  /** The language block for an answer (`eng`, `en`, `English`); unknown languages are left out. */
  language(answer: RaidAnswer | undefined, schemaAnswer: RaidAnswer | undefined, key: string): RaidLanguage | null {
    if (!answer) return null;
    if (schemaAnswer) this.checkSchemaUri(schemaAnswer, raidLanguage('eng').schemaUri, `${key}.schemaUri`);
    const code = candidatesOf(answer.value)
      .map(iso6393Of)
      .find((c) => c !== null);
    if (code) return raidLanguage(code);
    this.warn(`${answer.source}: ${quotedValue(answer.value)} is no ISO 639-3 language; ${key} is left out.`);
    return null;
  }

  /** The plan's own language as a RAiD language block, when it has one. */
  planLanguage(): RaidLanguage | null {
    const code = this.plan.language ? iso6393Of(this.plan.language) : null;
    return code ? raidLanguage(code) : null;
  }

  /** RAiD allows one scheme per list: an answered schemaUri that names another is reported and ignored. */
  checkSchemaUri(answer: RaidAnswer | undefined, expected: string | readonly string[], key: string): void {
    if (!answer) return;
    const given = textOf(answer.value);
    const allowed = typeof expected === 'string' ? [expected] : expected;
    const normal = (uri: string) => uri.trim().replace(/\/+$/, '').toLowerCase();
    if (given && !allowed.some((uri) => normal(uri) === normal(given)))
      this.warn(
        `${answer.source}: ${key} ${quoted(given)} is not one RAiD allows (${allowed.join(', ')}); it is ignored.`,
      );
  }

  /** The text of an entry's answer to `suffix`, when it has one. */
  entryText(entry: RaidEntry, suffix: string): { text: string; answer: RaidAnswer } | null {
    const found = entry.first(suffix, textOf);
    return found ? { text: found.value, answer: found.answer } : null;
  }
}
