/**
 * `dmp.project[]` with their `funding[]`: from project, grant and funder references (the plan's
 * own and those answered in descriptions) and from `rda.dmp.project.*` text answers.
 */
import type { ReferenceView } from '../../../plan/types';
import { parseFunderIdentifier, parseIdentifier, rdaIdentifier, type ParsedIdentifier } from '../identifiers';
import { FUNDER_ID_TYPES, GRANT_ID_TYPES, optional, optionalList, type Funding, type Project } from '../madmp';
import { dateOfText } from '../text';
import type { RdaOutput } from '../version';
import { toFundingStatus } from '../vocabulary';
import { dateAnswer, identifierAnswer, referenceIdentifier, type SemanticRecord } from './answers';
import { planReferences, REFERENCE_CODE, textOnly, uniqueReferences, type PlanContext } from './planContext';

export function mapProjects(plan: PlanContext): Project[] {
  const records = plan.groupRecords('rda.dmp.project');
  const byCode = (code: string) => planReferences(plan.view, code);
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
  const fundings = referenceFundings(plan, grants, funders, status);

  const projects: Project[] = projectRefs.map((r, index) => ({
    ...referenceProject(r),
    ...optionalList('funding', index === 0 ? fundings.map((f) => f.funding) : []),
  }));
  if (projects.length === 0) {
    // No project in the plan: each grant stands for its project; lone funders fund the plan's work.
    for (const { funding, grant } of fundings) {
      if (grant) projects.push({ ...referenceProject(grant), funding: [funding] });
    }
    const ungranted = fundings.filter((f) => !f.grant).map((f) => f.funding);
    if (ungranted.length > 0) projects.push({ title: plan.view.title, funding: ungranted });
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
        dateAnswer(record, 'rda.dmp.project.start', (m) => plan.warn(m)),
      ),
      ...optional(
        'end',
        dateAnswer(record, 'rda.dmp.project.end', (m) => plan.warn(m)),
      ),
      ...optionalList('funding', textFunding(record, status, plan.output)),
    };
    // 1.2 only; 1.1 allows extra keys below the top, so every output writes it.
    const id = identifierAnswer(record, 'rda.dmp.project.project_id');
    if (id) {
      const parsed = parseIdentifier(id.identifier, id.type);
      project.project_id = [
        { identifier: parsed.scheme === 'other' ? parsed.bare : parsed.url, type: id.type ?? parsed.scheme },
      ];
    }
    projects.push(project);
  }
  return projects;
}

function referenceProject(reference: ReferenceView): Project {
  const project: Project = {
    title: reference.label,
    ...optional('description', reference.description),
    ...optional('start', referenceDate(reference, 'start')),
    ...optional('end', referenceDate(reference, 'end')),
  };
  if (reference.reference) {
    const parsed = parseIdentifier(reference.reference, reference.fields.pidTypeField);
    project.project_id = [{ identifier: parsed.scheme === 'other' ? parsed.bare : parsed.url, type: parsed.scheme }];
  }
  return project;
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

/**
 * RDA funding needs a funder. One funder funds every grant; as many funders as grants pair up
 * in order; otherwise each funder gets a funding without grant and the grants are reported.
 */
function referenceFundings(
  plan: PlanContext,
  grants: ReferenceView[],
  funders: ReferenceView[],
  status: Funding['funding_status'] | null,
): { funding: Funding; grant: ReferenceView | null }[] {
  const funding = (funder: ReferenceView, grant: ReferenceView | null) => ({
    funding: {
      ...funderName(funder),
      funder_id: funderId(parseFunderIdentifier(referenceIdentifier(funder), funder.fields.pidTypeField), plan.output),
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
    plan.warn(
      `Grant '${grant.label}' is not in the RDA funding: RDA needs its funder, and the plan names ${funders.length} funders.`,
    );
  }
  return funders.map((f) => funding(f, null));
}

/** 1.1 has no `ror` funder type (a ROR id is a `url` there); 1.2 output names it. */
function funderId(parsed: ParsedIdentifier, output: RdaOutput): Funding['funder_id'] {
  if (output === '1.2' && parsed.scheme === 'ror') return { identifier: parsed.url, type: 'ror' };
  return rdaIdentifier(parsed, FUNDER_ID_TYPES);
}

/** A funding written as text answers (`…funding.funder_id.identifier` etc.). */
function textFunding(record: SemanticRecord, status: Funding['funding_status'] | null, output: RdaOutput): Funding[] {
  const funder = identifierAnswer(record, 'rda.dmp.project.funding.funder_id');
  if (!funder) return [];
  const grant = identifierAnswer(record, 'rda.dmp.project.funding.grant_id');
  return [
    {
      funder_id: funderId(parseFunderIdentifier(funder.identifier, funder.type), output),
      ...(grant ? { grant_id: rdaIdentifier(parseIdentifier(grant.identifier, grant.type), GRANT_ID_TYPES) } : {}),
      ...optional('funding_status', status),
    },
  ];
}

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
