/**
 * The real service for HTTP tests: the same config loader, registry, worker pool and app as
 * `npm start`, with the environment a test chooses. Call `close()` in afterAll.
 */
import { loadConfig } from '../../src/config';
import { ExportService } from '../../src/exporters/exportService';
import { createRegistry } from '../../src/exporters/index';
import { createApp } from '../../src/http/app';
import { silentLogger, type Logger } from '../../src/logger';

export function startService(env: Record<string, string> = {}, logger: Logger = silentLogger()) {
  const config = loadConfig({ AUTH_DISABLED: 'true', EXPORT_WORKERS: '1', ...env });
  const registry = createRegistry(config.exportFormats);
  const exports = new ExportService({ workers: config.exportWorkers, timeoutMs: config.exportTimeoutMs, logger });
  const { app, metrics, lifecycle } = createApp({ config, logger, registry, exports });
  return { app, config, metrics, lifecycle, close: () => exports.close() };
}

export { fixtureJson, fixtureText } from './fixtures';
