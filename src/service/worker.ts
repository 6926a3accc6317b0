/**
 * Worker-thread entry: runs one export off the main event loop. Errors travel back as plain data
 * (ErrorData), because only name and message of an Error survive the thread boundary.
 * `runRequest` takes a request body as bytes and does all the heavy work here: parse, validate,
 * decode, then export or import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread, resourceLimits, workerData } from 'node:worker_threads';
import type { DescriptionModel, PlanModel } from '../contract/model';
import { decodeDescription, decodePlan } from '../contract/decode';
import { parseJsonBody } from '../contract/parse';
import { assertValidModel, warmUpValidation } from '../contract/validate';
import { ServiceError, type ErrorData } from '../errors';
import { PROJECT_ROOT } from '../paths';
import { ALL_EXPORTERS, ALL_IMPORTERS } from './formats';
import { pickImporter } from './registry';
import type { ExportContext } from '../formats/types';
import type { EntityType } from '../contract/formats';
import { profiled } from './workerProfile';

/** What the pool tells each thread it starts (piscina's `workerData`). */
export interface ExportThreadData {
  /** The enabled formats, each exported once before the thread takes requests. */
  warmUpFormats: readonly string[];
}

/** The sample plan a fresh thread exports: small, but it reaches every stage of each format. */
const WARM_UP_PLAN = path.join(PROJECT_ROOT, 'fixtures', 'plan-minimal.json');
/**
 * Below this heap (EXPORT_MEMORY_MB) a thread starts cold: every renderer loaded at once takes
 * ~40 MB, and a thread that ran out of memory before it was ready would be replaced forever.
 */
const MIN_WARM_UP_HEAP_MB = 128;

export interface ExportTask {
  format: string;
  entity: EntityType;
  model: PlanModel | DescriptionModel;
  context: ExportContext;
}

export type ExportTaskResult =
  | { ok: true; bytes: Uint8Array; warnings: string[]; pages?: number }
  /** `internal` carries a bug's stack for the log; it is never sent to the client. */
  | { ok: false; error: ErrorData; internal?: string };

/** One request of the file-transformer contract, with its body still as bytes. */
export interface RequestTask {
  action: 'export' | 'preprocess' | 'import';
  entity: EntityType;
  /** The export format (exports only). */
  format?: string;
  /** Imports: the enabled formats the upload may be in, in EXPORT_FORMATS order (the registry's importersFor). */
  importFormats?: readonly string[];
  body: Uint8Array;
  context: ExportContext;
  /** Exports: answer the file base64-encoded (as ASCII bytes), so the event loop need not encode it. */
  base64?: boolean;
}

/**
 * Exports: the file (base64 when asked), `size` its length in bytes, `label` what names it;
 * imports: the answer's JSON as UTF-8.
 */
export type RequestTaskResult =
  | { ok: true; bytes: Uint8Array; size: number; warnings: string[]; label: string | null }
  | { ok: false; error: ErrorData; internal?: string };

function failure(error: unknown): { ok: false; error: ErrorData; internal?: string } {
  if (error instanceof ServiceError) return { ok: false, error: error.toData() };
  const internal = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { ok: false, error: { kind: 'internal', message: 'The export failed unexpectedly.', details: [] }, internal };
}

/**
 * A thread starts with the service, when the pool grows, and when it replaces one that was stopped
 * (deadline, memory). Cold, its first export in a format loads the renderer, compiles the schemas,
 * reads the fonts and runs unoptimised code: 0.4-1.1 s against 0.01-0.14 s warm, for a
 * one-description plan. So it first exports the sample plan once per enabled format, and compiles
 * the request schemas. A warm-up that fails leaves that format cold, nothing more.
 */
async function warmUp(formats: readonly string[]): Promise<void> {
  warmUpValidation();
  if ((resourceLimits.maxOldGenerationSizeMb ?? Infinity) < MIN_WARM_UP_HEAP_MB) return;
  let body: Uint8Array;
  try {
    body = fs.readFileSync(WARM_UP_PLAN);
  } catch {
    return; // not shipped (a trimmed install): every format stays cold
  }
  for (const format of formats)
    await handleRequest({ action: 'export', entity: 'plan', format, body, context: { transformerId: 'warm-up' } });
}

async function runExportTask(task: ExportTask): Promise<ExportTaskResult> {
  const exporter = ALL_EXPORTERS.find((e) => e.format === task.format);
  if (!exporter)
    return { ok: false, error: { kind: 'bad-request', message: `Unknown format "${task.format}".`, details: [] } };
  try {
    const result =
      task.entity === 'plan'
        ? await exporter.exportPlan(task.model as PlanModel, task.context)
        : await exporter.exportDescription(task.model as DescriptionModel, task.context);
    return {
      ok: true,
      bytes: result.bytes,
      warnings: result.warnings,
      ...(result.pages !== undefined && { pages: result.pages }),
    };
  } catch (error) {
    return failure(error);
  }
}

/**
 * The pool's default handler (`pool.run(task)`). piscina awaits a default export that is a promise
 * before it reports the thread ready, so a grown or replacement thread gets no request before its
 * warm-up is over (see ExportService.warmedUp for the threads the pool starts with).
 */
export default isMainThread
  ? Promise.resolve(runExportTask)
  : warmUp((workerData as ExportThreadData | undefined)?.warmUpFormats ?? []).then(
      () => runExportTask,
      () => runExportTask, // a warm-up that failed leaves the thread cold, not broken
    );

/** Answers once the thread is warm (ExportService.warmedUp). */
export const ping = (): true => true;

export function runRequest(task: RequestTask): Promise<RequestTaskResult> {
  return profiled(`${task.action}-${task.entity}-${task.format ?? 'json'}`, () => handleRequest(task));
}

async function handleRequest(task: RequestTask): Promise<RequestTaskResult> {
  try {
    const raw = parseJsonBody(task.body);
    if (task.action === 'export') {
      assertValidModel(task.entity, raw);
      const model = task.entity === 'plan' ? decodePlan(raw) : decodeDescription(raw);
      const result = await runExportTask({
        format: task.format ?? '',
        entity: task.entity,
        model,
        context: task.context,
      });
      if (!result.ok) return result;
      const file = Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength);
      const bytes = task.base64 ? new Uint8Array(Buffer.from(file.toString('base64'), 'latin1')) : result.bytes;
      return { ok: true, bytes, size: result.bytes.byteLength, warnings: result.warnings, label: model.label };
    }
    const candidates = (task.importFormats ?? ALL_IMPORTERS.map((i) => i.format)).flatMap((format) =>
      ALL_IMPORTERS.filter((i) => i.format === format && i.entityTypes.includes(task.entity)),
    );
    // The planning service sends no format with an upload: among several importers, the file decides.
    const importer = pickImporter(
      candidates,
      task.action === 'preprocess' ? raw : (raw as { file?: unknown } | null)?.file,
    );
    if (!importer) throw new ServiceError('not-found', `Import of ${task.entity}s is not available.`);
    const answer =
      task.action === 'preprocess'
        ? task.entity === 'plan'
          ? await importer.preprocessPlan(raw)
          : await importer.preprocessDescription(raw)
        : task.entity === 'plan'
          ? await importer.importPlan(raw, task.context)
          : await importer.importDescription(raw, task.context);
    const bytes = new TextEncoder().encode(JSON.stringify(answer));
    return { ok: true, bytes, size: bytes.byteLength, warnings: [], label: null };
  } catch (error) {
    return failure(error);
  }
}
