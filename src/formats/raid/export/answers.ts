/**
 * Answers that carry `raid.*` semantics, as OpenCDMP's RAiD transformer reads them:
 * - identifier, date and access keys are single values: the blueprint's, overridden by each
 *   description that answers them, in plan order (the last description wins);
 * - the repeatable blocks (title, description, contributor, organisation, relatedObject,
 *   alternateIdentifier, alternateUrl, relatedRaid) get one entry per question item whose fields
 *   answer one of the block's keys; the blueprint's fields of a block form one entry more.
 * Withheld and hidden answers never reach the plan view, so they are simply absent here.
 */
import type { DescriptionView, FieldSetView, PlanView, SectionView, Value } from '../../../plan/types';
import { groupOfKey, RAID_GROUPS, RAID_KEYS, type RaidGroup } from '../model';

/** One answer and where it came from, for messages a person can act on. */
export interface RaidAnswer {
  value: Value;
  source: string;
}

/** The answers of one question item (or of the blueprint) to one block's keys. */
export class RaidEntry {
  private readonly byKey = new Map<string, RaidAnswer[]>();

  constructor(
    readonly group: RaidGroup,
    /** Where the entry comes from: "description 'X', question 'Y', item 2". */
    readonly source: string,
  ) {}

  add(key: string, answer: RaidAnswer): void {
    const answers = this.byKey.get(key);
    if (answers) answers.push(answer);
    else this.byKey.set(key, [answer]);
  }

  /** The answers to `raid.<group>.<suffix>`. */
  answers(suffix: string): RaidAnswer[] {
    return this.byKey.get(`raid.${this.group}.${suffix}`) ?? [];
  }

  /** The first answer to `raid.<group>.<suffix>` that converts, with where it came from. */
  first<T>(suffix: string, convert: (value: Value) => T | null): { value: T; answer: RaidAnswer } | null {
    for (const answer of this.answers(suffix)) {
      const value = convert(answer.value);
      if (value !== null) return { value, answer };
    }
    return null;
  }
}

export interface RaidAnswers {
  /** identifier, date and access keys -> the answer that counts (the last description's, else the blueprint's). */
  singletons: Map<string, RaidAnswer>;
  entries: Record<RaidGroup, RaidEntry[]>;
  /** key -> the fields that carry it, answered or not: where a person can fill a missing value. */
  fieldsOf: Map<string, string[]>;
  /** Conflicting answers to a single value (which one won), for the warnings. */
  overridden: string[];
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(RAID_KEYS);

const raidKeysOf = (semantics: readonly string[]) => semantics.filter((key) => KNOWN_KEYS.has(key));

function emptyAnswers(): RaidAnswers {
  return {
    singletons: new Map(),
    entries: Object.fromEntries(RAID_GROUPS.map((group) => [group, []])) as unknown as Record<RaidGroup, RaidEntry[]>,
    fieldsOf: new Map(),
    overridden: [],
  };
}

function noteField(answers: RaidAnswers, key: string, where: string): void {
  const fields = answers.fieldsOf.get(key);
  if (!fields) answers.fieldsOf.set(key, [where]);
  else if (!fields.includes(where)) fields.push(where);
}

function setSingleton(answers: RaidAnswers, key: string, answer: RaidAnswer): void {
  const earlier = answers.singletons.get(key);
  if (earlier && JSON.stringify(earlier.value) !== JSON.stringify(answer.value))
    answers.overridden.push(`${key}: ${answer.source} replaces the answer of ${earlier.source}.`);
  answers.singletons.set(key, answer);
}

/** The plan's blueprint fields, then each description's questions, read into single values and block entries. */
export function collectAnswers(plan: PlanView, descriptions: readonly DescriptionView[]): RaidAnswers {
  const answers = emptyAnswers();
  const blueprintEntries = new Map<RaidGroup, RaidEntry>();
  for (const section of plan.sections) {
    for (const field of section.fields) {
      const keys = raidKeysOf(field.semantics);
      if (keys.length === 0) continue;
      const where = `blueprint field '${field.label ?? field.systemFieldType ?? field.id}'`;
      for (const key of keys) noteField(answers, key, where);
      if (!field.value) continue;
      for (const key of keys) {
        const group = groupOfKey(key);
        const answer = { value: field.value, source: where };
        if (!group) {
          setSingleton(answers, key, answer);
          continue;
        }
        let entry = blueprintEntries.get(group);
        if (!entry) {
          entry = new RaidEntry(group, 'the blueprint');
          blueprintEntries.set(group, entry);
          answers.entries[group].push(entry);
        }
        entry.add(key, answer);
      }
    }
  }
  for (const description of descriptions) collectDescription(answers, description);
  return answers;
}

function collectDescription(answers: RaidAnswers, description: DescriptionView): void {
  const visitFieldSet = (fieldSet: FieldSetView) => {
    const question = `description '${description.title}', question '${fieldSet.title ?? fieldSet.id}'`;
    for (const field of fieldSet.fields)
      for (const key of raidKeysOf(field.semantics))
        noteField(answers, key, field.label ? `${question}, field '${field.label}'` : question);
    for (const item of fieldSet.items) {
      const itemSource = fieldSet.multiplicity ? `${question}, item ${item.ordinal + 1}` : question;
      const itemEntries = new Map<RaidGroup, RaidEntry>();
      for (const field of item.fields) {
        if (!field.value) continue;
        const source = field.label ? `${itemSource}, field '${field.label}'` : itemSource;
        for (const key of raidKeysOf(field.semantics)) {
          const group = groupOfKey(key);
          const answer = { value: field.value, source };
          if (!group) {
            setSingleton(answers, key, answer);
            continue;
          }
          let entry = itemEntries.get(group);
          if (!entry) {
            entry = new RaidEntry(group, itemSource);
            itemEntries.set(group, entry);
            answers.entries[group].push(entry);
          }
          entry.add(key, answer);
        }
      }
    }
  };
  const visitSection = (section: SectionView) => {
    section.fieldSets.forEach(visitFieldSet);
    section.sections.forEach(visitSection);
  };
  for (const page of description.pages) page.sections.forEach(visitSection);
}
