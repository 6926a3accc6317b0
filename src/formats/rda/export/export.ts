/**
 * RDA maDMP export: plan view -> maDMP document -> schema check -> UTF-8 JSON bytes. Every
 * document is validated against each schema version it promises before it leaves. The mapper
 * writes only values it has checked, so a failure is our bug: a 500 whose details list ajv's
 * errors (paths into the maDMP, no user data), rather than a file that does not validate.
 */
import type { DescriptionModel, PlanModel } from '../../../contract/model';
import { describeErrors } from '../../../contract/validate';
import { ServiceError } from '../../../errors';
import { buildDescriptionExportView, buildPlanView } from '../../../plan/buildPlanView';
import type { DescriptionView, PlanView } from '../../../plan/types';
import type { ExportContext, ExportResult } from '../../types';
import type { MaDmpDocument } from '../madmp';
import { RdaMapper } from './RdaMapper';
import { schemaErrors } from '../schemas';
import { RDA_VERSION_FIELD, rdaVersionChoice, type RdaVersionChoice } from '../version';

export interface RdaRendering extends ExportResult {
  document: MaDmpDocument;
}

/** Maps, validates against every promised version, and serialises (2-space indent). */
export function renderRda(
  plan: PlanView,
  descriptions: DescriptionView[],
  choice: RdaVersionChoice,
  now?: Date,
): RdaRendering {
  const { document, warnings } = new RdaMapper(plan, descriptions, { output: choice.output, now }).map();
  for (const version of choice.promises) {
    const errors = schemaErrors(version, document);
    if (errors.length > 0) {
      throw new ServiceError(
        'internal',
        `The RDA export does not validate against the RDA DMP Common Standard ${version} schema; this is a bug.`,
        describeErrors(errors),
      );
    }
  }
  return { document, bytes: new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`), warnings };
}

export function exportPlanToRda(plan: PlanModel, context: ExportContext): RdaRendering {
  const view = buildPlanView(plan, { transformerId: context.transformerId, withhold: context.withhold });
  const descriptions = view.sections.flatMap((section) => section.descriptions);
  return renderRda(view, descriptions, rdaVersionChoice(view.configuration));
}

/** One description as a maDMP with one dataset; plan-level data from the plan it belongs to. */
export function exportDescriptionToRda(description: DescriptionModel, context: ExportContext): RdaRendering {
  const view = buildDescriptionExportView(description, {
    transformerId: context.transformerId,
    withhold: context.withhold,
  });
  // The template's setting applies to its descriptions; the blueprint's otherwise.
  const configuration = view.description.configuration[RDA_VERSION_FIELD.code]?.text?.trim()
    ? view.description.configuration
    : view.plan.configuration;
  return renderRda(view.plan, [view.description], rdaVersionChoice(configuration));
}
