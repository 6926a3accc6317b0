/**
 * The people of a maDMP: `dmp.contact` (the one person to write to, with the e-mail RDA requires)
 * and `dmp.contributor[]`, from `rda.dmp.contact.*` / `rda.dmp.contributor.*` answers, researcher
 * references and the plan's own contacts and members.
 */
import { ServiceError } from '../../../errors';
import type { ReferenceView } from '../../../plan/types';
import { parseIdentifier, rdaIdentifier } from '../identifiers';
import {
  PERSON_ID_TYPES,
  optional,
  optionalList,
  type Affiliation,
  type Contact,
  type Contributor,
  type Identifier,
  type PersonIdType,
} from '../madmp';
import { MEMBER_CONTRIBUTOR_ROLES, RESEARCHER_ROLE, toContributorRole } from '../vocabulary';
import { identifierAnswer, referenceIdentifier, textOf, type SemanticRecord } from './answers';
import { isEmail, planReferences, REFERENCE_CODE, textOnly, uniqueReferences, type PlanContext } from './planContext';

interface Person {
  name: string | null;
  email: string | null;
  id: Identifier<PersonIdType> | null;
  source: string;
}

/** The contact: semantic answers, else the plan's contacts, else its creator, else an owner. */
export function mapContact(plan: PlanContext): Contact {
  const candidates = [...semanticContacts(plan), ...planPeople(plan)];
  // A name answered on its own (a text field) names whichever person is chosen; a Contact
  // field answers with people, each with their own name.
  const semanticName = plan.dmp.first('rda.dmp.contact.name', (value) =>
    value.kind === 'contacts' || value.kind === 'users' ? null : textOf(value),
  )?.value;
  for (const candidate of candidates) {
    if (!isEmail(candidate.email)) {
      if (candidate.email)
        plan.warn(`${candidate.source}: "${candidate.email}" is not a valid e-mail address for the RDA contact.`);
      continue;
    }
    const email = candidate.email.trim();
    const contact: Contact = {
      name: semanticName ?? candidate.name ?? email,
      mbox: email,
      contact_id: candidate.id ?? personId(plan, email) ?? { identifier: email, type: 'other' },
    };
    if (plan.output === '1.2') Object.assign(contact, optionalList('affiliation', affiliations(plan)));
    return contact;
  }
  throw new ServiceError('unprocessable', 'The plan has no contact e-mail address, which an RDA maDMP requires.', [
    missingContactDetail(plan),
  ]);
}

/** Where, in the planning service, a contact e-mail can be added. */
function missingContactDetail({ view }: PlanContext): { path: string; message: string } {
  const fields = view.sections.flatMap((s) => s.fields);
  const field =
    fields.find((f) => f.semantics.includes('rda.dmp.contact.mbox')) ??
    fields.find((f) => f.systemFieldType === 'contact');
  const creator = view.creator?.name ? ` (${view.creator.name})` : '';
  if (!field) {
    return {
      path: 'Contact',
      message: `Add a contact with an e-mail address to the plan: the blueprint needs a 'Contact' field, or add an e-mail address to the account of the plan's creator${creator}.`,
    };
  }
  const label = field.label ?? 'Contact';
  return {
    path: label,
    message: `Add a contact with an e-mail address to the plan (blueprint field '${label}'), or an e-mail address to the account of the plan's creator${creator}.`,
  };
}

/** Contacts named by `rda.dmp.contact.*`: a Contact system field lists people; text fields give one. */
function semanticContacts({ dmp }: PlanContext): Person[] {
  const people: Person[] = [];
  const id = identifierAnswer(dmp, 'rda.dmp.contact.contact_id');
  const personId = id ? rdaIdentifier(parseIdentifier(id.identifier, id.type), PERSON_ID_TYPES) : null;
  for (const answer of dmp.answers('rda.dmp.contact.mbox')) {
    if (answer.value.kind === 'contacts') {
      for (const c of answer.value.contacts)
        people.push({ name: c.name, email: c.email, id: personId, source: answer.source });
    } else if (answer.value.kind === 'users') {
      for (const u of answer.value.users)
        people.push({ name: u.name, email: u.email, id: personId, source: answer.source });
    } else {
      people.push({ name: null, email: textOf(answer.value), id: personId, source: answer.source });
    }
  }
  return people;
}

function planPeople({ view }: PlanContext): Person[] {
  const owners = view.users.filter((u) => u.roles.includes('owner'));
  return [
    ...view.contacts.map((c) => ({
      name: c.name,
      email: c.email,
      id: null,
      source: `plan contact '${c.name ?? c.email}'`,
    })),
    ...[view.creator, ...owners]
      .filter((p): p is NonNullable<typeof p> => p !== null)
      .map((p) => ({ name: p.name, email: p.email, id: null, source: `plan member '${p.name ?? p.email}'` })),
  ];
}

/**
 * A person's id from what the plan knows about an e-mail: a researcher's ORCID, else null (the
 * caller uses the e-mail). Account ids of the planning service identify no researcher.
 */
function personId(plan: PlanContext, email: string): Identifier<PersonIdType> | null {
  const lower = email.toLowerCase();
  const researcher = researchers(plan).find((r) => r.fields.primaryEmail?.toLowerCase() === lower);
  if (!researcher) return null;
  const id = rdaIdentifier(
    parseIdentifier(referenceIdentifier(researcher), researcher.fields.pidTypeField),
    PERSON_ID_TYPES,
  );
  return id.type === 'orcid' ? id : null;
}

function researchers(plan: PlanContext): ReferenceView[] {
  return uniqueReferences([
    ...planReferences(plan.view, REFERENCE_CODE.researchers),
    ...plan.groupRecords('rda.dmp.contributor').flatMap((record) => record.references('rda.dmp.contributor')),
  ]);
}

/** 1.2: the plan's organisations with an identifier, as the contact's affiliation. */
function affiliations(plan: PlanContext): Affiliation[] {
  const organisations = uniqueReferences([
    ...plan.dmp.references('rda.dmp.contact.affiliation'),
    ...planReferences(plan.view, REFERENCE_CODE.organisations),
  ]);
  return organisations.flatMap((organisation) => {
    const raw = organisation.reference ?? organisation.url;
    if (!raw) return [];
    const parsed = parseIdentifier(raw, organisation.fields.pidTypeField);
    return [{ name: organisation.label, affiliation_id: { identifier: parsed.url, type: parsed.scheme } }];
  });
}

/**
 * Declared contributors (`rda.dmp.contributor.*` answers, `researchers` references) and the
 * plan's data stewards (MEMBER_CONTRIBUTOR_ROLES), roles as DataCite contributorTypes where one
 * fits. A person whose identifier or e-mail an earlier one has is merged into it (roles added),
 * looked up by index: plans list thousands of members.
 */
export function mapContributors(plan: PlanContext): Contributor[] {
  const contributors: Contributor[] = [];
  const byIdentifier = new Map<string, Contributor>();
  const byEmail = new Map<string, Contributor>();
  const add = (contributor: Contributor) => {
    const email = contributor.mbox?.toLowerCase();
    const same = byIdentifier.get(contributor.contributor_id.identifier) ?? (email ? byEmail.get(email) : undefined);
    if (same) {
      same.role = [...new Set([...same.role, ...contributor.role])];
      return;
    }
    contributors.push(contributor);
    if (!byIdentifier.has(contributor.contributor_id.identifier))
      byIdentifier.set(contributor.contributor_id.identifier, contributor);
    if (email && !byEmail.has(email)) byEmail.set(email, contributor);
  };

  const rolesOf = (record: SemanticRecord) => {
    const roles = [...new Set(record.items('rda.dmp.contributor.role').map(toContributorRole))];
    return roles.length > 0 ? roles : [RESEARCHER_ROLE];
  };
  for (const record of plan.groupRecords('rda.dmp.contributor')) {
    for (const r of record.references('rda.dmp.contributor')) add(referenceContributor(r, rolesOf(record)));
    const name = record.text('rda.dmp.contributor.name') ?? textOnly(record, 'rda.dmp.contributor');
    if (!name) continue;
    const mbox = record.text('rda.dmp.contributor.mbox');
    const id = identifierAnswer(record, 'rda.dmp.contributor.contributor_id');
    add({
      name,
      ...optional('mbox', isEmail(mbox) ? mbox : null),
      role: rolesOf(record),
      contributor_id: id
        ? rdaIdentifier(parseIdentifier(id.identifier, id.type), PERSON_ID_TYPES)
        : { identifier: isEmail(mbox) ? mbox : name, type: 'other' },
    });
  }
  for (const r of planReferences(plan.view, REFERENCE_CODE.researchers)) {
    add(referenceContributor(r, [RESEARCHER_ROLE]));
  }
  for (const member of plan.view.users) {
    const roles = member.roles.flatMap((role) => MEMBER_CONTRIBUTOR_ROLES[role] ?? []);
    const email = isEmail(member.email) ? member.email.trim() : null;
    // Without an e-mail there is nothing to identify them by but an account id, which is none.
    if (roles.length === 0 || !email) continue;
    add({
      name: member.name ?? email,
      mbox: email,
      role: roles,
      contributor_id: personId(plan, email) ?? { identifier: email, type: 'other' },
    });
  }
  return contributors;
}

/** A researcher reference as a contributor. */
function referenceContributor(r: ReferenceView, roles: string[]): Contributor {
  const email = isEmail(r.fields.primaryEmail) ? r.fields.primaryEmail.trim() : null;
  // A reference without an external id is known by its e-mail, else its name: its own id is the planning service's.
  const identifier = r.reference?.trim() || r.url || email || r.label;
  return {
    name: r.label,
    ...optional('mbox', email),
    role: roles,
    contributor_id: rdaIdentifier(parseIdentifier(identifier, r.fields.pidTypeField), PERSON_ID_TYPES),
  };
}
