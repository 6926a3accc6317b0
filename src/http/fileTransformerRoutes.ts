/**
 * The OpenCDMP file-transformer contract under /api/file-transformer: formats, export of a plan or
 * a description, preprocessing and import. Answers are exactly the wire shapes the backend decodes.
 */
import { Router, type Request, type Response } from 'express';
import { decodeDescription, decodePlan } from '../contract/decode';
import { buildFormats } from '../contract/formats';
import { assertValidModel } from '../contract/validate';
import type { Config } from '../config';
import type { ExportService } from '../exporters/exportService';
import type { ExporterRegistry } from '../exporters/registry';
import type { EntityType } from '../exporters/types';
import { writeSharedFile } from '../storage/sharedStorage';
import { HttpError } from './errors';
import { safeFilename } from './filename';
import type { Metrics } from './metrics';
import { requestLogger } from './requestContext';

export interface FileTransformerDependencies {
  config: Config;
  registry: ExporterRegistry;
  exports: ExportService;
  metrics: Metrics;
}

/** FileEnvelopeModel: exactly these four keys. */
interface FileEnvelope {
  filename: string;
  fileRef: string | null;
  mimeType: string;
  file: string | null;
}

const requireJson = (req: Request) => {
  if (!req.is(['application/json', 'application/*+json'])) {
    throw new HttpError(415, 'The request body must be JSON (Content-Type: application/json).', [
      { path: 'Content-Type', message: `got "${req.headers['content-type'] ?? 'none'}"` },
    ]);
  }
};

export function fileTransformerRoutes({ config, registry, exports, metrics }: FileTransformerDependencies): Router {
  const router = Router();
  const context = { transformerId: config.transformerId, withhold: config.withhold };
  // Called 2-3 times per export: computed once, never from the request.
  const formats = JSON.stringify(buildFormats(registry, config.transformerId, config.sharedStorageDir !== null));

  router.get('/formats', (_req, res) => {
    res.type('application/json').send(formats);
  });

  const exportEntity = (entity: EntityType) => async (req: Request, res: Response) => {
    const started = process.hrtime.bigint();
    const exporter = registry.exporterFor(req.query.format, entity);
    let outcome = 'error';
    try {
      requireJson(req);
      assertValidModel(entity, req.body);
      const model = entity === 'plan' ? decodePlan(req.body) : decodeDescription(req.body);
      // The parsed body (a plan nested in every description) is not needed while the export runs.
      req.body = undefined;
      const result = await exports.run(exporter, entity, model, context);
      const log = requestLogger(res);
      for (const warning of result.warnings) log.warn('export warning', { format: exporter.format, entity, warning });
      const filename = safeFilename(model.label, entity, exporter.extension);
      const envelope: FileEnvelope = config.sharedStorageDir
        ? { filename, fileRef: await writeSharedFile(config.sharedStorageDir, result.bytes), mimeType: exporter.mimeType, file: null }
        : { filename, fileRef: null, mimeType: exporter.mimeType, file: Buffer.from(result.bytes).toString('base64') };
      metrics.exportBytes.inc({ format: exporter.format }, result.bytes.length);
      outcome = 'ok';
      res.json(envelope);
    } catch (error) {
      // 503: past its deadline or no room in the queue.
      if (error instanceof HttpError) outcome = error.status === 503 ? 'unavailable' : error.status < 500 ? 'client_error' : 'error';
      throw error;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.exportDuration.observe({ format: exporter.format, entity, outcome }, seconds);
    }
  };

  router.post('/export/plan', exportEntity('plan'));
  router.post('/export/description', exportEntity('description'));

  const importer = (entity: EntityType) => {
    const found = registry.importerFor(entity);
    if (!found) throw new HttpError(404, `Import of ${entity}s is not available (the json format is disabled).`);
    return found;
  };
  router.post('/preprocessing/plan', async (req, res) => {
    requireJson(req);
    res.json(await importer('plan').preprocessPlan(req.body));
  });
  router.post('/preprocessing/description', async (req, res) => {
    requireJson(req);
    res.json(await importer('description').preprocessDescription(req.body));
  });
  router.post('/import/plan', async (req, res) => {
    requireJson(req);
    res.json(await importer('plan').importPlan(req.body, context));
  });
  router.post('/import/description', async (req, res) => {
    requireJson(req);
    res.json(await importer('description').importDescription(req.body, context));
  });
  return router;
}
