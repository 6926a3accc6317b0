/**
 * Worker-thread entry: runs one export off the main event loop. Errors travel back as plain data
 * (an ErrorBody), because only name and message of an Error survive the thread boundary.
 */
import type { DescriptionModel, PlanModel } from '../contract/model';
import { HttpError, type ErrorBody } from '../http/errors';
import { ALL_EXPORTERS } from './index';
import type { EntityType, ExportContext } from './types';

export interface ExportTask {
  format: string;
  entity: EntityType;
  model: PlanModel | DescriptionModel;
  context: ExportContext;
}

export type ExportTaskResult =
  | { ok: true; bytes: Uint8Array; warnings: string[]; pages?: number }
  /** `internal` carries a bug's stack for the log; it is never sent to the client. */
  | { ok: false; error: ErrorBody; internal?: string };

export default async function runExportTask(task: ExportTask): Promise<ExportTaskResult> {
  const exporter = ALL_EXPORTERS.find((e) => e.format === task.format);
  if (!exporter) return { ok: false, error: { code: 400, error: `Unknown format "${task.format}".`, details: [] } };
  try {
    const result =
      task.entity === 'plan'
        ? await exporter.exportPlan(task.model as PlanModel, task.context)
        : await exporter.exportDescription(task.model as DescriptionModel, task.context);
    return { ok: true, bytes: result.bytes, warnings: result.warnings, ...(result.pages !== undefined && { pages: result.pages }) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, error: error.toBody() };
    const internal = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { ok: false, error: { code: 500, error: 'The export failed unexpectedly.', details: [] }, internal };
  }
}
