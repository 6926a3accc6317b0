/** Entry point: `npm start`. Reads the environment, serves, drains gracefully on SIGTERM. */
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { authIsOpen, loadConfig } from './config';
import { createLogger, type Logger } from './logger';
import { createService } from './http/service';
import { assertUsableStorage } from './storage/sharedStorage';

/** Request headers may total this much: room for a large Keycloak token; past it 431. */
export const MAX_HEADER_BYTES = 32 * 1024;
/** A client must send its headers within this, and its whole request within REQUEST_TIMEOUT_MS (else 408). */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Requests Node refuses before express sees them (headers too large, malformed, too slow) get
 * the JSON error shape, and the socket is ended after the answer, not reset.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (pending && !pending.headersSent && socket.writable) {
    // Garbage after a request whose answer is still being made: answer it, then close.
    pending.shouldKeepAlive = false;
    return;
  }
  if (!socket.writable || pending) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KB.`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request did not arrive in time.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({
    code: status,
    error: message,
    details: [{ path: 'headers', message: error.code ?? 'invalid request' }],
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  if (config.sharedStorageDir) assertUsableStorage(config.sharedStorageDir);
  const logger = createLogger(config.logLevel);
  const { app, lifecycle, registry, exports } = createService(config, logger);
  if (authIsOpen(config)) {
    logger.warn(
      config.auth.disabled
        ? 'AUTH_DISABLED=true: every request is accepted WITHOUT a token.'
        : 'No AUTH_ISSUER configured: running in development mode, every request is accepted WITHOUT a token. Set AUTH_ISSUER before exposing this service.',
    );
  }
  const server = http.createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS },
    app,
  );
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  logger.info('listening', {
    port: (server.address() as AddressInfo).port,
    formats: registry.exporters.map((e) => e.format),
    transformerId: config.transformerId,
  });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Readiness turns false first, so the load balancer stops sending.
      lifecycle.shuttingDown = true;
      logger.info('shutting down: finishing in-flight exports');
      // Stop accepting connections; bodies still arriving get 503 now (they would hold the drain);
      // exports in flight finish, each within its EXPORT_TIMEOUT_MS deadline.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      lifecycle.abortBodyReads();
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 250);
      const grace = setTimeout(() => server.closeAllConnections(), config.exportTimeoutMs + 1000);
      await closed;
      clearInterval(idle);
      clearTimeout(grace);
      await exports.close();
      logger.info('stopped');
    })());
  return { server, config, logger, stop };
}

if (require.main === module) {
  startServer()
    .then(({ stop, logger }) => {
      const onSignal = (signal: string) => {
        logger.info('signal received', { signal });
        stop().then(
          () => process.exit(0),
          (error: unknown) => exitWithError(logger, error),
        );
      };
      process.once('SIGTERM', () => onSignal('SIGTERM'));
      process.once('SIGINT', () => onSignal('SIGINT'));
    })
    .catch((error: unknown) => {
      console.error(`dmp-file-transformer cannot start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}

function exitWithError(logger: Logger, error: unknown): void {
  logger.error('shutdown failed', { error: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
}
