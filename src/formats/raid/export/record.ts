/**
 * The record's single blocks (identifier, date, access) and its texts (titles, descriptions).
 * The plan itself gives the primary title (its label, from its creation until it was finalized),
 * the start date (its creation) and, when no question answers one, the primary description.
 */
import { htmlToPlainText } from '../../../document/html';
import { dayOfInstant, firstDayOf, isFullDate } from '../dates';
import { raidIdOf, rorOf } from '../identifiers';
import type { RaidAccess, RaidDescription, RaidIdentifier, RaidPeriod, RaidTitle } from '../model';
import {
  ACCESS_TYPE,
  ALTERNATIVE_DESCRIPTION,
  ALTERNATIVE_TITLE,
  DESCRIPTION_TYPE,
  EMBARGOED_ACCESS,
  labelOf,
  OPEN_ACCESS,
  PRIMARY_DESCRIPTION,
  PRIMARY_TITLE,
  RAID_LICENSE,
  SCHEMA_URI,
  TITLE_TYPE,
} from '../vocabulary';
import type { Mapping } from './mapping';
import { integerOf, quoted, quotedValue, textOf } from './values';

export const MAX_TITLE_LENGTH = 100;
export const MAX_TEXT_LENGTH = 1000;

/** Does the period [start, end] (an open end runs on) share a day with another? */
function overlaps(a: RaidPeriod, b: RaidPeriod): boolean {
  const endOf = (p: RaidPeriod) => (p.endDate ? firstDayOf(p.endDate) : '9999-12-31');
  return firstDayOf(a.startDate) <= endOf(b) && firstDayOf(b.startDate) <= endOf(a);
}

/** date: the answered start (else the plan's creation) and end. */
export function recordDate(mapping: Mapping): RaidPeriod {
  const plan = mapping.plan;
  const answered = mapping.date(mapping.single('raid.date.startDate') ?? undefined, 'raid.date.startDate');
  const startDate =
    answered ??
    (plan.createdAt && dayOfInstant(plan.createdAt)) ??
    (plan.updatedAt && dayOfInstant(plan.updatedAt)) ??
    dayOfInstant(new Date())!;
  const endAnswer = mapping.single('raid.date.endDate') ?? undefined;
  const endDate = mapping.date(endAnswer, 'raid.date.endDate');
  if (endDate && firstDayOf(endDate) < firstDayOf(startDate)) {
    mapping.problem(
      endAnswer!.source,
      `The end date ${endDate} is before the start date ${startDate}; RAiD needs the end on or after the start (raid.date.endDate).`,
    );
    return { startDate };
  }
  return endDate ? { startDate, endDate } : { startDate };
}

/** CC-0 in the spellings people use; RAiD's list has nothing else. */
const CC0 =
  /^(creative\s*commons\s*)?cc[\s-]?0(\s*1\.0)?$|^https?:\/\/creativecommons\.org\/publicdomain\/zero\/1\.0\/?$/i;

/**
 * identifier: only when the plan answers one of its keys (a RAiD being updated). Everything RAiD
 * requires must then be there; the schemes and the licence have one allowed value each.
 */
export function recordIdentifier(mapping: Mapping): RaidIdentifier | undefined {
  const keys = [...mapping.answers.singletons.keys()].filter((key) => key.startsWith('raid.identifier.'));
  if (keys.length === 0) return undefined;
  const answer = (suffix: string) => mapping.single(`raid.identifier.${suffix}`) ?? undefined;
  const required = <T>(suffix: string, read: (text: string) => T | null, what: string): T | null => {
    const given = answer(suffix);
    const text = given ? textOf(given.value) : null;
    const value = text ? read(text) : null;
    if (value !== null) return value;
    mapping.problem(
      given?.source ?? mapping.whereToFill(`raid.identifier.${suffix}`),
      given
        ? `${quoted(text)} is not ${what} (raid.identifier.${suffix}).`
        : `A RAiD identifier needs ${what}: fill raid.identifier.${suffix}, or clear the other raid.identifier fields to mint a new RAiD.`,
    );
    return null;
  };
  const whole = (suffix: string, what: string): number | null => {
    const given = answer(suffix);
    const value = given ? integerOf(given.value) : null;
    if (value !== null && value >= 1) return value;
    mapping.problem(
      given?.source ?? mapping.whereToFill(`raid.identifier.${suffix}`),
      given
        ? `${quotedValue(given.value)} is not ${what} (raid.identifier.${suffix}).`
        : `A RAiD identifier needs ${what}: fill raid.identifier.${suffix}, or clear the other raid.identifier fields to mint a new RAiD.`,
    );
    return null;
  };
  const id = required('id', raidIdOf, 'a RAiD name (https://raid.org/<prefix>/<suffix>)');
  mapping.checkSchemaUri(answer('schemaUri'), SCHEMA_URI.raid, 'raid.identifier.schemaUri');
  const agency = required('registrationAgency.id', rorOf, "the registration agency's ROR id");
  mapping.checkSchemaUri(
    answer('registrationAgency.schemaUri'),
    SCHEMA_URI.ror,
    'raid.identifier.registrationAgency.schemaUri',
  );
  const owner = required('owner.id', rorOf, "the owner's ROR id");
  mapping.checkSchemaUri(answer('owner.schemaUri'), SCHEMA_URI.ror, 'raid.identifier.owner.schemaUri');
  const servicePoint = whole('owner.servicePoint', 'the number of the service point that owns the RAiD');
  const version = whole('version', 'the version number of the RAiD record (1 or more)');
  const license = answer('license');
  if (license && !CC0.test(textOf(license.value) ?? ''))
    mapping.warn(
      `${license.source}: RAiD metadata is licensed "${RAID_LICENSE}" only; ${quotedValue(license.value)} is ignored.`,
    );
  if (id === null || agency === null || owner === null || servicePoint === null || version === null) return undefined;
  return {
    id,
    schemaUri: SCHEMA_URI.raid,
    registrationAgency: { id: agency, schemaUri: SCHEMA_URI.ror },
    owner: { id: owner, schemaUri: SCHEMA_URI.ror, servicePoint },
    license: RAID_LICENSE,
    version,
  };
}

/**
 * access: the answered type, else open access (RAiD's default: a RAiD record is public metadata
 * about a project, whatever the plan's own visibility). An embargo needs its end date and a
 * statement saying why.
 */
export function recordAccess(mapping: Mapping): RaidAccess {
  const typeAnswer = mapping.single('raid.access.type.id') ?? undefined;
  mapping.checkSchemaUri(
    mapping.single('raid.access.type.schemaUri') ?? undefined,
    ACCESS_TYPE.schemaUri,
    'raid.access.type.schemaUri',
  );
  const type = mapping.term(ACCESS_TYPE, typeAnswer, 'raid.access.type.id') ?? {
    id: OPEN_ACCESS,
    schemaUri: ACCESS_TYPE.schemaUri,
  };
  const access: RaidAccess = { type };
  const statementAnswer = mapping.single('raid.access.statement.text') ?? undefined;
  const statement = statementAnswer ? textOf(statementAnswer.value) : null;
  if (statement && statement.length > MAX_TEXT_LENGTH) {
    mapping.problem(
      statementAnswer!.source,
      `The access statement has ${statement.length} characters; RAiD takes at most ${MAX_TEXT_LENGTH} (raid.access.statement.text).`,
    );
  } else if (statement) {
    const language = mapping.language(
      mapping.single('raid.access.statement.language.id') ?? undefined,
      mapping.single('raid.access.statement.language.schemaUri') ?? undefined,
      'raid.access.statement.language.id',
    );
    access.statement = language ? { text: statement, language } : { text: statement };
  }
  const expiryAnswer = mapping.single('raid.access.embargoExpiry') ?? undefined;
  const expiry = mapping.date(expiryAnswer, 'raid.access.embargoExpiry');
  if (type.id !== EMBARGOED_ACCESS) {
    if (expiry)
      mapping.warn(`${expiryAnswer!.source}: an embargo expiry only applies to embargoed access; it is left out.`);
    return access;
  }
  if (!expiry || !isFullDate(expiry)) {
    mapping.problem(
      expiryAnswer?.source ?? mapping.whereToFill('raid.access.embargoExpiry'),
      expiry
        ? `"${expiry}" is not a whole date: an embargo expiry needs year, month and day (raid.access.embargoExpiry).`
        : 'Embargoed access needs the date the embargo ends (raid.access.embargoExpiry, yyyy-MM-dd).',
    );
  } else access.embargoExpiry = expiry;
  if (!access.statement && !statementAnswer)
    mapping.problem(
      mapping.whereToFill('raid.access.statement.text'),
      'Embargoed access needs a statement explaining the embargo (raid.access.statement.text).',
    );
  return access;
}

/** The blueprint field that holds the plan title, for messages. */
function titleFieldOf(mapping: Mapping): string {
  const field = mapping.plan.sections.flatMap((s) => s.fields).find((f) => f.systemFieldType === 'title');
  return field ? `blueprint field '${field.label ?? 'Title'}'` : 'Title';
}

/**
 * title: the plan's title first (primary, from the plan's creation; ended when the plan was
 * finalized, as OpenCDMP's transformer has it), then every answered title. A title without a
 * type is an alternative one; a second primary title must not overlap the first in time.
 */
export function recordTitles(mapping: Mapping, start: string): RaidTitle[] {
  const plan = mapping.plan;
  const first: RaidTitle = {
    text: plan.title,
    type: { id: PRIMARY_TITLE, schemaUri: TITLE_TYPE.schemaUri },
    startDate: (plan.createdAt && dayOfInstant(plan.createdAt)) ?? start,
  };
  const finalized = plan.status.internal === 'finalized' && plan.finalizedAt ? dayOfInstant(plan.finalizedAt) : null;
  if (finalized && finalized >= first.startDate) first.endDate = finalized;
  const language = mapping.planLanguage();
  if (language) first.language = language;
  if (plan.title.length > MAX_TITLE_LENGTH)
    mapping.problem(
      titleFieldOf(mapping),
      `The plan's title has ${plan.title.length} characters; a RAiD title has at most ${MAX_TITLE_LENGTH}. Shorten the plan's title.`,
    );
  const titles = [first];
  for (const entry of mapping.answers.entries.title) {
    const text = mapping.entryText(entry, 'text');
    if (!text) {
      mapping.problem(entry.source, 'This title has no text: answer raid.title.text, or clear its other title fields.');
      continue;
    }
    if (text.text.length > MAX_TITLE_LENGTH) {
      mapping.problem(
        text.answer.source,
        `The title ${quoted(text.text)} has ${text.text.length} characters; a RAiD title has at most ${MAX_TITLE_LENGTH} (raid.title.text).`,
      );
      continue;
    }
    mapping.checkSchemaUri(entry.answers('type.schemaUri')[0], TITLE_TYPE.schemaUri, 'raid.title.type.schemaUri');
    const type = mapping.term(TITLE_TYPE, entry.answers('type.id')[0], 'raid.title.type.id') ?? {
      id: ALTERNATIVE_TITLE,
      schemaUri: TITLE_TYPE.schemaUri,
    };
    const title: RaidTitle = {
      text: text.text,
      type,
      startDate: mapping.date(entry.answers('startDate')[0], 'raid.title.startDate') ?? first.startDate,
    };
    const endDate = mapping.date(entry.answers('endDate')[0], 'raid.title.endDate');
    if (endDate && firstDayOf(endDate) < firstDayOf(title.startDate)) {
      mapping.problem(
        entry.source,
        `The title's end date ${endDate} is before its start ${title.startDate} (raid.title.endDate).`,
      );
      continue;
    }
    if (endDate) title.endDate = endDate;
    const titleLanguage = mapping.language(
      entry.answers('language.id')[0],
      entry.answers('language.schemaUri')[0],
      'raid.title.language.id',
    );
    if (titleLanguage) title.language = titleLanguage;
    if (titles.some((t) => t.text === title.text && t.type.id === title.type.id)) continue;
    const clash = titles.find((t) => t.type.id === PRIMARY_TITLE && type.id === PRIMARY_TITLE && overlaps(t, title));
    if (clash) {
      mapping.problem(
        entry.source,
        `${quoted(title.text)} is a second primary title while ${quoted(clash.text)} is primary (from ${clash.startDate}${clash.endDate ? ` to ${clash.endDate}` : ''}); RAiD has one primary title at a time: choose another title type or give it dates that do not overlap (raid.title.type.id, raid.title.startDate, raid.title.endDate).`,
      );
      continue;
    }
    titles.push(title);
  }
  return titles;
}

/**
 * description: every answered description (a description without a type is the primary one
 * while there is none, else an alternative one); without any, the plan's own description as
 * the primary one when it fits RAiD's 1,000 characters. RAiD wants exactly one primary.
 */
export function recordDescriptions(mapping: Mapping): RaidDescription[] {
  const descriptions: (RaidDescription & { source: string })[] = [];
  const untyped: (RaidDescription & { source: string })[] = [];
  for (const entry of mapping.answers.entries.description) {
    const text = mapping.entryText(entry, 'text');
    if (!text) {
      mapping.problem(
        entry.source,
        'This description has no text: answer raid.description.text, or clear its other description fields.',
      );
      continue;
    }
    if (text.text.length > MAX_TEXT_LENGTH) {
      mapping.problem(
        text.answer.source,
        `This description has ${text.text.length} characters; a RAiD description has at most ${MAX_TEXT_LENGTH} (raid.description.text).`,
      );
      continue;
    }
    mapping.checkSchemaUri(
      entry.answers('type.schemaUri')[0],
      DESCRIPTION_TYPE.schemaUri,
      'raid.description.type.schemaUri',
    );
    const type = mapping.term(DESCRIPTION_TYPE, entry.answers('type.id')[0], 'raid.description.type.id');
    const description: RaidDescription & { source: string } = {
      text: text.text,
      type: type ?? { id: '', schemaUri: DESCRIPTION_TYPE.schemaUri },
      source: entry.source,
    };
    const language = mapping.language(
      entry.answers('language.id')[0],
      entry.answers('language.schemaUri')[0],
      'raid.description.language.id',
    );
    if (language) description.language = language;
    if (descriptions.concat(untyped).some((d) => d.text === description.text)) continue;
    (type ? descriptions : untyped).push(description);
  }
  for (const description of untyped) {
    const hasPrimary = descriptions.some((d) => d.type.id === PRIMARY_DESCRIPTION);
    description.type = {
      id: hasPrimary ? ALTERNATIVE_DESCRIPTION : PRIMARY_DESCRIPTION,
      schemaUri: DESCRIPTION_TYPE.schemaUri,
    };
    descriptions.push(description);
  }
  const primaries = descriptions.filter((d) => d.type.id === PRIMARY_DESCRIPTION);
  const planText = mapping.plan.descriptionHtml ? htmlToPlainText(mapping.plan.descriptionHtml) : '';
  if (primaries.length === 0 && planText) {
    if (planText.length <= MAX_TEXT_LENGTH) {
      const language = mapping.planLanguage();
      descriptions.unshift({
        text: planText,
        type: { id: PRIMARY_DESCRIPTION, schemaUri: DESCRIPTION_TYPE.schemaUri },
        ...(language && { language }),
        source: 'the plan description',
      });
    } else if (descriptions.length === 0) {
      mapping.warn(
        `The plan description has ${planText.length} characters, more than the ${MAX_TEXT_LENGTH} of a RAiD description; it is left out (answer raid.description.text with a shorter one).`,
      );
    }
  }
  const primaryCount = descriptions.filter((d) => d.type.id === PRIMARY_DESCRIPTION).length;
  if (descriptions.length > 0 && primaryCount !== 1) {
    mapping.problem(
      primaryCount === 0
        ? mapping.whereToFill('raid.description.type.id')
        : descriptions
            .filter((d) => d.type.id === PRIMARY_DESCRIPTION)
            .map((d) => d.source)
            .join('; '),
      primaryCount === 0
        ? `RAiD needs one of the descriptions to be the ${labelOf(DESCRIPTION_TYPE, PRIMARY_DESCRIPTION)} one (raid.description.type.id).`
        : `${primaryCount} descriptions are Primary; RAiD takes exactly one (raid.description.type.id).`,
    );
  }
  return descriptions.map(({ source: _source, ...description }) => description);
}
