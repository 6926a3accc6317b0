/**
 * The service, assembled: registry, worker pool and HTTP app with every route. `npm start`
 * (server.ts) and the tests build it here, so they run the same thing.
 */
import type { Config } from '../config';
import { ExportService } from '../service/exportService';
import { createRegistry } from '../service/formats';
import { createApp } from './app';
import { previewApiRoutes, previewPageRoutes } from './previewRoutes';
import type { Logger } from '../logger';

export function createService(config: Config, logger: Logger) {
  const registry = createRegistry(config.exportFormats);
  const exports = new ExportService({
    workers: config.exportWorkers,
    timeoutMs: config.exportTimeoutMs,
    memoryMb: config.exportMemoryMb,
    queueLimit: config.exportQueueLimit,
    warmUpFormats: config.exportFormats,
    logger,
  });
  const { app, metrics, lifecycle } = createApp({
    config,
    logger,
    registry,
    exports,
    extraApiRoutes: (auth) => previewApiRoutes({ config, registry, exports }, auth),
    publicRoutes: previewPageRoutes(),
  });
  return { app, metrics, lifecycle, registry, exports };
}
