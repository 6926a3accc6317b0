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
  type Dmp,
  type Identifier,
  type PersonIdType,
} from '../madmp';
import { CONTACT_PERSON_ROLE, MEMBER_CONTRIBUTOR_ROLES, RESEARCHER_ROLE, toContributorRole } from '../vocabulary';
import { identifierAnswer, referenceIdentifier, textOf, type SemanticRecord } from './answers';
import { isEmail, planReferences, REFERENCE_CODE, textOnly, uniqueReferences, type PlanContext } from './planContext';

interface Person {
  name: string | null;
  email: string | null;
  id: Identifier<PersonIdType> | null;
  source: string;
  /** A person the plan names (a contact person, a member), not an address typed on its own. */
  named: boolean;
}

const lower = (value: string | null) => value?.trim().toLowerCase() ?? null;

function samePerson(a: Person, b: Person): boolean {
  if (a === b) return true;
  return a.email ? lower(a.email) === lower(b.email) : a.name !== null && a.name === b.name;
}

/**
 * `contact` and `contributor[]`. RDA has one contact; the plan's other contact persons are
 * contributors with role ContactPerson.
 */
export function mapPeople(plan: PlanContext): Pick<Dmp, 'contact' | 'contributor'> {
  const contactPersons = [...semanticContacts(plan), ...planContacts(plan)];
  const { contact, chosen } = mapContact(plan, contactPersons);
  const others = contactPersons.filter((person) => person.named && !samePerson(person, chosen));
  return { contact, ...optionalList('contributor', mapContributors(plan, others)) };
}

/** The contact: semantic answers, else the plan's contacts, else its creator, else an owner. */
function mapContact(plan: PlanContext, contactPersons: Person[]): { contact: Contact; chosen: Person } {
  const candidates = [...contactPersons, ...planMembers(plan)];
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
    Object.assign(contact, optionalList('affiliation', contactAffiliations(plan)));
    return { contact, chosen: candidate };
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
        people.push({ name: c.name, email: c.email, id: personId, source: answer.source, named: true });
    } else if (answer.value.kind === 'users') {
      for (const u of answer.value.users)
        people.push({ name: u.name, email: u.email, id: personId, source: answer.source, named: true });
    } else {
      people.push({ name: null, email: textOf(answer.value), id: personId, source: answer.source, named: false });
    }
  }
  return people;
}

/** The plan's contact persons. */
function planContacts({ view }: PlanContext): Person[] {
  return view.contacts.map((c) => ({
    name: c.name,
    email: c.email,
    id: null,
    source: `plan contact '${c.name ?? c.email}'`,
    named: true,
  }));
}

/** Who stands in for a missing contact: the plan's creator, else an owner. */
function planMembers({ view }: PlanContext): Person[] {
  const owners = view.users.filter((u) => u.roles.includes('owner'));
  return [view.creator, ...owners]
    .filter((p): p is NonNullable<typeof p> => p !== null)
    .map((p) => ({
      name: p.name,
      email: p.email,
      id: null,
      source: `plan member '${p.name ?? p.email}'`,
      named: false,
    }));
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

/**
 * The contact's affiliations: `rda.dmp.contact.affiliation` answers and the plan's organisations.
 * A 1.2 key that 1.1, which allows extra keys below the top, ignores: written in every output.
 */
function contactAffiliations(plan: PlanContext): Affiliation[] {
  return affiliations([
    ...plan.dmp.references('rda.dmp.contact.affiliation'),
    ...planReferences(plan.view, REFERENCE_CODE.organisations),
  ]);
}

/** Organisation references with an identifier (RDA requires `affiliation_id`), each once. */
function affiliations(organisations: ReferenceView[]): Affiliation[] {
  return uniqueReferences(organisations).flatMap((organisation) => {
    const raw = organisation.reference ?? organisation.url;
    if (!raw) return [];
    const parsed = parseIdentifier(raw, organisation.fields.pidTypeField);
    return [{ name: organisation.label, affiliation_id: { identifier: parsed.url, type: parsed.scheme } }];
  });
}

/**
 * Declared contributors (`rda.dmp.contributor.*` answers, `researchers` references), the plan's
 * other contact persons (ContactPerson) and its data stewards (MEMBER_CONTRIBUTOR_ROLES), roles as
 * DataCite contributorTypes where one fits. A person whose identifier or e-mail an earlier one
 * has is merged into it (roles added), looked up by index: plans list thousands of members.
 */
function mapContributors(plan: PlanContext, contactPersons: Person[]): Contributor[] {
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

  for (const record of plan.groupRecords('rda.dmp.contributor')) {
    const roles = rolesOf(record);
    const affiliation = affiliations(record.references('rda.dmp.contributor.affiliation'));
    for (const r of record.references('rda.dmp.contributor')) add(referenceContributor(r, roles, affiliation));
    const name = record.text('rda.dmp.contributor.name') ?? textOnly(record, 'rda.dmp.contributor');
    if (!name) continue;
    const mbox = record.text('rda.dmp.contributor.mbox');
    const id = identifierAnswer(record, 'rda.dmp.contributor.contributor_id');
    add({
      name,
      ...optional('mbox', isEmail(mbox) ? mbox : null),
      role: roles,
      contributor_id: id
        ? rdaIdentifier(parseIdentifier(id.identifier, id.type), PERSON_ID_TYPES)
        : { identifier: isEmail(mbox) ? mbox : name, type: 'other' },
      ...optionalList('affiliation', affiliation),
    });
  }
  for (const r of planReferences(plan.view, REFERENCE_CODE.researchers)) {
    add(referenceContributor(r, [RESEARCHER_ROLE], []));
  }
  for (const person of contactPersons) {
    const email = isEmail(person.email) ? person.email.trim() : null;
    const name = person.name ?? email;
    if (!name) continue;
    add({
      name,
      ...optional('mbox', email),
      role: [CONTACT_PERSON_ROLE],
      contributor_id: (email ? personId(plan, email) : null) ?? { identifier: email ?? name, type: 'other' },
    });
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

/**
 * A contributor's roles: the answered ones; none when the question asks for roles and has no
 * answer; Researcher for people listed where no role is asked (a researchers field).
 */
function rolesOf(record: SemanticRecord): string[] {
  const roles = [...new Set(record.items('rda.dmp.contributor.role').map(toContributorRole))];
  if (roles.length > 0 || record.asks('rda.dmp.contributor.role')) return roles;
  return [RESEARCHER_ROLE];
}

/** A researcher reference as a contributor. */
function referenceContributor(r: ReferenceView, roles: string[], affiliation: Affiliation[]): Contributor {
  const email = isEmail(r.fields.primaryEmail) ? r.fields.primaryEmail.trim() : null;
  // A reference without an external id is known by its e-mail, else its name: its own id is the planning service's.
  const identifier = r.reference?.trim() || r.url || email || r.label;
  return {
    name: r.label,
    ...optional('mbox', email),
    role: roles,
    contributor_id: rdaIdentifier(parseIdentifier(identifier, r.fields.pidTypeField), PERSON_ID_TYPES),
    ...optionalList('affiliation', affiliation),
  };
}
