/**
 * PlanView -> maDMP (`{"dmp": …}`). Values come from answers carrying `rda.*` semantics (blueprint
 * and template fields); where a plan has no such answer, from the plan itself (title, contacts,
 * references, users, DOIs…). Every semantic value overrides its fallback. The result is written to
 * validate against 1.1 and 1.2 at once (1.1 identifier types, no extra top-level keys); with output
 * '1.2' the fields only 1.2 defines are added.
 */
import { htmlToPlainText } from '../../../document/html';
import { ServiceError } from '../../../errors';
import type { DescriptionView, PlanView, ReferenceView, Value } from '../../../plan/types';
import {
  dateAnswer,
  dateOf,
  descriptionAnswers,
  identifierAnswer,
  planAnswers,
  rdaLanguageOf,
  referenceIdentifier,
  SemanticRecord,
  textOf,
  yesNoOf,
  type RdaGroup,
  type ScopeAnswers,
} from '../answers';
import { DatasetMapper } from './DatasetMapper';
import {
  parseFunderIdentifier,
  parseIdentifier,
  rdaIdentifier,
  resolvableUrl,
  type ParsedIdentifier,
} from '../identifiers';
import {
  DMP_ID_TYPES,
  FUNDER_ID_TYPES,
  GRANT_ID_TYPES,
  PERSON_ID_TYPES,
  type Affiliation,
  type Contact,
  type Contributor,
  type Cost,
  type Dataset,
  type Dmp,
  type Funding,
  type Identifier,
  type MaDmpDocument,
  optional,
  optionalList,
  type PersonIdType,
  type Project,
  type RelatedIdentifier,
} from '../madmp';
import { conformsTo } from '../schemas';
import { dateOfText, toRdaDateTime } from '../text';
import type { RdaOutput } from '../version';
import {
  MEMBER_CONTRIBUTOR_ROLES,
  RESEARCHER_ROLE,
  toContributorRole,
  toCurrency,
  toFundingStatus,
  toRdaLanguage,
  type YesNoUnknown,
} from '../vocabulary';

export interface RdaMapOptions {
  output: RdaOutput;
  /** Stands in for missing timestamps; injectable for tests. */
  now?: Date;
}

export interface RdaMapResult {
  document: MaDmpDocument;
  warnings: string[];
}

/** Reference type codes the planning service uses for these catalogues. */
const REFERENCE_CODE = {
  researchers: 'researchers',
  projects: 'projects',
  grants: 'grants',
  funders: 'funders',
  organisations: 'organisations',
};

const isEmail = (value: string | null | undefined): value is string => !!value && conformsTo('email', value.trim());

const referenceKey = (r: ReferenceView) => r.id ?? `${r.typeCode}|${r.reference ?? r.label}`;
function uniqueReferences(references: ReferenceView[]): ReferenceView[] {
  const seen = new Set<string>();
  return references.filter((r) => !seen.has(referenceKey(r)) && seen.add(referenceKey(r)));
}

/** The date of a reference field such as `startDate` / `start_date` / `start`. */
function referenceDate(reference: ReferenceView, which: 'start' | 'end'): string | null {
  for (const code of [`${which}Date`, `${which}_date`, which]) {
    const value = reference.fields[code];
    const date = value ? dateOfText(value) : null;
    if (date) return date;
  }
  return null;
}

interface Person {
  name: string | null;
  email: string | null;
  id: Identifier<PersonIdType> | null;
  source: string;
}

export class RdaMapper {
  /** In the order raised, each once. */
  private readonly warnings = new Set<string>();
  private readonly plan: ScopeAnswers;
  private readonly descriptions: { view: DescriptionView; answers: ScopeAnswers }[];
  /** rda.dmp.* answers: the blueprint first, then each description in order. */
  private readonly dmp: SemanticRecord;

  constructor(
    private readonly view: PlanView,
    descriptions: DescriptionView[],
    private readonly options: RdaMapOptions,
  ) {
    this.dmp = new SemanticRecord(view.language);
    this.plan = planAnswers(view);
    // Typed dates are read in the plan's language: the one its authors write in.
    this.descriptions = descriptions.map((d) => ({
      view: d,
      answers: descriptionAnswers(d, view.language ?? d.template.language),
    }));
    this.dmp.merge(this.plan.scalars);
    for (const { answers } of this.descriptions) this.dmp.merge(answers.scalars);
  }

  map(): RdaMapResult {
    const created = this.timestamp('rda.dmp.created', this.view.createdAt ?? this.view.updatedAt, 'created');
    const modified = this.timestamp('rda.dmp.modified', this.view.updatedAt ?? this.view.createdAt, 'modified');
    const dmp: Dmp = {
      title: this.dmp.text('rda.dmp.title') ?? this.view.title,
      ...optional('description', this.dmp.text('rda.dmp.description') ?? this.planDescription()),
      language: this.language(),
      created,
      modified,
      dmp_id: this.dmpId(),
      contact: this.contact(),
      ...optionalList('contributor', this.contributors()),
      ...optionalList('project', this.projects()),
      ...optionalList('cost', this.costs()),
      ...this.ethics(),
      dataset: this.datasets(created),
    };
    if (this.options.output === '1.2') {
      Object.assign(dmp, optionalList('alternate_identifier', this.alternateIdentifiers(dmp.dmp_id)));
      Object.assign(dmp, optionalList('related_identifier', this.relatedIdentifiers()));
    }
    return { document: { dmp }, warnings: [...this.warnings] };
  }

  private warn(message: string): void {
    this.warnings.add(message);
  }

  private groupRecords(group: RdaGroup): SemanticRecord[] {
    return [this.plan, ...this.descriptions.map((d) => d.answers)].flatMap((scope) => scope.groups.get(group) ?? []);
  }

  private planDescription(): string | null {
    return this.view.descriptionHtml ? htmlToPlainText(this.view.descriptionHtml) || null : null;
  }

  /**
   * `created`/`modified`: a semantic answer, else the plan's own time, else (with a warning) the
   * export time. A time the schemas cannot hold (a year past 9999) counts as missing.
   */
  private timestamp(key: string, planTime: Date | null, name: string): string {
    const answers = this.dmp.answers(key);
    const semantic = this.dmp.first(key, (value: Value) => {
      if (value.kind === 'date') return toRdaDateTime(value.date);
      const date = dateOf(value);
      return date ? `${date}T00:00:00Z` : null;
    });
    if (semantic) return semantic.value;
    if (answers.length > 0) {
      this.warn(
        `${answers[0].source}: "${textOf(answers[0].value) ?? ''}" is not a date in the years 0000 to 9999; it is not used for dmp.${name}.`,
      );
    }
    const fromPlan = planTime ? toRdaDateTime(planTime) : null;
    if (fromPlan) return fromPlan;
    this.warn(
      planTime
        ? `The plan's ${name} time is not in the years 0000 to 9999; the export time is used for dmp.${name}.`
        : `The plan has no ${name} time; the export time is used for dmp.${name}.`,
    );
    // The clock is within the years 0000 to 9999.
    return toRdaDateTime(this.options.now ?? new Date())!;
  }

  private language(): string {
    const answers = this.dmp.answers('rda.dmp.language');
    if (answers.length > 0) {
      const language = rdaLanguageOf(answers);
      if (language) return language;
      this.warn(
        `${answers[0].source}: "${textOf(answers[0].value) ?? ''}" is not a language the RDA schemas know; the plan language is used.`,
      );
    }
    const language = toRdaLanguage(this.view.language);
    if (language) return language;
    this.warn(`The plan language "${this.view.language ?? ''}" has no RDA language code; "eng" is used.`);
    return 'eng';
  }

  private dmpId(): Identifier<(typeof DMP_ID_TYPES)[number]> {
    const semantic = identifierAnswer(this.dmp, 'rda.dmp.dmp_id');
    if (semantic) return rdaIdentifier(parseIdentifier(semantic.identifier, semantic.type), DMP_ID_TYPES);
    const doi = this.preferredDoi();
    if (doi) return rdaIdentifier(parseIdentifier(doi, 'doi'), DMP_ID_TYPES);
    return { identifier: this.view.id, type: 'other' };
  }

  /** A DOI minted for the plan: Zenodo's when there is one, else the first. */
  private preferredDoi(): string | null {
    const zenodo = this.view.dois.find((d) => d.repositoryId?.toLowerCase() === 'zenodo');
    return (zenodo ?? this.view.dois[0])?.doi ?? null;
  }

  // ---- people ----

  /** The contact: semantic answers, else the plan's contacts, else its creator, else an owner. */
  private contact(): Contact {
    const candidates = [...this.semanticContacts(), ...this.planPeople()];
    // A name answered on its own (a text field) names whichever person is chosen; a Contact
    // field answers with people, each with their own name.
    const semanticName = this.dmp.first('rda.dmp.contact.name', (value) =>
      value.kind === 'contacts' || value.kind === 'users' ? null : textOf(value),
    )?.value;
    for (const candidate of candidates) {
      if (!isEmail(candidate.email)) {
        if (candidate.email)
          this.warn(`${candidate.source}: "${candidate.email}" is not a valid e-mail address for the RDA contact.`);
        continue;
      }
      const email = candidate.email.trim();
      const contact: Contact = {
        name: semanticName ?? candidate.name ?? email,
        mbox: email,
        contact_id: candidate.id ?? this.personId(email) ?? { identifier: email, type: 'other' },
      };
      if (this.options.output === '1.2') Object.assign(contact, optionalList('affiliation', this.affiliations()));
      return contact;
    }
    throw new ServiceError('unprocessable', 'The plan has no contact e-mail address, which an RDA maDMP requires.', [
      this.missingContactDetail(),
    ]);
  }

  /** Where, in the planning service, a contact e-mail can be added. */
  private missingContactDetail(): { path: string; message: string } {
    const fields = this.view.sections.flatMap((s) => s.fields);
    const field =
      fields.find((f) => f.semantics.includes('rda.dmp.contact.mbox')) ??
      fields.find((f) => f.systemFieldType === 'contact');
    const creator = this.view.creator?.name ? ` (${this.view.creator.name})` : '';
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
  private semanticContacts(): Person[] {
    const people: Person[] = [];
    const id = identifierAnswer(this.dmp, 'rda.dmp.contact.contact_id');
    const personId = id ? rdaIdentifier(parseIdentifier(id.identifier, id.type), PERSON_ID_TYPES) : null;
    for (const answer of this.dmp.answers('rda.dmp.contact.mbox')) {
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

  private planPeople(): Person[] {
    const owners = this.view.users.filter((u) => u.roles.includes('owner'));
    return [
      ...this.view.contacts.map((c) => ({
        name: c.name,
        email: c.email,
        id: null,
        source: `plan contact '${c.name ?? c.email}'`,
      })),
      ...[this.view.creator, ...owners]
        .filter((p): p is NonNullable<typeof p> => p !== null)
        .map((p) => ({ name: p.name, email: p.email, id: null, source: `plan member '${p.name ?? p.email}'` })),
    ];
  }

  /**
   * A person's id from what the plan knows about an e-mail: a researcher's ORCID, else null (the
   * caller uses the e-mail). Account ids of the planning service identify no researcher.
   */
  private personId(email: string): Identifier<PersonIdType> | null {
    const lower = email.toLowerCase();
    const researcher = this.researchers().find((r) => r.fields.primaryEmail?.toLowerCase() === lower);
    if (!researcher) return null;
    const id = rdaIdentifier(
      parseIdentifier(referenceIdentifier(researcher), researcher.fields.pidTypeField),
      PERSON_ID_TYPES,
    );
    return id.type === 'orcid' ? id : null;
  }

  private researchers(): ReferenceView[] {
    return uniqueReferences([
      ...this.view.references.filter((r) => r.typeCode === REFERENCE_CODE.researchers),
      ...this.groupRecords('rda.dmp.contributor').flatMap((record) => record.references('rda.dmp.contributor')),
    ]);
  }

  /** 1.2: the plan's organisations with an identifier, as the contact's affiliation. */
  private affiliations(): Affiliation[] {
    const organisations = uniqueReferences([
      ...this.dmp.references('rda.dmp.contact.affiliation'),
      ...this.view.references.filter((r) => r.typeCode === REFERENCE_CODE.organisations),
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
  private contributors(): Contributor[] {
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
    const referenceContributor = (r: ReferenceView, roles: string[]): Contributor => {
      const email = isEmail(r.fields.primaryEmail) ? r.fields.primaryEmail.trim() : null;
      // A reference without an external id is known by its e-mail, else its name: its own id is the planning service's.
      const identifier = r.reference?.trim() || r.url || email || r.label;
      return {
        name: r.label,
        ...optional('mbox', email),
        role: roles,
        contributor_id: rdaIdentifier(parseIdentifier(identifier, r.fields.pidTypeField), PERSON_ID_TYPES),
      };
    };

    const groupRecords = this.groupRecords('rda.dmp.contributor');
    const rolesOf = (record: SemanticRecord) => {
      const roles = [...new Set(record.items('rda.dmp.contributor.role').map(toContributorRole))];
      return roles.length > 0 ? roles : [RESEARCHER_ROLE];
    };
    for (const record of groupRecords) {
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
    for (const r of this.view.references.filter((ref) => ref.typeCode === REFERENCE_CODE.researchers)) {
      add(referenceContributor(r, [RESEARCHER_ROLE]));
    }
    for (const member of this.view.users) {
      const roles = member.roles.flatMap((role) => MEMBER_CONTRIBUTOR_ROLES[role] ?? []);
      const email = isEmail(member.email) ? member.email.trim() : null;
      // Without an e-mail there is nothing to identify them by but an account id, which is none.
      if (roles.length === 0 || !email) continue;
      add({
        name: member.name ?? email,
        mbox: email,
        role: roles,
        contributor_id: this.personId(email) ?? { identifier: email, type: 'other' },
      });
    }
    return contributors;
  }

  // ---- projects, funding, costs ----

  private projects(): Project[] {
    const records = this.groupRecords('rda.dmp.project');
    const byCode = (code: string) => this.view.references.filter((r) => r.typeCode === code);
    const projectRefs = uniqueReferences([
      ...byCode(REFERENCE_CODE.projects),
      ...records.flatMap((r) => r.references('rda.dmp.project')),
    ]);
    const grants = uniqueReferences([
      ...byCode(REFERENCE_CODE.grants),
      ...records.flatMap((r) => r.references('rda.dmp.project.funding.grant_id')),
    ]);
    const funders = uniqueReferences([
      ...byCode(REFERENCE_CODE.funders),
      ...records.flatMap((r) => r.references('rda.dmp.project.funding.funder_id')),
    ]);
    const status = toFundingStatus(records.flatMap((r) => r.candidates('rda.dmp.project.funding.funding_status')));
    const fundings = this.fundings(grants, funders, status);

    const projects: Project[] = projectRefs.map((r, index) => ({
      ...this.referenceProject(r),
      ...optionalList('funding', index === 0 ? fundings.map((f) => f.funding) : []),
    }));
    if (projects.length === 0) {
      // No project in the plan: each grant stands for its project; lone funders fund the plan's work.
      for (const { funding, grant } of fundings) {
        if (grant) projects.push({ ...this.referenceProject(grant), funding: [funding] });
      }
      const ungranted = fundings.filter((f) => !f.grant).map((f) => f.funding);
      if (ungranted.length > 0) projects.push({ title: this.view.title, funding: ungranted });
    }
    const titles = new Set(projects.map((p) => p.title));
    for (const record of records) {
      const title = record.text('rda.dmp.project.title') ?? textOnly(record, 'rda.dmp.project');
      if (!title || titles.has(title)) continue;
      titles.add(title);
      const project: Project = {
        title,
        ...optional('description', record.text('rda.dmp.project.description')),
        ...optional(
          'start',
          dateAnswer(record, 'rda.dmp.project.start', (m) => this.warn(m)),
        ),
        ...optional(
          'end',
          dateAnswer(record, 'rda.dmp.project.end', (m) => this.warn(m)),
        ),
        ...optionalList('funding', this.textFunding(record, status)),
      };
      const id = identifierAnswer(record, 'rda.dmp.project.project_id');
      if (this.options.output === '1.2' && id) {
        const parsed = parseIdentifier(id.identifier, id.type);
        project.project_id = [
          { identifier: parsed.scheme === 'other' ? parsed.bare : parsed.url, type: id.type ?? parsed.scheme },
        ];
      }
      projects.push(project);
    }
    return projects;
  }

  private referenceProject(reference: ReferenceView): Project {
    const project: Project = {
      title: reference.label,
      ...optional('description', reference.description),
      ...optional('start', referenceDate(reference, 'start')),
      ...optional('end', referenceDate(reference, 'end')),
    };
    if (this.options.output === '1.2' && reference.reference) {
      const parsed = parseIdentifier(reference.reference, reference.fields.pidTypeField);
      project.project_id = [{ identifier: parsed.scheme === 'other' ? parsed.bare : parsed.url, type: parsed.scheme }];
    }
    return project;
  }

  /**
   * RDA funding needs a funder. One funder funds every grant; as many funders as grants pair up
   * in order; otherwise each funder gets a funding without grant and the grants are reported.
   */
  private fundings(
    grants: ReferenceView[],
    funders: ReferenceView[],
    status: Funding['funding_status'] | null,
  ): { funding: Funding; grant: ReferenceView | null }[] {
    const funding = (funder: ReferenceView, grant: ReferenceView | null) => ({
      funding: {
        ...funderName(funder),
        funder_id: this.funderId(parseFunderIdentifier(referenceIdentifier(funder), funder.fields.pidTypeField)),
        ...(grant
          ? {
              grant_id: rdaIdentifier(
                parseIdentifier(referenceIdentifier(grant), grant.fields.pidTypeField),
                GRANT_ID_TYPES,
              ),
            }
          : {}),
        ...optional('funding_status', status),
      },
      grant,
    });
    if (funders.length === 1)
      return grants.length > 0 ? grants.map((g) => funding(funders[0], g)) : [funding(funders[0], null)];
    if (funders.length > 1 && funders.length === grants.length) return funders.map((f, i) => funding(f, grants[i]));
    for (const grant of grants) {
      this.warn(
        `Grant '${grant.label}' is not in the RDA funding: RDA needs its funder, and the plan names ${funders.length} funders.`,
      );
    }
    return funders.map((f) => funding(f, null));
  }

  /** 1.1 has no `ror` funder type (a ROR id is a `url` there); 1.2 output names it. */
  private funderId(parsed: ParsedIdentifier): Funding['funder_id'] {
    if (this.options.output === '1.2' && parsed.scheme === 'ror') return { identifier: parsed.url, type: 'ror' };
    return rdaIdentifier(parsed, FUNDER_ID_TYPES);
  }

  /** A funding written as text answers (`…funding.funder_id.identifier` etc.). */
  private textFunding(record: SemanticRecord, status: Funding['funding_status'] | null): Funding[] {
    const funder = identifierAnswer(record, 'rda.dmp.project.funding.funder_id');
    if (!funder) return [];
    const grant = identifierAnswer(record, 'rda.dmp.project.funding.grant_id');
    return [
      {
        funder_id: this.funderId(parseFunderIdentifier(funder.identifier, funder.type)),
        ...(grant ? { grant_id: rdaIdentifier(parseIdentifier(grant.identifier, grant.type), GRANT_ID_TYPES) } : {}),
        ...optional('funding_status', status),
      },
    ];
  }

  private costs(): Cost[] {
    const costs: Cost[] = [];
    const written = new Set<string>();
    for (const record of this.groupRecords('rda.dmp.cost')) {
      const valueText = record.text('rda.dmp.cost.value');
      const value = record.number('rda.dmp.cost.value');
      const title = record.text('rda.dmp.cost.title') ?? textOnly(record, 'rda.dmp.cost');
      if (!title && value === null) continue;
      // "1200 EUR" carries its currency when no currency field does.
      const currencyText =
        record.text('rda.dmp.cost.currency_code') ?? /\b([A-Za-z]{3})\b/.exec(valueText ?? '')?.[1] ?? null;
      const currency = toCurrency(currencyText);
      if (currencyText && !currency) {
        this.warn(
          `${record.sourceOf('rda.dmp.cost.currency_code')}: "${currencyText}" is not a currency in the RDA list; the cost is given without one.`,
        );
      }
      const cost: Cost = {
        title: title ?? 'Data management costs',
        ...optional('description', record.text('rda.dmp.cost.description')),
        ...optional('value', value),
        ...optional('currency_code', currency),
      };
      const key = JSON.stringify(cost);
      if (!written.has(key)) {
        written.add(key);
        costs.push(cost);
      }
    }
    return costs;
  }

  // ---- ethics ----

  /** `yes` anywhere wins, then `no`; unknown by default. A report that is not a URI joins the description. */
  private ethics(): Pick<Dmp, 'ethical_issues_exist' | 'ethical_issues_description' | 'ethical_issues_report'> {
    const answers = this.dmp.answers('rda.dmp.ethical_issues_exist');
    const values = answers.map((a) => {
      const value = yesNoOf(a.value);
      if (!value)
        this.warn(
          `${a.source}: "${textOf(a.value) ?? ''}" is not yes, no or unknown; ethical issues are reported as unknown.`,
        );
      return value;
    });
    const exist: YesNoUnknown = values.includes('yes') ? 'yes' : values.includes('no') ? 'no' : 'unknown';
    const descriptions = distinctTexts(this.textsOf('rda.dmp.ethical_issues_description'));
    const reports = distinctTexts(this.textsOf('rda.dmp.ethical_issues_report'));
    let report: string | null = null;
    if (this.options.output === '1.2') report = reports.join('\n') || null;
    else {
      report = reports.find((r) => conformsTo('uri', r)) ?? null;
      descriptions.push(...reports.filter((r) => r !== report).map((r) => `Ethics report: ${r}`));
    }
    return {
      ethical_issues_exist: exist,
      ...optional('ethical_issues_description', descriptions.join('\n\n') || null),
      ...optional('ethical_issues_report', report),
    };
  }

  private textsOf(key: string): string[] {
    return this.dmp
      .answers(key)
      .map((a) => textOf(a.value))
      .filter((t): t is string => t !== null);
  }

  // ---- datasets ----

  private datasets(created: string): Dataset[] {
    const mapper = new DatasetMapper({
      output: this.options.output,
      planCreatedDate: created.slice(0, 10),
      warn: (message) => this.warn(message),
    });
    // An annex (costs, ethics: only rda.dmp.* questions) feeds the plan-level keys, not a dataset.
    const datasets = this.descriptions.filter(({ answers }) => !isAnnex(answers));
    if (datasets.length === 0) {
      return [
        {
          title: `${this.view.title}: all data`,
          dataset_id: { identifier: `${this.view.id}#dataset`, type: 'other' },
          personal_data: 'unknown',
          sensitive_data: 'unknown',
          description:
            this.descriptions.length === 0
              ? 'The plan has no descriptions yet; this dataset stands for all data it covers.'
              : 'The plan describes no dataset of its own; this dataset stands for all data it covers.',
        },
      ];
    }
    return datasets.map(({ view, answers }) => mapper.map(view, answers));
  }

  // ---- 1.2 identifiers ----

  private alternateIdentifiers(dmpId: Identifier): Identifier[] {
    const ids: Identifier[] = [];
    if (dmpId.identifier !== this.view.id) ids.push({ identifier: this.view.id, type: 'other' });
    for (const { doi } of this.view.dois) {
      const parsed = parseIdentifier(doi, 'doi');
      if (parsed.url !== dmpId.identifier && !ids.some((i) => i.identifier === parsed.url))
        ids.push({ identifier: parsed.url, type: 'doi' });
    }
    return ids;
  }

  private relatedIdentifiers(): RelatedIdentifier[] {
    const previous = resolvableUrl(this.view.previousDoi, 'doi');
    return previous ? [{ identifier: previous, type: 'doi', relation_type: 'IsNewVersionOf' }] : [];
  }
}

// ---- helpers ----

/**
 * The funder's name, which RDA has no key for: written as `name` (what DMPRoadmap and DMPTool
 * write) and `funder_name` (the official 1.1 example ex9, what DSW's importer reads). Both are
 * extension keys every schema version allows below the root; our importer reads either.
 */
function funderName(funder: ReferenceView): Pick<Funding, 'name' | 'funder_name'> {
  const name = funder.label.trim();
  const isJustTheId = name === funder.reference?.trim() || name === funder.url;
  return name && !isJustTheId ? { name, funder_name: name } : {};
}

/** A description whose template asks only plan-level (`rda.dmp.*`) questions. */
function isAnnex(answers: ScopeAnswers): boolean {
  const keys = [...answers.keys];
  return keys.length > 0 && !keys.some((key) => key.startsWith('rda.dataset'));
}

/** The text of a whole-object key (e.g. `rda.dmp.cost` on a text field); references do not count. */
function textOnly(record: SemanticRecord, key: string): string | null {
  return record.first(key, (value) => (value.kind === 'references' ? null : textOf(value)))?.value ?? null;
}

/** Texts without repeats, comparing with whitespace collapsed (rich and plain copies of one answer). */
function distinctTexts(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((t) => {
    const key = t.replace(/\s+/g, ' ').trim();
    return !seen.has(key) && seen.add(key);
  });
}
