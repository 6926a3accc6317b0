/**
 * Answers that carry `rda.*` semantics, gathered from a plan view: blueprint fields for the plan,
 * template fields for each description. Keys that describe one object of a repeated RDA structure
 * (a distribution, a cost, a contributor…) are grouped: each item of a repeating question is one
 * object; the answers of non-repeating questions together form one more.
 */
import { answerText, type AnswerTextStyle } from '../../../document/html/answerText';
import { htmlToPlainText } from '../../../document/html';
import type { DescriptionView, FieldSetView, PlanView, ReferenceView, SectionView, Value } from '../../../plan/types';
import { groupOf, type RdaGroup } from '../groups';
import { dateOfPickedInstant, dateOfText, parseLocaleNumber } from '../text';
import { toRdaLanguage, toYesNoUnknown, type YesNoUnknown } from '../vocabulary';

/** One answer and where it came from, for warnings a person can act on. */
export interface SemanticAnswer {
  value: Value;
  source: string;
}

const RDA_TEXT: AnswerTextStyle = { date: dateOfPickedInstant, yes: 'yes', no: 'no' };

/** Plain text of a value as a reader would write it; null when it has none. */
export const textOf = (value: Value): string | null => answerText(value, RDA_TEXT);

/** Separate items of a list answer (options, tags, references; a comma or line list in text). */
export function itemsOf(value: Value, options: 'labels' | 'values' = 'labels'): string[] {
  switch (value.kind) {
    case 'options':
      return value.options.map((o) => (options === 'values' ? o.value : o.label));
    case 'tags':
      return value.tags;
    case 'references':
      return value.references.map((r) => r.label);
    case 'text':
      return value.text
        .split(/[,;\n]/)
        .map((s) => s.trim())
        .filter(Boolean);
    case 'richText':
      return htmlToPlainText(value.html)
        .split(/\n/)
        .map((s) => s.trim())
        .filter(Boolean);
    default: {
      const text = textOf(value);
      return text ? [text] : [];
    }
  }
}

/** Every spelling of a value worth matching against a controlled list (option value and label…). */
export function candidatesOf(value: Value): string[] {
  switch (value.kind) {
    case 'options':
      return value.options.flatMap((o) => [o.value, o.label]);
    case 'references':
      return value.references.flatMap((r) => [r.reference ?? '', r.label, r.abbreviation ?? '']).filter(Boolean);
    default: {
      const text = textOf(value);
      return text ? [text] : [];
    }
  }
}

/** `YYYY-MM-DD` of a date answer, or of typed text read in `language` (the plan's). */
export function dateOf(value: Value, language?: string | null): string | null {
  if (value.kind === 'date') return dateOfPickedInstant(value.date);
  const text = textOf(value);
  return text ? dateOfText(text, language) : null;
}

export function numberOf(value: Value): number | null {
  if (value.kind === 'number') return value.value;
  const text = textOf(value);
  const match = text ? /-?[\d][\d\s.,']*/.exec(text) : null;
  return match ? parseLocaleNumber(match[0].trim()) : null;
}

/** yes/no/unknown of an answer (a boolean, an option, a word). */
export function yesNoOf(value: Value): YesNoUnknown | null {
  return value.kind === 'boolean' ? (value.value ? 'yes' : 'no') : toYesNoUnknown(candidatesOf(value));
}

/** Spellings of a language answer: a language field's code, an option's value and label, text. */
const languageCandidates = (value: Value): string[] => (value.kind === 'language' ? [value.code] : candidatesOf(value));

/** The first RDA language code (`deu`) among the answers, or null. */
export function rdaLanguageOf(answers: SemanticAnswer[]): string | null {
  for (const answer of answers) {
    for (const candidate of languageCandidates(answer.value)) {
      const language = toRdaLanguage(candidate);
      if (language) return language;
    }
  }
  return null;
}

export function referencesOf(value: Value): ReferenceView[] {
  return value.kind === 'references' ? value.references : [];
}

/** The identifier a reference stands for: its external id, else a link, else its id or label. */
export const referenceIdentifier = (r: ReferenceView): string => r.reference?.trim() || r.url || r.id || r.label;

/** Answers by semantic key, read with the conversions above. First answered value wins. */
export class SemanticRecord {
  private readonly byKey = new Map<string, SemanticAnswer[]>();
  private readonly asked = new Set<string>();

  /** `language`: the plan's (ISO 639-1), for dates typed as text. */
  constructor(readonly language: string | null = null) {}

  /** Notes keys the questions that formed this record have a field for, answered or not. */
  ask(keys: Iterable<string>): void {
    for (const key of keys) this.asked.add(key);
  }

  /** Whether a question that formed this record asks for `key` (an empty answer then says "none"). */
  asks(key: string): boolean {
    return this.asked.has(key);
  }

  add(key: string, answer: SemanticAnswer): void {
    const answers = this.byKey.get(key);
    if (answers) answers.push(answer);
    else this.byKey.set(key, [answer]);
  }

  /** Appends another record's answers after this one's (this one keeps precedence). */
  merge(other: SemanticRecord): void {
    for (const [key, answers] of other.byKey) for (const answer of answers) this.add(key, answer);
    this.ask(other.asked);
  }

  answers(key: string): SemanticAnswer[] {
    return this.byKey.get(key) ?? [];
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  keys(): string[] {
    return [...this.byKey.keys()];
  }

  /** The first answer to `key` that converts, with its source. */
  first<T>(key: string, convert: (value: Value) => T | null): { value: T; source: string } | null {
    for (const answer of this.answers(key)) {
      const value = convert(answer.value);
      if (value !== null && !(Array.isArray(value) && value.length === 0)) return { value, source: answer.source };
    }
    return null;
  }

  text(key: string): string | null {
    return this.first(key, textOf)?.value ?? null;
  }

  date(key: string): string | null {
    return this.first(key, (value) => dateOf(value, this.language))?.value ?? null;
  }

  number(key: string): number | null {
    return this.first(key, numberOf)?.value ?? null;
  }

  candidates(key: string): string[] {
    return this.answers(key).flatMap((a) => candidatesOf(a.value));
  }

  /** Items of every answer to `key`, without repeats. */
  items(key: string, options: 'labels' | 'values' = 'labels'): string[] {
    return [...new Set(this.answers(key).flatMap((a) => itemsOf(a.value, options)))];
  }

  references(key: string): ReferenceView[] {
    return this.answers(key).flatMap((a) => referencesOf(a.value));
  }

  /** Where the answers to `key` came from, for warnings. */
  sourceOf(key: string): string {
    return this.answers(key)[0]?.source ?? key;
  }
}

/**
 * `record.date(key)`, reporting an answer that is no whole date (`since 2020`, `01/02/2025`, a
 * year past 9999): it is left out rather than guessed.
 */
export function dateAnswer(record: SemanticRecord, key: string, warn: (message: string) => void): string | null {
  const date = record.date(key);
  const unread = date === null ? record.answers(key)[0] : undefined;
  if (unread) {
    warn(
      `${unread.source}: "${textOf(unread.value) ?? ''}" is not a date with day, month and year (0000 to 9999); ${key.replace(/^rda\./, '')} is left out.`,
    );
  }
  return date;
}

/** The answers of one scope (the plan's blueprint, or one description). */
export interface ScopeAnswers {
  /** Keys outside any group. */
  scalars: SemanticRecord;
  /** One record per object of each group, in reading order. */
  groups: Map<RdaGroup, SemanticRecord[]>;
  /** Per group, the record non-repeating questions formed (also in `groups`), if any. */
  shared: Map<RdaGroup, SemanticRecord>;
  /** Every `rda.*` key the scope's fields carry, answered or not. */
  keys: Set<string>;
}

const isRda = (key: string) => key.startsWith('rda.');

function emptyScope(language: string | null): ScopeAnswers {
  return { scalars: new SemanticRecord(language), groups: new Map(), shared: new Map(), keys: new Set() };
}

/** The `rda.*` keys of `fields`, by the group each belongs to. */
function keysByGroup(fields: { semantics: string[] }[]): Map<RdaGroup, string[]> {
  const byGroup = new Map<RdaGroup, string[]>();
  for (const key of fields.flatMap((f) => f.semantics.filter(isRda))) {
    const group = groupOf(key);
    const keys = group ? byGroup.get(group) : undefined;
    if (keys) keys.push(key);
    else if (group) byGroup.set(group, [key]);
  }
  return byGroup;
}

function pushGroupRecord(scope: ScopeAnswers, group: RdaGroup, record: SemanticRecord): void {
  const records = scope.groups.get(group);
  if (records) records.push(record);
  else scope.groups.set(group, [record]);
}

/** Blueprint fields hold one value each: grouped keys of the plan form one object per group. */
export function planAnswers(plan: PlanView): ScopeAnswers {
  const scope = emptyScope(plan.language);
  const merged = scope.shared;
  for (const section of plan.sections) {
    for (const field of section.fields) {
      for (const key of field.semantics.filter(isRda)) scope.keys.add(key);
      if (!field.value) continue;
      const source = `blueprint field '${field.label ?? field.systemFieldType ?? field.id}'`;
      for (const key of field.semantics.filter(isRda)) {
        const group = groupOf(key);
        if (!group) {
          scope.scalars.add(key, { value: field.value, source });
          continue;
        }
        let record = merged.get(group);
        if (!record) {
          record = new SemanticRecord(plan.language);
          merged.set(group, record);
          pushGroupRecord(scope, group, record);
        }
        record.add(key, { value: field.value, source });
      }
    }
  }
  const asked = keysByGroup(plan.sections.flatMap((section) => section.fields));
  for (const [group, record] of merged) record.ask(asked.get(group) ?? []);
  return scope;
}

/**
 * A description's answers. Each item of a repeating question is one object of every group its
 * fields name; non-repeating questions of a group together form one object, placed where the
 * first of them appears.
 */
export function descriptionAnswers(
  description: DescriptionView,
  language: string | null = description.template.language,
): ScopeAnswers {
  const scope = emptyScope(language);
  const merged = scope.shared;
  const visitFieldSet = (fieldSet: FieldSetView) => {
    const question = `question '${fieldSet.title ?? fieldSet.id}' of description '${description.title}'`;
    for (const field of fieldSet.fields) for (const key of field.semantics.filter(isRda)) scope.keys.add(key);
    const asked = keysByGroup(fieldSet.fields);
    for (const item of fieldSet.items) {
      const itemRecords = new Map<RdaGroup, SemanticRecord>();
      const answered = new Map<RdaGroup, SemanticRecord>();
      for (const field of item.fields) {
        if (!field.value) continue;
        const source = field.label ? `${question}, field '${field.label}'` : question;
        for (const key of field.semantics.filter(isRda)) {
          const group = groupOf(key);
          if (!group) {
            scope.scalars.add(key, { value: field.value, source });
            continue;
          }
          const records = fieldSet.multiplicity ? itemRecords : merged;
          let record = records.get(group);
          if (!record) {
            record = new SemanticRecord(language);
            records.set(group, record);
            pushGroupRecord(scope, group, record);
          }
          answered.set(group, record);
          record.add(key, { value: field.value, source });
        }
      }
      for (const [group, record] of answered) record.ask(asked.get(group) ?? []);
    }
  };
  const visitSection = (section: SectionView) => {
    section.fieldSets.forEach(visitFieldSet);
    section.sections.forEach(visitSection);
  };
  for (const page of description.pages) page.sections.forEach(visitSection);
  return scope;
}

/**
 * An identifier from `<key>` (a dataset-identifier field, a reference or text) or from
 * `<key>.identifier` with `<key>.type`.
 */
export function identifierAnswer(record: SemanticRecord, key: string): IdentifierAnswer | null {
  const whole = record.first(key, identifierOf);
  if (whole) return whole.value;
  // The scheme an identifier field or reference names stands in for a missing `.type` answer.
  const identifier = record.first(`${key}.identifier`, identifierOf);
  return identifier
    ? { identifier: identifier.value.identifier, type: record.text(`${key}.type`) ?? identifier.value.type }
    : null;
}

export interface IdentifierAnswer {
  identifier: string;
  type: string | null;
}

/** An identifier field's value, a reference's identifier and scheme, or text. */
function identifierOf(value: Value): IdentifierAnswer | null {
  if (value.kind === 'identifier') return { identifier: value.identifier, type: value.type };
  if (value.kind === 'references') {
    const r = value.references[0];
    return r ? { identifier: referenceIdentifier(r), type: r.fields.pidTypeField ?? null } : null;
  }
  const text = textOf(value);
  return text ? { identifier: text, type: null } : null;
}
