/**
 * Runs exports in a small pool of worker threads (every format declares `runsInWorker`), so
 * `/formats` and health keep answering, and each export runs under the EXPORT_TIMEOUT_MS
 * deadline: a thread that overruns is terminated, which no deadline can do to the event loop.
 */
import path from 'node:path';
import Piscina from 'piscina';
import type { DescriptionModel, PlanModel } from '../contract/model';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import type { ExportTask, ExportTaskResult } from './worker';
import type { EntityType, ExportContext, ExportResult, Exporter } from './types';

export interface ExportServiceOptions {
  workers: number;
  timeoutMs: number;
  /** Old-generation heap of each thread (EXPORT_MEMORY_MB). */
  memoryMb: number;
  logger: Logger;
}

// The worker is this folder's worker.ts under tsx/Jest, worker.js once built.
const extension = path.extname(__filename);
const WORKER_FILE = path.join(__dirname, `worker${extension}`);
const WORKER_EXEC_ARGV = extension === '.ts' ? ['--require', 'tsx/cjs'] : [];

/**
 * V8 sizes the young generation from the machine's memory (up to 64 MB semi-spaces): on a big
 * host one export then peaks ~100 MB higher for no speed gain. 24 MB measured the same time.
 */
const YOUNG_GENERATION_MB = 24;

export class ExportService {
  private readonly pool: Piscina;

  constructor(private readonly options: ExportServiceOptions) {
    this.pool = new Piscina({
      filename: WORKER_FILE,
      execArgv: WORKER_EXEC_ARGV,
      // A bounded heap per thread: one huge or hostile plan cannot take the host's memory.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: options.memoryMb },
      minThreads: 1,
      maxThreads: options.workers,
      // Bounded: past this, callers get a 503 "busy" instead of an ever-growing queue.
      maxQueue: Math.max(8, options.workers * 8),
      idleTimeout: 60_000,
    });
  }

  async run(exporter: Exporter, entity: EntityType, model: PlanModel | DescriptionModel, context: ExportContext): Promise<ExportResult> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    if (!exporter.runsInWorker) {
      const work = entity === 'plan' ? exporter.exportPlan(model as PlanModel, context) : exporter.exportDescription(model as DescriptionModel, context);
      return Promise.race([work, rejectOnAbort(deadline, this.timeoutError())]);
    }
    const task: ExportTask = { format: exporter.format, entity, model, context };
    let result: ExportTaskResult;
    try {
      // On abort, piscina terminates the thread running the task: a runaway render cannot linger.
      result = await this.pool.run(task, { signal: deadline });
    } catch (error) {
      if (deadline.aborted) throw this.timeoutError();
      if (error instanceof Error && /queue is at limit/i.test(error.message)) {
        throw new HttpError(503, 'The service is busy with other exports; retry in a moment.');
      }
      // Only the thread dies (piscina replaces it); the request gets a clear answer.
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new HttpError(413, `This plan is too large to export: rendering it needed more than the memory an export may use (EXPORT_MEMORY_MB=${this.options.memoryMb}).`);
      }
      throw error;
    }
    if (!result.ok) {
      if (result.internal) this.options.logger.error('export failed in worker', { format: exporter.format, entity, stack: result.internal });
      throw HttpError.fromBody(result.error);
    }
    return { bytes: result.bytes, warnings: result.warnings, ...(result.pages !== undefined && { pages: result.pages }) };
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private timeoutError(): HttpError {
    return new HttpError(503, `The export did not finish within EXPORT_TIMEOUT_MS (${this.options.timeoutMs} ms); try a smaller plan or ask the operator to raise the limit.`);
  }
}

function rejectOnAbort(signal: AbortSignal, error: Error): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(error), { once: true }));
}
