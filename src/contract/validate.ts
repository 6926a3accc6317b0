/**
 * Validates request bodies against the JSON Schemas in schemas/opencdmp (one Ajv instance for
 * all of them) and turns ajv's errors into details a person can act on: the JSON pointer of the
 * offending value and what was expected. Nesting is bounded first, without recursion, because
 * ajv and the decoders recurse once per level of template sections.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { badRequest, type ErrorDetail } from '../http/errors';
import { readPackageJson } from '../paths';
import { isSupportedInstant } from './decode';

/** Enough to fix a payload, few enough to read. */
const MAX_DETAILS = 20;

/** Template sections nest; no real template comes near this many levels. */
export const MAX_SECTION_DEPTH = 64;

/**
 * Any JSON nesting deeper than this is no OpenCDMP model (a plan with sections nested
 * MAX_SECTION_DEPTH deep is about 150 levels), and a description's plan holding descriptions
 * holding plans… would otherwise recurse ajv as deep as the body goes.
 */
export const MAX_JSON_DEPTH = 512;

/** The request schemas in schemas/opencdmp, by file name, and the model each one describes. */
const REQUEST_MODELS = {
  'plan-model': 'PlanModel',
  'description-model': 'DescriptionModel',
  'file-envelope-model': 'FileEnvelopeModel',
  'plan-import-model': 'PlanImportModel',
  'description-import-model': 'DescriptionImportModel',
} as const;

export type RequestSchema = keyof typeof REQUEST_MODELS;

const SCHEMA_ID_BASE = 'https://dmp-file-transformer/schemas/opencdmp/';

let ajv: Ajv2020 | undefined;

function createAjv(): Ajv2020 {
  const instance = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  // Jackson accepts ISO-8601 instants besides epoch seconds; so do we, in the years the numbers may have.
  instance.addFormat('instant', { type: 'string', validate: (value: string) => isSupportedInstant(Date.parse(value)) });
  for (const name of ['common-models-1.2', ...Object.keys(REQUEST_MODELS)]) {
    instance.addSchema(readPackageJson<object>(`schemas/opencdmp/${name}.schema.json`));
  }
  return instance;
}

/** The compiled schema (compiled on first use, then cached by ajv). */
function validatorFor(schema: RequestSchema): ValidateFunction {
  ajv ??= createAjv();
  const validate = ajv.getSchema(`${SCHEMA_ID_BASE}${schema}.schema.json`);
  if (!validate) throw new Error(`schemas/opencdmp/${schema}.schema.json has no $id ${SCHEMA_ID_BASE}${schema}.schema.json`);
  return validate;
}

/** Throws a 400 naming every problem (up to MAX_DETAILS) when `body` does not match `schema`. */
export function assertValidRequest(schema: RequestSchema, body: unknown): void {
  assertNestingWithinLimits(body);
  const validate = validatorFor(schema);
  if (validate(body)) return;
  const details = describeErrors(validate.errors ?? []);
  throw badRequest(`The request body is not a valid OpenCDMP ${REQUEST_MODELS[schema]}: ${details[0].path} ${details[0].message}.`, details);
}

export type ModelKind = 'plan' | 'description';

/** Throws a 400 naming every problem (up to MAX_DETAILS) when `body` is not a usable model. */
export function assertValidModel(kind: ModelKind, body: unknown): void {
  assertValidRequest(kind === 'plan' ? 'plan-model' : 'description-model', body);
}

interface Visit {
  value: object;
  key: string | number;
  parent: Visit | null;
  depth: number;
  /** How many `sections` arrays enclose this value. */
  sectionDepth: number;
}

/**
 * 400 when template sections nest deeper than MAX_SECTION_DEPTH, or anything deeper than
 * MAX_JSON_DEPTH, anywhere in `body`. Iterative: it must not overflow the stack it protects.
 */
export function assertNestingWithinLimits(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const pending: Visit[] = [{ value: body, key: '', parent: null, depth: 0, sectionDepth: 0 }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    // Objects inside more than MAX_SECTION_DEPTH nested `sections` arrays (such an array may be empty).
    if (visit.sectionDepth > MAX_SECTION_DEPTH && !Array.isArray(visit.value)) {
      const path = pointerOf(visit);
      throw badRequest(`Template sections are nested more than ${MAX_SECTION_DEPTH} levels deep; the details say where.`, [
        { path, message: `sections may nest at most ${MAX_SECTION_DEPTH} levels deep` },
      ]);
    }
    if (visit.depth > MAX_JSON_DEPTH) {
      const path = pointerOf(visit);
      throw badRequest(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep; the details say where.`, [
        { path, message: `JSON may nest at most ${MAX_JSON_DEPTH} levels deep` },
      ]);
    }
    const { value, depth, sectionDepth } = visit;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const child: unknown = value[index];
        if (typeof child === 'object' && child !== null) pending.push({ value: child, key: index, parent: visit, depth: depth + 1, sectionDepth });
      }
      continue;
    }
    // for…in allocates no key list (a 4 MB plan is walked in ~2 ms); parsed JSON inherits no keys.
    for (const key in value) {
      const child: unknown = (value as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      const inSections = key === 'sections' && Array.isArray(child);
      pending.push({ value: child, key, parent: visit, depth: depth + 1, sectionDepth: inSections ? sectionDepth + 1 : sectionDepth });
    }
  }
}

/** RFC 6901 JSON pointer of a visited value. */
function pointerOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(String(at.key).replace(/~/g, '~0').replace(/\//g, '~1'));
  return keys.length > 0 ? `/${keys.reverse().join('/')}` : '/';
}

const INSTANT_MESSAGE = 'must be an instant: epoch seconds or an ISO-8601 date-time, in the years 0000 to 9999';

/** An error inside one of the `Instant` branches (number, ISO string, null). */
const isInstantBranchError = (error: ErrorObject) => error.schemaPath.includes('/$defs/Instant/');

export function describeErrors(errors: ErrorObject[]): ErrorDetail[] {
  // anyOf/oneOf/if report their branches' errors too; the branch errors say more. The branches
  // of an instant ("must be number", "must be string", "must be null") say one thing together.
  const useful = errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword));
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const error of useful.length > 0 ? useful : errors) {
    const detail = { path: error.instancePath || '/', message: isInstantBranchError(error) ? INSTANT_MESSAGE : messageOf(error) };
    const key = `${detail.path} ${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
    if (details.length === MAX_DETAILS) break;
  }
  return details;
}

function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `is missing the required property "${String(params.missingProperty)}"`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${alternatives(String(params.type).split(','))}`;
    case 'format':
      return `must match format "${String(params.format)}"`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** "a", "a or b", "a, b or c". */
function alternatives(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : (words[0] ?? '');
}
