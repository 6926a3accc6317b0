/** Entry point: `npm start`. Reads the environment, serves, drains gracefully on SIGTERM. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authIsOpen, loadConfig } from './config';
import { createLogger, type Logger } from './logger';
import { createService } from './service';

export async function startServer(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const { app, lifecycle, registry, exports } = createService(config, logger);
  if (authIsOpen(config)) {
    logger.warn(
      config.auth.disabled
        ? 'AUTH_DISABLED=true: every request is accepted WITHOUT a token.'
        : 'No AUTH_ISSUER configured: running in development mode, every request is accepted WITHOUT a token. Set AUTH_ISSUER before exposing this service.',
    );
  }
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(config.port, () => resolve(listening));
  });
  logger.info('listening', { port: (server.address() as AddressInfo).port, formats: registry.exporters.map((e) => e.format), transformerId: config.transformerId });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      lifecycle.shuttingDown = true;
      logger.info('shutting down: finishing in-flight requests');
      // Stop accepting connections; in-flight exports finish (bounded by their own deadline).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), config.exportTimeoutMs + 5000);
      await closed;
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
