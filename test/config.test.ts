import { ConfigError, loadConfig, memoryDefaults, planUrl } from '../src/config';

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
      planUrlTemplate: null,
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
      PLAN_URL_TEMPLATE: ' https://dmp.example.org/plans/overview/{id} ',
    });
    expect(config).toMatchObject({
      port: 9000,
      transformerId: 'rda-file-transformer',
      exportFormats: ['pdf', 'json'],
      auth: {
        issuer: 'https://keycloak.example.org/realms/opencdmp',
        audience: 'dmp',
        jwksUri: 'https://keycloak.example.org/certs',
        disabled: false,
      },
      sharedStorageDir: '/srv/transformer',
      maxBodyBytes: Math.round(2.5 * 1024 * 1024),
      exportTimeoutMs: 90000,
      exportWorkers: 3,
      exportMemoryMb: 512,
      logLevel: 'debug',
      planUrlTemplate: 'https://dmp.example.org/plans/overview/{id}',
    });
  });

  it('links plans with PLAN_URL_TEMPLATE: only {id} replaced, by the id percent-encoded', () => {
    expect(planUrl('https://dmp.example.org/plans/overview/{id}?tab={id}', 'a b/c')).toBe(
      'https://dmp.example.org/plans/overview/a%20b%2Fc?tab=a%20b%2Fc',
    );
    expect(planUrl('http://dmp.example.org/{id}/{name}', '3cf0120d')).toBe('http://dmp.example.org/3cf0120d/{name}');
  });

  it('scales memory defaults so a 2-core, 2 GB container is safe, and reads the reliability variables', () => {
    expect(memoryDefaults(2048, 2, 100)).toEqual({ exportMemoryMb: 512, maxBytesInFlightMb: 400 });
    expect(memoryDefaults(1024, 2, 100)).toEqual({ exportMemoryMb: 256, maxBytesInFlightMb: 256 });
    expect(memoryDefaults(65536, 8, 100)).toEqual({ exportMemoryMb: 1024, maxBytesInFlightMb: 400 });
    const config = loadConfig({
      MAX_BYTES_IN_FLIGHT_MB: '300',
      EXPORT_QUEUE_LIMIT: '4',
      AUTH_CLOCK_TOLERANCE_S: '0',
      AUTH_REQUIRED_SCOPE: 'plugins',
      AUTH_REQUIRED_ROLE: 'exporter',
    });
    expect(config).toMatchObject({
      maxBytesInFlight: 300 * 1024 * 1024,
      exportQueueLimit: 4,
      auth: { clockToleranceSeconds: 0, requiredScope: 'plugins', requiredRole: 'exporter' },
    });
  });

  it.each([
    [{ MAX_BYTES_IN_FLIGHT_MB: '50' }, /MAX_BYTES_IN_FLIGHT_MB \(50\) must be at least MAX_BODY_MB \(100\)/],
    [{ AUTH_CLOCK_TOLERANCE_S: '-1' }, /AUTH_CLOCK_TOLERANCE_S must be a number of at least 0/],
    [{ PORT: 'eighty' }, /PORT must be a port number/],
    [{ MAX_BODY_MB: '0' }, /MAX_BODY_MB must be a positive number/],
    [{ EXPORT_TIMEOUT_MS: '-5' }, /EXPORT_TIMEOUT_MS must be a positive number/],
    [{ AUTH_ISSUER: 'keycloak.example.org' }, /AUTH_ISSUER must be an http\(s\) URL/],
    [{ AUTH_DISABLED: 'maybe' }, /AUTH_DISABLED must be true or false/],
    [{ PLAN_URL_TEMPLATE: 'https://dmp.example.org/plans' }, /PLAN_URL_TEMPLATE must say where the plan's id goes/],
    [{ PLAN_URL_TEMPLATE: 'javascript:alert({id})' }, /PLAN_URL_TEMPLATE must make an http\(s\) URL/],
    [{ PLAN_URL_TEMPLATE: 'ftp://dmp.example.org/{id}' }, /PLAN_URL_TEMPLATE must make an http\(s\) URL/],
    [{ PLAN_URL_TEMPLATE: '/plans/{id}' }, /PLAN_URL_TEMPLATE must make an http\(s\) URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ EXPORT_FORMATS: ' , ' }, /EXPORT_FORMATS must name at least one format/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
