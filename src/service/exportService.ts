/**
 * Runs exports in a small pool of worker threads (every format declares `runsInWorker`), so
 * `/formats` and health keep answering, and each export runs under the EXPORT_TIMEOUT_MS
 * deadline: a thread that overruns is terminated, which no deadline can do to the event loop.
 */
import path from 'node:path';
import v8 from 'node:v8';
import Piscina from 'piscina';
import type { DescriptionModel, PlanModel } from '../contract/model';
import { ServiceError } from '../errors';
import type { Logger } from '../logger';
import type { ExportTask, ExportTaskResult, ExportThreadData, RequestTask, RequestTaskResult } from './worker';
import type { ExportContext, ExportResult, Exporter } from '../formats/types';
import type { EntityType } from '../contract/formats';

export interface ExportServiceOptions {
  workers: number;
  timeoutMs: number;
  /** Old-generation heap of each thread (EXPORT_MEMORY_MB). */
  memoryMb: number;
  /** Tasks waiting for a thread before new ones get 503 (EXPORT_QUEUE_LIMIT). */
  queueLimit?: number;
  /** Formats each fresh thread exports a sample plan in before it takes requests (the enabled ones). */
  warmUpFormats?: readonly string[];
  logger: Logger;
}

/** Seconds a client is asked to wait when every thread and queue slot is taken. */
const RETRY_AFTER_SECONDS = 5;

// The worker is this folder's worker.ts under tsx/Jest, worker.js once built.
const extension = path.extname(__filename);
const WORKER_FILE = path.join(__dirname, `worker${extension}`);
const WORKER_EXEC_ARGV = extension === '.ts' ? ['--require', 'tsx/cjs'] : [];

/**
 * V8 sizes the young generation from the machine's memory (up to 64 MB semi-spaces): on a big
 * host one export then peaks ~100 MB higher for no speed gain. 24 MB measured the same time.
 */
const YOUNG_GENERATION_MB = 24;

/**
 * After a full collection V8 lets the heap grow by a factor it takes from the heap limit: up to 4
 * for a limit of 2 GB or more (the main thread's), only 1.3 to 2 below it, as in our bounded
 * threads (EXPORT_MEMORY_MB). A large export then runs several full collections where one would
 * do, and their marking takes CPU from the other thread. The flag gives every heap the factor 4;
 * the limit stays what it is (V8 grows at most halfway to it). An operator's own
 * `--heap-growing-percent` on the command line wins.
 */
const HEAP_GROWING_PERCENT = 300;

/** Sets the heap growing factor for every thread of the process (V8 flags are per process). */
export function growHeapsLikeLargeOnes(): void {
  if (process.execArgv.some((flag) => /^--heap[-_]growing[-_]percent\b/.test(flag))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

/** The heap bounds of an export thread (piscina's and Worker's `resourceLimits`). */
export const exportThreadLimits = (memoryMb: number) => ({
  maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
  maxOldGenerationSizeMb: memoryMb,
});

export class ExportService {
  private readonly pool: Piscina;
  /** Resolves once a thread has warmed up and answered (readiness waits for it). */
  readonly warmedUp: Promise<void>;
  private warm = false;

  constructor(private readonly options: ExportServiceOptions) {
    growHeapsLikeLargeOnes();
    this.pool = new Piscina({
      filename: WORKER_FILE,
      execArgv: WORKER_EXEC_ARGV,
      workerData: { warmUpFormats: options.warmUpFormats ?? [] } satisfies ExportThreadData,
      // A bounded heap per thread: one huge or hostile plan cannot take the host's memory.
      resourceLimits: exportThreadLimits(options.memoryMb),
      minThreads: 1,
      maxThreads: options.workers,
      // Bounded: past this, callers get a 503 "busy" instead of an ever-growing queue.
      maxQueue: options.queueLimit ?? Math.max(8, options.workers * 8),
      idleTimeout: 60_000,
    });
    // The pool's first thread takes tasks before its warm-up ends (piscina trusts threads started
    // with the pool), so this no-op queues behind the warm-up and tells when a thread is ready. If
    // it fails (the thread died), readiness does not wait forever: the pool replaces the thread.
    const warmed = () => {
      this.warm = true;
    };
    this.warmedUp = this.pool.run(null, { name: 'ping' }).then(warmed, warmed);
  }

  /** Whether a thread has warmed up: until then an export would wait for the warm-up. */
  get isWarm(): boolean {
    return this.warm;
  }

  async run(
    exporter: Exporter,
    entity: EntityType,
    model: PlanModel | DescriptionModel,
    context: ExportContext,
  ): Promise<ExportResult> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    if (!exporter.runsInWorker) {
      const work =
        entity === 'plan'
          ? exporter.exportPlan(model as PlanModel, context)
          : exporter.exportDescription(model as DescriptionModel, context);
      return Promise.race([work, rejectOnAbort(deadline, this.timeoutError())]);
    }
    const task: ExportTask = { format: exporter.format, entity, model, context };
    const result = await this.inPool<ExportTaskResult>(() => this.pool.run(task, { signal: deadline }), deadline);
    if (!result.ok) {
      if (result.internal)
        this.options.logger.error('export failed in worker', {
          format: exporter.format,
          entity,
          stack: result.internal,
        });
      throw ServiceError.fromData(result.error);
    }
    return {
      bytes: result.bytes,
      warnings: result.warnings,
      ...(result.pages !== undefined && { pages: result.pages }),
    };
  }

  /**
   * A request whose body is still bytes: parsed, validated and exported (or imported) in a
   * thread. The bytes are shared with the thread (a SharedArrayBuffer) or copied, so a retry
   * still has them.
   */
  async runRequest(
    task: RequestTask,
  ): Promise<{ bytes: Uint8Array; size: number; warnings: string[]; label: string | null }> {
    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    const result = await this.inPool<RequestTaskResult>(
      () => this.pool.run(task, { name: 'runRequest', signal: deadline }),
      deadline,
    );
    if (!result.ok) {
      if (result.internal)
        this.options.logger.error('request failed in worker', {
          action: task.action,
          format: task.format,
          entity: task.entity,
          stack: result.internal,
        });
      throw ServiceError.fromData(result.error);
    }
    return { bytes: result.bytes, size: result.size, warnings: result.warnings, label: result.label };
  }

  /**
   * Runs a task in the pool and turns the pool's failures into answers: deadline or full queue
   * -> 503 with Retry-After; out of memory -> one retry on a fresh thread (a thread's heap also
   * holds what earlier tasks left, so the same input gets the same answer), then 413; a thread
   * that died otherwise -> 503. piscina replaces every dead thread.
   */
  private async inPool<T>(run: () => Promise<T>, deadline: AbortSignal): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (deadline.aborted) throw this.timeoutError();
        if (error instanceof Error && /queue is at limit/i.test(error.message)) {
          throw new ServiceError(
            'unavailable',
            'The service is busy with other exports (EXPORT_QUEUE_LIMIT); retry in a moment.',
            [{ path: '', message: 'export queue full' }],
            {
              retryAfterSeconds: RETRY_AFTER_SECONDS,
            },
          );
        }
        if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          if (attempt === 0) continue;
          throw new ServiceError(
            'too-large',
            `This request is too large to process: it needed more than the memory one export may use (EXPORT_MEMORY_MB=${this.options.memoryMb}). ` +
              'Export fewer descriptions at once, or shrink the largest answers, tables and images.',
            [{ path: '', message: `needs more than EXPORT_MEMORY_MB=${this.options.memoryMb}` }],
          );
        }
        this.options.logger.error('export thread failed', {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        throw new ServiceError(
          'unavailable',
          'The export thread stopped unexpectedly; it has been replaced, retry in a moment.',
          [{ path: '', message: 'export thread stopped' }],
          {
            retryAfterSeconds: RETRY_AFTER_SECONDS,
          },
        );
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private timeoutError(): ServiceError {
    return new ServiceError(
      'unavailable',
      `The export did not finish within EXPORT_TIMEOUT_MS (${this.options.timeoutMs} ms); try a smaller plan or ask the operator to raise the limit.`,
      [{ path: '', message: `took longer than EXPORT_TIMEOUT_MS=${this.options.timeoutMs}` }],
      { retryAfterSeconds: RETRY_AFTER_SECONDS },
    );
  }
}

function rejectOnAbort(signal: AbortSignal, error: Error): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(error), { once: true }));
}
