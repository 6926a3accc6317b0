/** The Express application: routes, auth, limits and the one error shape. */
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { authIsOpen, type Config } from '../config';
import type { ExportService } from '../service/exportService';
import type { ExporterRegistry } from '../service/registry';
import type { Logger } from '../logger';
import { requireBearerToken } from './auth';
import { BytesInFlight, declaredLengthGuard } from './body';
import { HttpError, httpErrorOf } from './errors';
import { fileTransformerRoutes } from './fileTransformerRoutes';
import { Metrics } from './metrics';
import { requestContext, requestLogger } from './requestContext';

export interface AppDependencies {
  config: Config;
  logger: Logger;
  registry: ExporterRegistry;
  exports: ExportService;
  /** Extra authenticated routers mounted under /api (e.g. template preview). */
  extraApiRoutes?: (auth: RequestHandler[]) => express.Router;
  /** Extra routers served without a token at the root: static pages only (e.g. the template preview page). */
  publicRoutes?: express.Router;
}

export interface App {
  app: express.Express;
  metrics: Metrics;
  /** Set on shutdown: readiness turns 503 so load balancers drain us. */
  lifecycle: Lifecycle;
}

export interface Lifecycle {
  shuttingDown: boolean;
  /** Answers 503 to every request whose body is still arriving. */
  abortBodyReads(): void;
}

/** Paths we serve, with their methods, for 405 answers. */
const KNOWN_ROUTES: [RegExp, string][] = [
  [/^\/api\/file-transformer\/formats\/?$/, 'GET'],
  [/^\/api\/file-transformer\/(export|import|preprocessing)\/(plan|description)\/?$/, 'POST'],
  [/^\/health\/(live|ready)\/?$/, 'GET'],
  [/^\/metrics\/?$/, 'GET'],
];

export function createApp(deps: AppDependencies): App {
  const { config, logger } = deps;
  const metrics = new Metrics();
  const inFlight = new BytesInFlight(config.maxBytesInFlight);
  metrics.trackBodyBytes(() => inFlight.used);
  const lifecycle: Lifecycle = { shuttingDown: false, abortBodyReads: () => inFlight.abortReads() };
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  app.use(requestContext(logger, metrics));
  app.use(declaredLengthGuard(config.maxBodyBytes));

  app.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Not ready while shutting down (traffic drains), nor before the first export thread is warm
  // (a pod's first requests would wait for its warm-up).
  app.get('/health/ready', (_req, res) => {
    const status = lifecycle.shuttingDown ? 'shutting down' : deps.exports.isWarm ? 'ready' : 'starting';
    res.status(status === 'ready' ? 200 : 503).json({ status });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  if (deps.publicRoutes) app.use(deps.publicRoutes);

  const auth: RequestHandler[] = authIsOpen(config) ? [] : [requireBearerToken(config.auth)];
  app.use(
    '/api/file-transformer',
    ...auth,
    fileTransformerRoutes({
      config,
      registry: deps.registry,
      exports: deps.exports,
      metrics,
      inFlight,
      isShuttingDown: () => lifecycle.shuttingDown,
    }),
  );
  if (deps.extraApiRoutes) app.use('/api', deps.extraApiRoutes(auth));

  app.use((req, res) => {
    const known = KNOWN_ROUTES.find(([pattern]) => pattern.test(req.path));
    if (known) {
      res.setHeader('Allow', known[1]);
      throw new HttpError(405, `${req.method} is not allowed on ${req.path}; use ${known[1]}.`);
    }
    throw new HttpError(404, `There is no ${req.method} ${req.path} here.`);
  });
  app.use(errorHandler);
  return { app, metrics, lifecycle };
}

// Service errors and our own HttpErrors have an answer: anything else is a bug.
const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  const known = httpErrorOf(error);
  const log = requestLogger(res);
  if (known) {
    // 503s are overload or shutdown, expected under load: a warning, not an error.
    if (known.status >= 500)
      log[known.status === 503 ? 'warn' : 'error']('request failed', {
        status: known.status,
        error: known.message,
        details: known.details,
      });
    if (res.headersSent) return;
    if (known.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(known.retryAfterSeconds));
    res.status(known.status).json(known.toBody());
    return;
  }
  log.error('unexpected error', { error: error instanceof Error ? error.stack : String(error) });
  if (res.headersSent) return;
  res.status(500).json({ code: 500, error: 'Internal error: this is a bug, it has been logged.', details: [] });
};
