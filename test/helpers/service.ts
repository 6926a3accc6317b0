/**
 * The real service for HTTP tests: the same config loader and assembly (createService) as
 * `npm start`, with the environment a test chooses. Call `close()` in afterAll.
 */
import { loadConfig } from '../../src/config';
import { silentLogger, type Logger } from '../../src/logger';
import { createService } from '../../src/http/service';

export function startService(env: Record<string, string> = {}, logger: Logger = silentLogger()) {
  const config = loadConfig({ AUTH_DISABLED: 'true', EXPORT_WORKERS: '1', ...env });
  const { app, metrics, lifecycle, exports } = createService(config, logger);
  return { app, config, metrics, lifecycle, exports, close: () => exports.close() };
}

export { fixtureJson, fixtureText } from '../builders/fixtures';
