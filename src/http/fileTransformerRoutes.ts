/**
 * The OpenCDMP file-transformer contract under /api/file-transformer: formats, export of a plan or
 * a description, preprocessing and import. Answers are exactly the wire shapes the backend decodes.
 */
import { Router, type Request, type Response } from 'express';
import { buildFormats } from '../contract/formats';
import type { Config } from '../config';
import type { ExportService } from '../service/exportService';
import type { ExporterRegistry } from '../service/registry';
import type { EntityType } from '../contract/formats';
import { writeSharedFile } from '../storage/sharedStorage';
import { rawJsonBody, type BytesInFlight } from './body';
import { HttpError, httpErrorOf } from './errors';
import { safeFilename } from './filename';
import type { Metrics } from './metrics';
import { requestLogger } from './requestContext';

export interface FileTransformerDependencies {
  config: Config;
  registry: ExporterRegistry;
  exports: ExportService;
  metrics: Metrics;
  /** Body bytes held by all requests (MAX_BYTES_IN_FLIGHT_MB). */
  inFlight: BytesInFlight;
  isShuttingDown: () => boolean;
}

/** FileEnvelopeModel: exactly these four keys. */
interface FileEnvelope {
  filename: string;
  fileRef: string | null;
  mimeType: string;
  file: string | null;
}

/**
 * `{filename, fileRef: null, mimeType, file}` written in pieces around the base64 bytes the
 * worker made: a 30 MB file is never turned into a string on the event loop.
 */
function sendInlineEnvelope(res: Response, filename: string, mimeType: string, base64: Uint8Array): void {
  const head = Buffer.from(`${JSON.stringify({ filename, fileRef: null, mimeType }).slice(0, -1)},"file":"`);
  const tail = Buffer.from('"}');
  res.status(200).type('application/json');
  res.setHeader('Content-Length', head.length + base64.byteLength + tail.length);
  res.write(head);
  res.write(base64);
  res.end(tail);
}

/** Warnings one export's log entry lists (`count` says how many there were). */
const LOGGED_WARNINGS = 200;

/** The body as bytes, as rawJsonBody left it. */
const bodyOf = (req: Request) => req.body as Uint8Array;

export function fileTransformerRoutes({
  config,
  registry,
  exports,
  metrics,
  inFlight,
  isShuttingDown,
}: FileTransformerDependencies): Router {
  const router = Router();
  const body = rawJsonBody(
    { maxBodyBytes: config.maxBodyBytes, maxBytesInFlight: inFlight.budget },
    inFlight,
    isShuttingDown,
  );
  const context = {
    transformerId: config.transformerId,
    withhold: config.withhold,
    planUrlTemplate: config.planUrlTemplate,
    layoutBudget: config.layoutBudget,
  };
  // Called 2-3 times per export: computed once, never from the request.
  const formats = JSON.stringify(buildFormats(registry, config.transformerId, config.sharedStorageDir !== null));

  router.get('/formats', (_req, res) => {
    res.type('application/json').send(formats);
  });

  const exportEntity = (entity: EntityType) => async (req: Request, res: Response) => {
    const started = process.hrtime.bigint();
    const exporter = registry.exporterFor(req.query.format, entity);
    let outcome = 'error';
    metrics.exportsInFlight.inc();
    try {
      // Parsed, validated, decoded, rendered and base64-encoded in a worker thread: the event loop only moves bytes.
      const inline = config.sharedStorageDir === null;
      const result = await exports.runRequest({
        action: 'export',
        entity,
        format: exporter.format,
        body: bodyOf(req),
        context,
        base64: inline,
      });
      req.body = undefined;
      const filename = safeFilename(result.label, entity, exporter.extension);
      metrics.exportBytes.inc({ format: exporter.format }, result.size);
      if (inline || !config.sharedStorageDir) {
        outcome = 'ok';
        sendInlineEnvelope(res, filename, exporter.mimeType, result.bytes);
      } else {
        const envelope: FileEnvelope = {
          filename,
          fileRef: await writeSharedFile(config.sharedStorageDir, result.bytes),
          mimeType: exporter.mimeType,
          file: null,
        };
        outcome = 'ok';
        res.json(envelope);
      }
      // After the answer, and as one entry: a plan can carry a warning per description, and
      // 100 log lines written before the answer cost it 5-20 ms (stdout is synchronous on Linux).
      if (result.warnings.length > 0) {
        const warnings = result.warnings.slice(0, LOGGED_WARNINGS);
        requestLogger(res).warn('export warnings', {
          format: exporter.format,
          entity,
          count: result.warnings.length,
          warnings,
        });
      }
    } catch (error) {
      // 503: past its deadline or no room in the queue.
      const known = httpErrorOf(error);
      if (known) outcome = known.status === 503 ? 'unavailable' : known.status < 500 ? 'client_error' : 'error';
      throw error;
    } finally {
      metrics.exportsInFlight.dec();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.exportDuration.observe({ format: exporter.format, entity, outcome }, seconds);
    }
  };

  // The format is checked before the body is read: a wrong query costs no upload.
  const checkFormat = (entity: EntityType) => (req: Request, _res: Response, next: () => void) => {
    registry.exporterFor(req.query.format, entity);
    next();
  };
  router.post('/export/plan', checkFormat('plan'), body, exportEntity('plan'));
  router.post('/export/description', checkFormat('description'), body, exportEntity('description'));

  const importing = (action: 'preprocess' | 'import', entity: EntityType) => async (req: Request, res: Response) => {
    const importFormats = registry.importersFor(req.query.format, entity).map((i) => i.format);
    const result = await exports.runRequest({ action, entity, body: bodyOf(req), context, importFormats });
    res
      .type('application/json')
      .send(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
  };
  // Checked before the body is read, as the export format is: a wrong query costs no upload.
  const importAvailable = (entity: EntityType) => (req: Request, _res: Response, next: () => void) => {
    if (registry.importersFor(req.query.format, entity).length === 0)
      throw new HttpError(404, `Import of ${entity}s is not available (no enabled format imports them).`);
    next();
  };
  router.post('/preprocessing/plan', importAvailable('plan'), body, importing('preprocess', 'plan'));
  router.post(
    '/preprocessing/description',
    importAvailable('description'),
    body,
    importing('preprocess', 'description'),
  );
  router.post('/import/plan', importAvailable('plan'), body, importing('import', 'plan'));
  router.post('/import/description', importAvailable('description'), body, importing('import', 'description'));
  return router;
}
