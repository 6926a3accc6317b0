import { ConfigError, loadConfig } from '../src/config';

describe('configuration from the environment', () => {
  it('runs with no configuration at all, with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      transformerId: 'dmp-file-transformer',
      exportFormats: ['docx', 'pdf', 'json'],
      auth: { issuer: null, audience: 'plugins', jwksUri: null, disabled: false },
      sharedStorageDir: null,
      maxBodyBytes: 100 * 1024 * 1024,
      exportTimeoutMs: 60000,
      exportMemoryMb: 1024,
      logLevel: 'info',
      production: false,
    });
    expect(config.exportWorkers).toBeGreaterThanOrEqual(1);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      TRANSFORMER_ID: 'rda-file-transformer',
      EXPORT_FORMATS: ' PDF , json,pdf ',
      AUTH_ISSUER: 'https://keycloak.example.org/realms/opencdmp/',
      AUTH_AUDIENCE: 'dmp',
      AUTH_JWKS_URI: 'https://keycloak.example.org/certs',
      SHARED_STORAGE_DIR: '/srv/transformer',
      MAX_BODY_MB: '2.5',
      EXPORT_TIMEOUT_MS: '90000',
      EXPORT_WORKERS: '3',
      EXPORT_MEMORY_MB: '512',
      LOG_LEVEL: 'DEBUG',
    });
    expect(config).toMatchObject({
      port: 9000,
      transformerId: 'rda-file-transformer',
      exportFormats: ['pdf', 'json'],
      auth: { issuer: 'https://keycloak.example.org/realms/opencdmp', audience: 'dmp', jwksUri: 'https://keycloak.example.org/certs', disabled: false },
      sharedStorageDir: '/srv/transformer',
      maxBodyBytes: Math.round(2.5 * 1024 * 1024),
      exportTimeoutMs: 90000,
      exportWorkers: 3,
      exportMemoryMb: 512,
      logLevel: 'debug',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ MAX_BODY_MB: '0' }, /MAX_BODY_MB must be a positive number/],
    [{ EXPORT_TIMEOUT_MS: '-5' }, /EXPORT_TIMEOUT_MS must be a positive number/],
    [{ AUTH_ISSUER: 'keycloak.example.org' }, /AUTH_ISSUER must be an http\(s\) URL/],
    [{ AUTH_DISABLED: 'maybe' }, /AUTH_DISABLED must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ EXPORT_FORMATS: ' , ' }, /EXPORT_FORMATS must name at least one format/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
