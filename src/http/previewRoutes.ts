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
import type { ExportService } from '../service/exportService';
import type { ExporterRegistry } from '../service/registry';
import type { ExportContext } from '../formats/types';
import { BUNDLE_LIMITS } from '../templates/bundle';
import { badRequest, ServiceError } from '../errors';
import { HttpError } from './errors';
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
/** The warnings header, percent-encoded, stays under this: small enough for any proxy's header limit. */
const MAX_WARNINGS_HEADER_CHARS = 2048;
/** Longer warnings are shortened, so one in any script fits the header with room to spare. */
const MAX_WARNING_LENGTH = 200;

const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The uploads this endpoint takes, with their limits. */
function uploadLimits(config: Config): Record<UploadField, number> {
  return {
    template: Math.min(BUNDLE_LIMITS.maxBundleBytes, config.maxBodyBytes),
    plan: config.maxBodyBytes,
  };
}

type UploadField = 'template' | 'plan';

/**
 * multer's memory storage with each file field's own limit, enforced while the file streams in:
 * a template is refused when its 20 MB are exceeded, not after a 100 MB upload has been buffered.
 */
export class LimitedMemoryStorage implements multer.StorageEngine {
  constructor(private readonly limits: Readonly<Record<string, number>>) {}

  _handleFile(
    _req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    const field = file.fieldname;
    const limit = Object.hasOwn(this.limits, field) ? this.limits[field] : 0;
    const stream = file.stream;
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      stream.off('data', onData);
      stream.off('end', onEnd);
      chunks.length = 0;
      stream.resume(); // the rest of this file is read and dropped
      callback(tooLarge(field, limit));
    };
    const onEnd = () => callback(null, { buffer: Buffer.concat(chunks, size), size });
    stream.on('data', onData);
    stream.on('end', onEnd);
  }

  _removeFile(_req: Request, file: Express.Multer.File, callback: (error: Error | null) => void): void {
    (file as Partial<Express.Multer.File>).buffer = undefined;
    callback(null);
  }
}

/** multer's and busboy's errors -> our error shape: 400 for everything a client sent wrong (sizes are 413s from the storage). */
function uploadError(error: unknown): Error {
  if (error instanceof HttpError || error instanceof ServiceError) return error;
  if (error instanceof multer.MulterError) {
    const field = error.field ?? '';
    switch (error.code) {
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

/**
 * The export's warnings for the page, as percent-encoded JSON (headers carry ASCII only; warnings
 * quote plan text in any script): whole warnings while they fit MAX_WARNINGS_HEADER_CHARS, then
 * "… and N more" for the rest (the service log has them all).
 */
export function warningsHeader(warnings: string[]): string {
  const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const shortened = warnings.map((w) => (w.length > MAX_WARNING_LENGTH ? `${w.slice(0, MAX_WARNING_LENGTH - 1)}…` : w));
  const all = encode(shortened);
  if (all.length <= MAX_WARNINGS_HEADER_CHARS) return all;
  // The array's brackets, and room for the note with the largest count it can have.
  const separator = encodeURIComponent(',').length;
  let length = encode([]).length + separator + encode(moreWarnings(warnings.length)).length;
  const kept: string[] = [];
  for (const warning of shortened) {
    length += encode(warning).length + (kept.length > 0 ? separator : 0);
    if (length > MAX_WARNINGS_HEADER_CHARS) break;
    kept.push(warning);
  }
  return encode([...kept, moreWarnings(warnings.length - kept.length)]);
}

const moreWarnings = (count: number) => `… and ${count} more`;

const tooLarge = (field: string, limit: number) =>
  new HttpError(413, `The ${field} file is larger than the limit of ${megabytes(limit)}.`, [
    { path: field, message: `larger than ${megabytes(limit)}` },
  ]);

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name. */
function inlineDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function previewApiRoutes({ config, registry, exports }: PreviewDependencies, auth: RequestHandler[]): Router {
  const limits = uploadLimits(config);
  const upload = multer({
    storage: new LimitedMemoryStorage(limits),
    limits: {
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
      throw new HttpError(
        415,
        'Send the preview as multipart/form-data: a "plan" file, an optional "template" file and a "format" field.',
        [{ path: 'Content-Type', message: `got "${req.headers['content-type'] ?? 'none'}"` }],
      );
    }
    upload(req, res, (error?: unknown) => next(error ? uploadError(error) : undefined));
  };

  const preview = async (req: Request, res: Response) => {
    const files = (req.files ?? {}) as Partial<Record<UploadField, Express.Multer.File[]>>;
    const planFile = files.plan?.[0];
    const templateFile = files.template?.[0];
    if (!planFile) {
      throw badRequest(
        'Send the plan to render as the file field "plan": a plan or description as JSON, as the planning service posts it.',
        [{ path: 'plan', message: 'no file' }],
      );
    }
    const given: unknown = req.body?.format;
    if (given !== undefined && typeof given !== 'string') {
      throw badRequest('Send the "format" field once: docx, pdf or json.', [
        { path: 'format', message: 'sent more than once' },
      ]);
    }
    const format = given?.trim() || DEFAULT_FORMAT;

    const plan = readModelFile(planFile.buffer, planFile.originalname || 'plan');
    const exporter = registry.exporterFor(format, plan.entity);
    const context: ExportContext = {
      transformerId: config.transformerId,
      withhold: config.withhold,
      planUrlTemplate: config.planUrlTemplate,
      layoutBudget: config.layoutBudget,
      ...(templateFile && {
        templateOverride: { filename: templateFile.originalname, bytes: new Uint8Array(templateFile.buffer) },
      }),
    };
    const result = await exports.run(exporter, plan.entity, plan.model, context);

    const log = requestLogger(res);
    for (const warning of result.warnings)
      log.warn('preview warning', { format: exporter.format, entity: plan.entity, warning });
    res.setHeader('Content-Type', exporter.mimeType);
    res.setHeader(
      'Content-Disposition',
      inlineDisposition(safeFilename(plan.model.label, plan.entity, exporter.extension)),
    );
    res.setHeader('X-Export-Warnings', warningsHeader(result.warnings));
    if (result.pages !== undefined) res.setHeader('X-Page-Count', String(result.pages));
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
