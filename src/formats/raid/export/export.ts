/**
 * RAiD export: plan view -> `raid.*` answers -> RAiD metadata record -> schema check -> UTF-8 JSON.
 * What the plan lacks for RAiD is a 422 naming each field to fill; the schema check after it is a
 * safety net (the mapper writes only values it checked), so a failure there is our bug, a 500.
 */
import type { DescriptionModel, PlanModel } from '../../../contract/model';
import { describeErrors } from '../../../contract/validate';
import { ServiceError } from '../../../errors';
import { buildDescriptionExportView, buildPlanView } from '../../../plan/buildPlanView';
import type { DescriptionView, PlanView } from '../../../plan/types';
import type { ExportContext, ExportResult } from '../../types';
import type { RaidDocument } from '../model';
import { raidSchemaErrors, raidValidator } from '../schema';
import { collectAnswers } from './answers';
import { recordContributors, recordOrganisations } from './people';
import { recordAlternateIdentifiers, recordAlternateUrls, recordRelatedObjects, recordRelatedRaids } from './links';
import { Mapping } from './mapping';
import { recordAccess, recordDate, recordDescriptions, recordIdentifier, recordTitles } from './record';

export interface RaidRendering extends ExportResult {
  document: RaidDocument;
}

/** Problems listed in one error; more are counted. */
const LISTED_PROBLEMS = 50;

/** The RAiD record of a plan with these (visible, not canceled) descriptions; throws a 422 listing what is missing. */
export function mapToRaid(
  plan: PlanView,
  descriptions: readonly DescriptionView[],
): { document: RaidDocument; warnings: string[] } {
  const mapping = new Mapping(plan, collectAnswers(plan, descriptions));
  const date = recordDate(mapping);
  const identifier = recordIdentifier(mapping);
  const title = recordTitles(mapping, date.startDate);
  const description = recordDescriptions(mapping);
  const access = recordAccess(mapping);
  const alternateUrl = recordAlternateUrls(mapping);
  const contributor = recordContributors(mapping, date.startDate);
  const organisation = recordOrganisations(mapping, date.startDate);
  const relatedRaid = recordRelatedRaids(mapping);
  const relatedObject = recordRelatedObjects(mapping);
  const alternateIdentifier = recordAlternateIdentifiers(mapping);
  const problems = mapping.problems;
  if (problems.length > 0) {
    const details = problems.slice(0, LISTED_PROBLEMS);
    if (problems.length > LISTED_PROBLEMS)
      details.push({ path: '', message: `and ${problems.length - LISTED_PROBLEMS} more problems` });
    throw new ServiceError(
      'unprocessable',
      problems.length === 1
        ? `The plan cannot be exported as RAiD metadata: ${problems[0].message}`
        : `The plan cannot be exported as RAiD metadata: ${problems.length} values are missing or not valid; the details name each field.`,
      details,
    );
  }
  // Keys in the order of the RAiD API's RaidCreateRequest; empty optional lists are left out.
  const document: RaidDocument = {
    ...(identifier && { identifier }),
    title,
    date,
    ...(description.length > 0 && { description }),
    access,
    ...(alternateUrl.length > 0 && { alternateUrl }),
    contributor,
    ...(organisation.length > 0 && { organisation }),
    ...(relatedRaid.length > 0 && { relatedRaid }),
    ...(relatedObject.length > 0 && { relatedObject }),
    ...(alternateIdentifier.length > 0 && { alternateIdentifier }),
  };
  return { document, warnings: [...mapping.answers.overridden, ...mapping.warnings] };
}

/** Maps, validates against the RAiD schema and serialises (2-space indent). */
export function renderRaid(plan: PlanView, descriptions: readonly DescriptionView[]): RaidRendering {
  // Compiled first, so a thread's warm-up compiles it even when its sample plan is a 422 for RAiD.
  raidValidator();
  const { document, warnings } = mapToRaid(plan, descriptions);
  const errors = raidSchemaErrors(document);
  if (errors.length > 0) {
    throw new ServiceError(
      'internal',
      'The RAiD export does not validate against the RAiD metadata schema 1.6.3; this is a bug.',
      describeErrors(errors),
    );
  }
  return { document, bytes: new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`), warnings };
}

export function exportPlanToRaid(plan: PlanModel, context: ExportContext): RaidRendering {
  const view = buildPlanView(plan, { transformerId: context.transformerId, withhold: context.withhold });
  return renderRaid(
    view,
    view.sections.flatMap((section) => section.descriptions),
  );
}

/** One description: the plan's record, with only this description's answers. */
export function exportDescriptionToRaid(description: DescriptionModel, context: ExportContext): RaidRendering {
  const view = buildDescriptionExportView(description, {
    transformerId: context.transformerId,
    withhold: context.withhold,
  });
  return renderRaid(view.plan, [view.description]);
}
