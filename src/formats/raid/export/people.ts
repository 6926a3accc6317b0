/**
 * contributor and organisation. Answered entries come first; a plan whose questions name no
 * contributor (or organisation) gets the people (organisations) its blueprint's reference fields
 * hold with an ORCID or ISNI (a ROR id): the first as principal investigator, leader and contact
 * (lead research organisation), the others as other participants (research organisations).
 */
import type { ReferenceView } from '../../../plan/types';
import { firstDayOf } from '../dates';
import { isOrcidWithBadCheckDigit, personIdOf, rorOf, type PersonId } from '../identifiers';
import type { RaidContributor, RaidOrganisation, RaidPeriod, VocabularyRef } from '../model';
import {
  CONTRIBUTOR_POSITION,
  CONTRIBUTOR_ROLE,
  FUNDER_ORGANISATION,
  LEAD_RESEARCH_ORGANISATION,
  ORGANISATION_ROLE,
  OTHER_PARTICIPANT,
  OTHER_RESEARCH_ORGANISATION,
  PRINCIPAL_INVESTIGATOR,
  SCHEMA_URI,
} from '../vocabulary';
import type { RaidAnswer, RaidEntry } from './answers';
import type { Mapping } from './mapping';
import { candidatesOf, flagOf, quoted, referenceSpellings, textOf } from './values';

/** Every reference the plan's blueprint fields hold (withheld fields hold none), in form order. */
export function blueprintReferences(mapping: Mapping): ReferenceView[] {
  return mapping.plan.sections.flatMap((section) =>
    section.fields.flatMap((field) => (field.value?.kind === 'references' ? field.value.references : [])),
  );
}

/** A period of a position or role: its answered dates, else from the record's start. */
function period(mapping: Mapping, entry: RaidEntry, prefix: string, start: string): RaidPeriod | null {
  const key = `raid.${entry.group}.${prefix}`;
  const startDate = mapping.date(entry.answers(`${prefix}.startDate`)[0], `${key}.startDate`) ?? start;
  const endDate = mapping.date(entry.answers(`${prefix}.endDate`)[0], `${key}.endDate`);
  if (endDate && firstDayOf(endDate) < firstDayOf(startDate)) {
    mapping.problem(entry.source, `The end date ${endDate} is before the start date ${startDate} (${key}.endDate).`);
    return null;
  }
  return endDate ? { startDate, endDate } : { startDate };
}

function personIdOfAnswer(answer: RaidAnswer, scheme: RaidAnswer | undefined): PersonId | null {
  const isni = scheme && /isni/i.test(textOf(scheme.value) ?? '');
  for (const candidate of candidatesOf(answer.value)) {
    const id = personIdOf(isni && !/isni/i.test(candidate) ? `isni:${candidate}` : candidate);
    if (id) return id;
  }
  return null;
}

export function recordContributors(mapping: Mapping, start: string): RaidContributor[] {
  const contributors: RaidContributor[] = [];
  const add = (contributor: RaidContributor, source: string) => {
    const same = contributors.find((c) => c.id === contributor.id);
    if (!same) {
      contributors.push(contributor);
      return;
    }
    // The same person in two questions: one contributor with both answers' roles and flags.
    mapping.warn(
      `${source}: ${contributor.id} is already a contributor; its roles and flags are merged into the first.`,
    );
    for (const role of contributor.role) if (!same.role.some((r) => r.id === role.id)) same.role.push(role);
    if (contributor.leader) same.leader = true;
    if (contributor.contact) same.contact = true;
  };
  const entries = mapping.answers.entries.contributor;
  for (const entry of entries) {
    const idAnswer = entry.answers('id')[0];
    const id = idAnswer ? personIdOfAnswer(idAnswer, entry.answers('schemaUri')[0]) : null;
    if (!id) {
      const given = idAnswer ? textOf(idAnswer.value) : null;
      mapping.problem(
        idAnswer?.source ?? entry.source,
        !given
          ? 'This contributor has no ORCID: RAiD identifies every contributor by ORCID (or ISNI); answer raid.contributor.id.'
          : isOrcidWithBadCheckDigit(given)
            ? `${quoted(given)} is not a valid ORCID: its check digit is wrong (raid.contributor.id).`
            : `${quoted(given)} is not an ORCID or ISNI (raid.contributor.id).`,
      );
      continue;
    }
    mapping.checkSchemaUri(
      entry.answers('position.schemaUri')[0],
      CONTRIBUTOR_POSITION.schemaUri,
      'raid.contributor.position.schemaUri',
    );
    mapping.checkSchemaUri(
      entry.answers('role.schemaUri')[0],
      CONTRIBUTOR_ROLE.schemaUri,
      'raid.contributor.role.schemaUri',
    );
    const position = mapping.term(
      CONTRIBUTOR_POSITION,
      entry.answers('position.id')[0],
      'raid.contributor.position.id',
    );
    const dates = period(mapping, entry, 'position', start);
    if (!dates) continue;
    const contributor: RaidContributor = {
      id: id.id,
      schemaUri: id.schemaUri,
      // RAiD's default: the first contributor is the principal investigator.
      position: [{ ...(position ?? positionFor(contributors.length)), ...dates }],
      role: mapping.terms(CONTRIBUTOR_ROLE, entry.answers('role.id'), 'raid.contributor.role.id'),
    };
    if (entry.answers('leader').some((a) => flagOf(a.value))) contributor.leader = true;
    if (entry.answers('contact').some((a) => flagOf(a.value))) contributor.contact = true;
    add(contributor, entry.source);
  }
  if (entries.length === 0) {
    for (const reference of blueprintReferences(mapping)) {
      const id = referenceSpellings(reference)
        .map((s) => personIdOf(s))
        .find((found) => found !== null);
      if (!id) continue;
      add(
        {
          id: id.id,
          schemaUri: id.schemaUri,
          position: [{ ...positionFor(contributors.length), startDate: start }],
          role: [],
        },
        `reference '${reference.label}'`,
      );
    }
  }
  if (contributors.length === 0) {
    if (entries.length === 0)
      mapping.problem(
        mapping.whereToFill('raid.contributor.id'),
        "RAiD needs at least one contributor with an ORCID: add a researcher with an ORCID to the plan's researchers, or answer raid.contributor.id in a description.",
      );
    return contributors;
  }
  // RAiD needs a leader and a contact; when no answer flags one, the first contributor is both.
  for (const flag of ['leader', 'contact'] as const) {
    if (contributors.some((c) => c[flag])) continue;
    contributors[0][flag] = true;
    if (entries.length > 0)
      mapping.warn(
        `No contributor is flagged as the project ${flag} (raid.contributor.${flag}); the first one, ${contributors[0].id}, is.`,
      );
  }
  return contributors;
}

const positionFor = (index: number): VocabularyRef => ({
  id: index === 0 ? PRINCIPAL_INVESTIGATOR : OTHER_PARTICIPANT,
  schemaUri: CONTRIBUTOR_POSITION.schemaUri,
});

const organisationRole = (id: string, dates: RaidPeriod) => ({ id, schemaUri: ORGANISATION_ROLE.schemaUri, ...dates });

export function recordOrganisations(mapping: Mapping, start: string): RaidOrganisation[] {
  const organisations: RaidOrganisation[] = [];
  const untyped: RaidOrganisation[] = [];
  const entries = mapping.answers.entries.organisation;
  for (const entry of entries) {
    const idAnswer = entry.answers('id')[0];
    const id = idAnswer
      ? candidatesOf(idAnswer.value)
          .map(rorOf)
          .find((r) => r !== null)
      : null;
    if (!id) {
      const given = idAnswer ? textOf(idAnswer.value) : null;
      mapping.problem(
        idAnswer?.source ?? entry.source,
        given
          ? `${quoted(given)} is not a ROR id (raid.organisation.id).`
          : 'This organisation has no ROR id: RAiD identifies organisations by ROR; answer raid.organisation.id.',
      );
      continue;
    }
    mapping.checkSchemaUri(entry.answers('schemaUri')[0], SCHEMA_URI.ror, 'raid.organisation.schemaUri');
    mapping.checkSchemaUri(
      entry.answers('role.schemaUri')[0],
      ORGANISATION_ROLE.schemaUri,
      'raid.organisation.role.schemaUri',
    );
    const role = mapping.term(ORGANISATION_ROLE, entry.answers('role.id')[0], 'raid.organisation.role.id');
    const dates = period(mapping, entry, 'role', start);
    if (!dates || organisations.concat(untyped).some((o) => o.id === id)) continue;
    const organisation = { id, schemaUri: SCHEMA_URI.ror, role: [organisationRole(role?.id ?? '', dates)] };
    (role ? organisations : untyped).push(organisation);
  }
  // RAiD's default: the first organisation entered leads; the others are research organisations.
  for (const organisation of untyped) {
    const hasLead = organisations.some((o) => o.role[0].id === LEAD_RESEARCH_ORGANISATION);
    organisation.role[0].id = hasLead ? OTHER_RESEARCH_ORGANISATION : LEAD_RESEARCH_ORGANISATION;
    organisations.push(organisation);
  }
  if (entries.length === 0) {
    const funders: RaidOrganisation[] = [];
    for (const reference of blueprintReferences(mapping)) {
      const id = referenceSpellings(reference)
        .map(rorOf)
        .find((r) => r !== null);
      if (!id || organisations.concat(funders).some((o) => o.id === id)) continue;
      if (reference.typeCode === 'funders') {
        funders.push({
          id,
          schemaUri: SCHEMA_URI.ror,
          role: [organisationRole(FUNDER_ORGANISATION, { startDate: start })],
        });
        continue;
      }
      const role = organisations.length === 0 ? LEAD_RESEARCH_ORGANISATION : OTHER_RESEARCH_ORGANISATION;
      organisations.push({ id, schemaUri: SCHEMA_URI.ror, role: [organisationRole(role, { startDate: start })] });
    }
    // RAiD wants one lead organisation among them: funders alone cannot be listed.
    if (organisations.length > 0) organisations.push(...funders);
  }
  const leads = organisations.filter((o) => o.role[0].id === LEAD_RESEARCH_ORGANISATION);
  if (organisations.length > 0 && leads.length !== 1)
    mapping.problem(
      mapping.whereToFill('raid.organisation.role.id'),
      leads.length === 0
        ? 'RAiD needs one of the organisations to be the Lead Research Organisation (raid.organisation.role.id).'
        : `${leads.length} organisations are the Lead Research Organisation (${leads.map((o) => o.id).join(', ')}); RAiD takes exactly one (raid.organisation.role.id).`,
    );
  return organisations;
}
