/**
 * deploy/compose/: valid Compose files (the Compose Specification schema, through dclint), a
 * standalone file that starts in development mode with the image's production settings, and an
 * override that plugs into OpenCDMP's docker-deployment: its network, its realm and audience, and
 * its backend's Transformer storage mounted at SHARED_STORAGE_DIR.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { authIsOpen, loadConfig } from '../../src/config';
import { configVariables, ROOT } from './manifests';

const STANDALONE = 'deploy/compose/compose.yml';
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const OVERRIDE = 'deploy/compose/dmp-file-transformer.override.yml';
const DCLINT = path.join(ROOT, 'node_modules/.bin/dclint');

/**
 * What OpenCDMP's docker-deployment defines (its .env and backend config): the values the
 * override's ${...} take there, and where its backend keeps Transformer storage.
 */
const OPENCDMP_ENV: Record<string, string> = {
  IDP_ISSUER_URI: 'http://host.docker.internal:8081/auth/realms/OpenCDMP',
  SECURITY_AUDIENCE: 'plugins',
  STORAGE_PATH: './storage',
};
/** The backend mounts ${STORAGE_PATH}/opencdmp/backend at /storage = FILE_STORAGE; Transformer storage is FILE_STORAGE/transformer. */
const BACKEND_TRANSFORMER_STORAGE = './storage/opencdmp/backend/transformer';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Service = Record<string, any>;

function dclint(files: string[], extra: string[] = []) {
  const run = spawnSync(DCLINT, [...files, '--max-warnings', '0', '--color', 'false', ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Compose's interpolation: ${NAME} and ${NAME:-default}. */
const interpolate = (text: string, env: Record<string, string>): string =>
  text.replace(
    /\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g,
    (_, name: string, fallback?: string) => env[name] || (fallback ?? ''),
  );

function load(file: string, env: Record<string, string> = {}) {
  return parse(interpolate(fs.readFileSync(path.join(ROOT, file), 'utf8'), env)) as {
    services: Record<string, Service>;
    networks?: Record<string, unknown>;
  };
}

/** The process base left beside the export threads' heaps (as in the Kubernetes test). */
const PROCESS_BASE_MB = 256;
const megabytes = (size: string): number => {
  const match = /^(\d+)([MG])$/.exec(size);
  if (!match) throw new Error(`unsupported size ${size}`);
  return Number(match[1]) * (match[2] === 'G' ? 1024 : 1);
};

const seconds = (duration: string): number => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unsupported duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

function expectProductionHardening(service: Service, env: Record<string, string>) {
  expect(service.read_only).toBe(true);
  expect(service.tmpfs).toEqual([expect.stringMatching(/^\/tmp(:|$)/)]);
  expect(service.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  // An export in flight finishes before Compose kills the container.
  expect(seconds(service.stop_grace_period)).toBeGreaterThan(loadConfig(env).exportTimeoutMs / 1000);
  // No variable the service does not read (a typo would be silently ignored).
  expect(configVariables()).toEqual(expect.arrayContaining(Object.keys(service.environment)));
  // One render thread per CPU of the limit, and memory for every thread's heap cap.
  const config = loadConfig(env);
  const limits = service.deploy.resources.limits;
  expect(config.exportWorkers).toBe(Math.ceil(Number(limits.cpus)));
  expect(megabytes(limits.memory)).toBeGreaterThanOrEqual(
    PROCESS_BASE_MB + config.exportWorkers * config.exportMemoryMb,
  );
}

describe('Compose files', () => {
  it('are valid against the Compose Specification and lint clean (dclint)', () => {
    const result = dclint([STANDALONE, OVERRIDE], ['--disable-rule', 'require-project-name-field']);
    expect(result.output.trim()).toBe('');
    expect(result.status).toBe(0);
  });

  it('a schema error is reported, naming the file (so a pass means something)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
    const broken = path.join(dir, 'compose.yml');
    fs.writeFileSync(broken, fs.readFileSync(path.join(ROOT, STANDALONE), 'utf8').replace('read_only:', 'readonly:'));
    try {
      const result = dclint([broken]);
      expect(result.status).toBe(1);
      expect(result.output).toContain('must NOT have additional properties');
      expect(result.output).toContain(broken);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the standalone compose file', () => {
  const service = load(STANDALONE).services['dmp-file-transformer'];
  // The image sets NODE_ENV=production (Dockerfile); the file adds its environment.
  const env = { NODE_ENV: 'production', ...service.environment };

  it('runs the image of this version and starts without Keycloak, in development mode', () => {
    expect(service.image).toBe(`dmp-file-transformer:${VERSION}`);
    const config = loadConfig(env);
    expect(authIsOpen(config)).toBe(true);
    expect(config.sharedStorageDir).toBeNull();
  });

  it('publishes the service port on loopback only', () => {
    expect(service.ports).toEqual([`127.0.0.1:8080:${loadConfig(env).port}`]);
  });

  it('runs hardened as in production', () => expectProductionHardening(service, env));
});

describe('the OpenCDMP docker-deployment override', () => {
  const file = load(OVERRIDE, OPENCDMP_ENV);
  const [name] = Object.keys(file.services);
  const service = file.services[name];
  const env = { NODE_ENV: 'production', ...service.environment };

  it('runs the image of this version unless the deployment names another', () => {
    expect(service.image).toBe(`dmp-file-transformer:${VERSION}`);
    expect(
      load(OVERRIDE, { ...OPENCDMP_ENV, DMP_FILE_TRANSFORMER_IMAGE: 'registry.example.org/x:1' }).services[name].image,
    ).toBe('registry.example.org/x:1');
  });

  it('adds one service, named like the deployment’s other transformers, on its backend network', () => {
    expect(Object.keys(file.services)).toEqual(['opencdmp.file.transformer.dmp']);
    expect(service.container_name).toBe(name);
    expect(service.networks).toEqual(['opencdmp-backend-network']);
    expect(Object.keys(file.networks ?? {})).toEqual(['opencdmp-backend-network']);
    expect(Object.keys(service.depends_on)).toEqual(['opencdmp.backend']);
    expect(service.expose).toEqual([String(loadConfig(env).port)]);
  });

  it('checks tokens of the deployment’s realm for the `plugins` audience, as its TRANSFORMER_ID', () => {
    const config = loadConfig(env);
    expect(config.production).toBe(true);
    expect(authIsOpen(config)).toBe(false);
    expect(config.auth).toMatchObject({ issuer: OPENCDMP_ENV.IDP_ISSUER_URI, audience: 'plugins' });
    expect(config.transformerId).toBe('dmp-file-transformer');
  });

  it('writes exports into the backend’s Transformer storage, mounted at SHARED_STORAGE_DIR', () => {
    const config = loadConfig(env);
    const mounts = (service.volumes as string[]).map((volume) => {
      const [source, target] = volume.split(':');
      return { source, target };
    });
    expect(mounts).toContainEqual({ source: BACKEND_TRANSFORMER_STORAGE, target: config.sharedStorageDir });
  });

  it('runs hardened as in production', () => expectProductionHardening(service, env));
});
