/**
 * Per request: an id (the caller's X-Request-Id when it is sane, else a new one, echoed back), a
 * child logger carrying it, one access-log line and the duration metric at the end. The
 * Authorization header is never logged.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestLogger(res: Response): Logger {
  return res.locals.logger as Logger;
}

export function requestContext(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.locals.logger = logger.child({ requestId });
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // The matched route pattern keeps metric cardinality bounded (never the raw URL).
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      metrics.httpDuration.observe({ method: req.method, route, status: String(res.statusCode) }, seconds);
      requestLogger(res).info('request', {
        method: req.method,
        path: req.originalUrl.split('?')[0],
        format: typeof req.query.format === 'string' ? req.query.format : undefined,
        status: res.statusCode,
        durationMs: Math.round(seconds * 1000),
        requestBytes: Number(req.headers['content-length'] ?? 0),
        responseBytes: Number(res.getHeader('content-length') ?? 0),
      });
    });
    next();
  };
}
