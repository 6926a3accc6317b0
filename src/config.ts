/**
 * Service configuration from environment variables. The names are fixed (deployments and other
 * tools depend on them); every variable has a default, so a fresh clone runs with no configuration.
 */
import os from 'node:os';

/**
 * "rda.dmp.cost*, Budget; 3f2a…" -> the entries, split at commas, semicolons and line breaks: the
 * list syntax of WITHHOLD, which the `withhold` configuration field shares (plan/withhold.ts).
 */
export function withholdEntries(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export interface AuthConfig {
  /** OIDC issuer, e.g. a Keycloak realm URL. null: no token validation (see `disabled`). */
  issuer: string | null;
  audience: string;
  /** JWKS URL; null: discovered from the issuer's openid-configuration. */
  jwksUri: string | null;
  /** Requests are accepted without a token. */
  disabled: boolean;
  /** Seconds of clock skew allowed when checking `exp`, `nbf` and `iat` (AUTH_CLOCK_TOLERANCE_S). */
  clockToleranceSeconds: number;
  /** A scope the token's `scope` claim must hold, else 403 (AUTH_REQUIRED_SCOPE). */
  requiredScope: string | null;
  /** A role the token must hold (Keycloak realm or client roles), else 403 (AUTH_REQUIRED_ROLE). */
  requiredRole: string | null;
}

/**
 * What one layout may make of a plan, for DOCX, PDF, HTML and Markdown alike; past any of it the
 * export is a 422 naming the template and the variable (src/templates/budget.ts). The defaults
 * are about twice what the built-in layout makes of a 1,000-description plan (98,000 blocks,
 * 2.7 MB of HTML, 1.4 million characters), which a PDF takes ~10 s of CPU to write.
 */
export interface LayoutBudget {
  /** Blocks of the document (paragraphs, headings, list and cell contents…); a table of contents counts once per heading it lists (LAYOUT_MAX_BLOCKS). */
  blocks: number;
  /** Page breaks (LAYOUT_MAX_PAGE_BREAKS). */
  pageBreaks: number;
  /** Characters of HTML a template writes, before answers are spliced in (LAYOUT_MAX_HTML_MB). */
  htmlCharacters: number;
  /** Characters of text in the document, each placement of an answer counted (LAYOUT_MAX_TEXT_MB). */
  textCharacters: number;
  /** How long a template may run (LAYOUT_TIMEOUT_MS). */
  renderMs: number;
}

const MILLION = 1_000_000;

export const DEFAULT_LAYOUT_BUDGET: Readonly<LayoutBudget> = {
  blocks: 200_000,
  pageBreaks: 10_000,
  htmlCharacters: 10 * MILLION,
  textCharacters: 20 * MILLION,
  renderMs: 10_000,
};

/** The environment variable of each budget, for messages and the documentation. */
export const LAYOUT_BUDGET_VARIABLES: Readonly<Record<keyof LayoutBudget, string>> = {
  blocks: 'LAYOUT_MAX_BLOCKS',
  pageBreaks: 'LAYOUT_MAX_PAGE_BREAKS',
  htmlCharacters: 'LAYOUT_MAX_HTML_MB',
  textCharacters: 'LAYOUT_MAX_TEXT_MB',
  renderMs: 'LAYOUT_TIMEOUT_MS',
};

export interface Config {
  port: number;
  transformerId: string;
  /** Enabled formats, lower case, in declaration order of EXPORT_FORMATS. */
  exportFormats: string[];
  auth: AuthConfig;
  sharedStorageDir: string | null;
  maxBodyBytes: number;
  /** Body bytes all requests may hold at once; past it 503 + Retry-After (MAX_BYTES_IN_FLIGHT_MB). */
  maxBytesInFlight: number;
  exportTimeoutMs: number;
  /** Exports waiting for a thread; past it 503 + Retry-After (EXPORT_QUEUE_LIMIT). */
  exportQueueLimit: number;
  /** Threads rendering exports off the event loop. */
  exportWorkers: number;
  /** Heap each export thread may use; past it the export fails with 413, the service lives on. */
  exportMemoryMb: number;
  logLevel: string;
  production: boolean;
  /** WITHHOLD: fields every export leaves out, whatever the configuration says. */
  withhold: string[];
  /**
   * PLAN_URL_TEMPLATE: where a reader finds a plan in the planning service, with `{id}` for its id
   * (https://dmp.example.org/plans/overview/{id}); exports link related plans there. Never fetched.
   */
  planUrlTemplate: string | null;
  /** What one layout may make of a plan (LAYOUT_*). */
  layoutBudget: LayoutBudget;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function port(env: Env): number {
  const raw = env.PORT?.trim();
  if (!raw) return 8080;
  const value = Number(raw);
  // 0 asks the OS for a free port (tests).
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new ConfigError(`PORT must be a port number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return false;
  if (['true', '1', 'yes'].includes(raw)) return true;
  if (['false', '0', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function url(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * PLAN_URL_TEMPLATE: an http(s) URL with `{id}` where a plan's id goes. Only `{id}` is substituted
 * (with the id percent-encoded); a template that does not make an http(s) URL is refused at start.
 */
function planUrlTemplate(env: Env): string | null {
  const raw = env.PLAN_URL_TEMPLATE?.trim();
  if (!raw) return null;
  if (!raw.includes('{id}'))
    throw new ConfigError(`PLAN_URL_TEMPLATE must say where the plan's id goes with {id}, got "${raw}"`);
  try {
    const parsed = new URL(planUrl(raw, '3cf0120d-7604-5a27-a9c6-f228696e91ac'));
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error();
  } catch {
    throw new ConfigError(`PLAN_URL_TEMPLATE must make an http(s) URL, got "${raw}"`);
  }
  return raw;
}

/** The URL of the plan `id` from a PLAN_URL_TEMPLATE (its `{id}`s replaced by the percent-encoded id). */
export const planUrl = (template: string, id: string): string => template.replaceAll('{id}', encodeURIComponent(id));

function nonNegativeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new ConfigError(`${name} must be a number of at least 0, got "${raw}"`);
  return value;
}

/** The layout budget from LAYOUT_* (sizes in MB are millions of characters). */
function layoutBudget(env: Env): LayoutBudget {
  const fallback = DEFAULT_LAYOUT_BUDGET;
  const count = (key: keyof LayoutBudget, scale = 1) =>
    Math.round(positiveNumber(env, LAYOUT_BUDGET_VARIABLES[key], fallback[key] / scale) * scale);
  return {
    blocks: count('blocks'),
    pageBreaks: count('pageBreaks'),
    htmlCharacters: count('htmlCharacters', MILLION),
    textCharacters: count('textCharacters', MILLION),
    renderMs: count('renderMs'),
  };
}

/** Memory this process may use: the container's limit (cgroup) when there is one, else the host's. */
export function availableMemoryMb(): number {
  const constrained = process.constrainedMemory();
  const bytes = constrained > 0 && constrained < os.totalmem() ? constrained : os.totalmem();
  return Math.floor(bytes / 1024 / 1024);
}

/**
 * Defaults that scale with memory, so the defaults are safe on a 2-core, 2 GB container: the
 * export threads share half the memory (each 256 to 1024 MB), request bodies in flight a quarter
 * (at least one largest body, at most four).
 */
export function memoryDefaults(memoryMb: number, workers: number, maxBodyMb: number) {
  return {
    exportMemoryMb: Math.max(256, Math.min(1024, Math.floor(memoryMb / 2 / Math.max(1, workers)))),
    maxBytesInFlightMb: Math.max(maxBodyMb, Math.min(4 * maxBodyMb, Math.floor(memoryMb / 4))),
  };
}

const LOG_LEVELS = ['error', 'warn', 'info', 'http', 'verbose', 'debug', 'silly'];

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const issuer = url(env, 'AUTH_ISSUER');
  const disabled = flag(env, 'AUTH_DISABLED');
  if (production && !issuer && !disabled) {
    throw new ConfigError(
      'Refusing to start in production without authentication: set AUTH_ISSUER (and AUTH_AUDIENCE), ' +
        'or AUTH_DISABLED=true to run open on purpose.',
    );
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const exportFormats = (env.EXPORT_FORMATS ?? 'docx,pdf,json')
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  if (exportFormats.length === 0) throw new ConfigError('EXPORT_FORMATS must name at least one format');
  const sharedStorageDir = env.SHARED_STORAGE_DIR?.trim() || null;
  const maxBodyMb = positiveNumber(env, 'MAX_BODY_MB', 100);
  const exportWorkers = Math.round(positiveNumber(env, 'EXPORT_WORKERS', os.availableParallelism()));
  const defaults = memoryDefaults(availableMemoryMb(), exportWorkers, maxBodyMb);
  const maxBytesInFlightMb = positiveNumber(env, 'MAX_BYTES_IN_FLIGHT_MB', defaults.maxBytesInFlightMb);
  if (maxBytesInFlightMb < maxBodyMb)
    throw new ConfigError(`MAX_BYTES_IN_FLIGHT_MB (${maxBytesInFlightMb}) must be at least MAX_BODY_MB (${maxBodyMb})`);
  return {
    port: port(env),
    transformerId: env.TRANSFORMER_ID?.trim() || 'dmp-file-transformer',
    exportFormats: [...new Set(exportFormats)],
    auth: {
      issuer,
      audience: env.AUTH_AUDIENCE?.trim() || 'plugins',
      jwksUri: url(env, 'AUTH_JWKS_URI'),
      disabled,
      clockToleranceSeconds: nonNegativeNumber(env, 'AUTH_CLOCK_TOLERANCE_S', 30),
      requiredScope: env.AUTH_REQUIRED_SCOPE?.trim() || null,
      requiredRole: env.AUTH_REQUIRED_ROLE?.trim() || null,
    },
    sharedStorageDir,
    maxBodyBytes: Math.round(maxBodyMb * 1024 * 1024),
    maxBytesInFlight: Math.round(maxBytesInFlightMb * 1024 * 1024),
    exportTimeoutMs: positiveNumber(env, 'EXPORT_TIMEOUT_MS', 60000),
    exportQueueLimit: Math.round(positiveNumber(env, 'EXPORT_QUEUE_LIMIT', Math.max(8, exportWorkers * 8))),
    exportWorkers,
    exportMemoryMb: Math.round(positiveNumber(env, 'EXPORT_MEMORY_MB', defaults.exportMemoryMb)),
    logLevel,
    production,
    withhold: withholdEntries(env.WITHHOLD),
    planUrlTemplate: planUrlTemplate(env),
    layoutBudget: layoutBudget(env),
  };
}

/** Auth is off: explicitly, or because no issuer is configured outside production. */
export const authIsOpen = (config: Config) => config.auth.disabled || config.auth.issuer === null;
