/**
 * Template preview for designers: POST /api/templates/preview renders an uploaded plan with an
 * uploaded template (multipart: `template` file, optional; `plan` file; `format` field), through
 * the same export service as real exports, and answers the file itself or the located problems.
 * GET /preview is the static page that drives it (previewPage.ts).
 */
import { Router, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { readModelFile } from '../contract/modelFile';
import type { Config } from '../config';
import type { ExportService } from '../exporters/exportService';
import type { ExporterRegistry } from '../exporters/registry';
import type { ExportContext } from '../exporters/types';
import { BUNDLE_LIMITS } from '../templates/bundle';
import { badRequest, HttpError } from './errors';
import { safeFilename } from './filename';
import { PREVIEW_PAGE_CSP, PREVIEW_PAGE_HTML } from './previewPage';
import { requestLogger } from './requestContext';

export interface PreviewDependencies {
  config: Config;
  registry: ExporterRegistry;
  exports: ExportService;
}

const DEFAULT_FORMAT = 'pdf';
const MB = 1024 * 1024;
/** Enough for the page to list what matters, small enough for any proxy's header limit. */
const MAX_WARNINGS_IN_HEADER = 10;
const MAX_WARNING_LENGTH = 300;

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The uploads this endpoint takes, with their limits. */
function uploadLimits(config: Config) {
  return {
    template: Math.min(BUNDLE_LIMITS.maxBundleBytes, config.maxBodyBytes),
    plan: config.maxBodyBytes,
  };
}

/** multer's and busboy's errors -> our error shape: 413 for sizes, 400 for everything else a client sent. */
function uploadError(error: unknown, limits: Record<string, number>): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof multer.MulterError) {
    const field = error.field ?? '';
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return tooLarge(field, limits[field] ?? Math.max(...Object.values(limits)));
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return badRequest(`Unexpected file field "${field}": send one "plan" file and at most one "template" file.`, [
          { path: field || 'multipart', message: 'unexpected file' },
        ]);
      default:
        return badRequest(`The multipart form is outside this endpoint's limits: ${error.message.toLowerCase()}.`, [
          { path: field || 'multipart', message: error.message },
        ]);
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return badRequest(`The multipart form could not be read: ${message}.`, [{ path: 'multipart', message }]);
}

const tooLarge = (field: string, limit: number) =>
  new HttpError(413, `The ${field} file is larger than the limit of ${megabytes(limit)}.`, [{ path: field, message: `larger than ${megabytes(limit)}` }]);

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name. */
function inlineDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function previewApiRoutes({ config, registry, exports }: PreviewDependencies, auth: RequestHandler[]): Router {
  const limits = uploadLimits(config);
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      // One size for every file; each field's own limit is checked once parsed.
      fileSize: Math.max(limits.template, limits.plan),
      files: 2,
      fields: 2,
      parts: 4,
      fieldNameSize: 64,
      fieldSize: 64,
      headerPairs: 20,
    },
  }).fields([
    { name: 'template', maxCount: 1 },
    { name: 'plan', maxCount: 1 },
  ]);
  const parseUpload: RequestHandler = (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      throw new HttpError(415, 'Send the preview as multipart/form-data: a "plan" file, an optional "template" file and a "format" field.', [
        { path: 'Content-Type', message: `got "${req.headers['content-type'] ?? 'none'}"` },
      ]);
    }
    upload(req, res, (error?: unknown) => next(error ? uploadError(error, limits) : undefined));
  };

  const preview = async (req: Request, res: Response) => {
    const files = (req.files ?? {}) as Partial<Record<'template' | 'plan', Express.Multer.File[]>>;
    const planFile = files.plan?.[0];
    const templateFile = files.template?.[0];
    if (!planFile) {
      throw badRequest('Send the plan to render as the file field "plan": a plan or description as JSON, as the planning service posts it.', [
        { path: 'plan', message: 'no file' },
      ]);
    }
    for (const [field, file] of [['plan', planFile], ['template', templateFile]] as const) {
      if (file && file.size > limits[field]) throw tooLarge(field, limits[field]);
    }
    const given: unknown = req.body?.format;
    if (given !== undefined && typeof given !== 'string') {
      throw badRequest('Send the "format" field once: docx, pdf or json.', [{ path: 'format', message: 'sent more than once' }]);
    }
    const format = given?.trim() || DEFAULT_FORMAT;

    const plan = readModelFile(planFile.buffer, planFile.originalname || 'plan');
    const exporter = registry.exporterFor(format, plan.entity);
    const context: ExportContext = {
      transformerId: config.transformerId,
      ...(templateFile && { templateOverride: { filename: templateFile.originalname, bytes: new Uint8Array(templateFile.buffer) } }),
    };
    const result = await exports.run(exporter, plan.entity, plan.model, context);

    const log = requestLogger(res);
    for (const warning of result.warnings) log.warn('preview warning', { format: exporter.format, entity: plan.entity, warning });
    const warnings = result.warnings.slice(0, MAX_WARNINGS_IN_HEADER).map((w) => (w.length > MAX_WARNING_LENGTH ? `${w.slice(0, MAX_WARNING_LENGTH - 1)}…` : w));
    res.setHeader('Content-Type', exporter.mimeType);
    res.setHeader('Content-Disposition', inlineDisposition(safeFilename(plan.model.label, plan.entity, exporter.extension)));
    // Percent-encoded JSON: headers carry ASCII only, warnings quote plan text in any script.
    res.setHeader('X-Export-Warnings', encodeURIComponent(JSON.stringify(warnings)));
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength));
  };

  const router = Router();
  router.post('/templates/preview', ...auth, parseUpload, preview);
  router.all('/templates/preview', (req, res) => {
    res.setHeader('Allow', 'POST');
    throw new HttpError(405, `${req.method} is not allowed on ${req.baseUrl}${req.path}; use POST.`);
  });
  return router;
}

/** The page itself: static, so it is served without a token (it sends the token the user types). */
export function previewPageRoutes(): Router {
  const router = Router();
  router.get('/preview', (_req, res) => {
    res.setHeader('Content-Security-Policy', PREVIEW_PAGE_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PREVIEW_PAGE_HTML);
  });
  router.all('/preview', (req, res) => {
    res.setHeader('Allow', 'GET');
    throw new HttpError(405, `${req.method} is not allowed on ${req.path}; use GET.`);
  });
  return router;
}
