/**
 * Validates request bodies against the JSON Schemas in schemas/opencdmp (one Ajv instance for
 * all of them) and turns ajv's errors into details a person can act on: the JSON pointer of the
 * offending value and what was expected. Nesting is bounded first, without recursion, because
 * ajv and the decoders recurse once per level of template sections.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { badRequest, type ErrorDetail } from '../errors';
import { readPackageJson } from '../paths';
import { isInstantString } from './decode';
import { problemBudget, validateWithinBudget } from './errorBudget';
import { wrongModelError } from './wrongModel';

/** Enough to fix a payload, few enough to read. */
export const MAX_DETAILS = 20;

/**
 * A check that lists every problem stops past this many (errorBudget.ts): a body of 80,000 wrong
 * objects costs what its first 1,000 problems cost, not 29 s.
 */
export const MAX_PROBLEMS_GATHERED = 1_000;

/**
 * Bodies with more values than this are checked up to their first problem only: listing every
 * problem costs memory per problem, and 20 million of them took a process down.
 */
export const MAX_VALUES_FOR_FULL_REPORT = 100_000;

/** No array of the model holds more items (a text list of a million items is no answer). */
export const MAX_ARRAY_ITEMS = 100_000;

/** Longest text value; file contents (base64 `file`) are bounded by MAX_BODY_MB only. */
export const MAX_TEXT_CHARS = 1_000_000;

/** Longest label, title or name: it is repeated in headers, tables of contents and file names. */
export const MAX_LABEL_CHARS = 10_000;

/** Keys whose strings are file contents, not text a person reads. */
const FILE_KEYS = new Set(['file']);
/** Keys whose strings are labels (MAX_LABEL_CHARS). */
const LABEL_KEYS = new Set(['label', 'title', 'name', 'filename', 'abbreviation', 'code', 'placeholder']);

/** The longest string allowed under `key`. */
const stringLimit = (key: string | number): number =>
  FILE_KEYS.has(String(key)) ? Infinity : LABEL_KEYS.has(String(key)) ? MAX_LABEL_CHARS : MAX_TEXT_CHARS;

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

const ajvs: { all?: Ajv2020; first?: Ajv2020 } = {};

function createAjv(allErrors: boolean): Ajv2020 {
  const instance = new Ajv2020({
    allErrors,
    strict: true,
    allowUnionTypes: true,
    ...(allErrors && problemBudget(MAX_PROBLEMS_GATHERED)),
  });
  // Jackson accepts RFC 3339 instants besides epoch seconds; so do we, with a zone, in the years the numbers may have.
  instance.addFormat('instant', { type: 'string', validate: isInstantString });
  for (const name of ['common-models-1.2', ...Object.keys(REQUEST_MODELS)]) {
    instance.addSchema(readPackageJson<object>(`schemas/opencdmp/${name}.schema.json`));
  }
  return instance;
}

/**
 * The compiled schema (compiled on first use, then cached by ajv): `allErrors` lists every
 * problem up to MAX_PROBLEMS_GATHERED, else validation stops at the first (bounded in memory for
 * any body).
 */
function validatorFor(schema: RequestSchema, allErrors: boolean): ValidateFunction {
  const ajv = allErrors ? (ajvs.all ??= createAjv(true)) : (ajvs.first ??= createAjv(false));
  const validate = ajv.getSchema(`${SCHEMA_ID_BASE}${schema}.schema.json`);
  if (!validate)
    throw new Error(`schemas/opencdmp/${schema}.schema.json has no $id ${SCHEMA_ID_BASE}${schema}.schema.json`);
  return validate;
}

/** Throws a 400 naming the problems (up to MAX_DETAILS, then "and N more") when `body` does not match `schema`. */
export function assertValidRequest(schema: RequestSchema, body: unknown): void {
  const values = assertWithinLimits(body);
  const wrongModel = wrongModelError(schema, body);
  if (wrongModel) throw wrongModel;
  const full = values <= MAX_VALUES_FOR_FULL_REPORT;
  const result = validateWithinBudget(validatorFor(schema, full), body);
  if (result.valid) return;
  const details = describeErrors(result.errors, result.stopped);
  if (!full)
    details.push({
      path: '/',
      message: `the body has more than ${MAX_VALUES_FOR_FULL_REPORT.toLocaleString('en')} values, so only its first problem is reported`,
    });
  throw badRequest(
    `The request body is not a valid OpenCDMP ${REQUEST_MODELS[schema]}: ${details[0].path} ${details[0].message}.`,
    details,
  );
}

/**
 * Compiles the request schemas now (~150 ms per flavour), so a fresh thread's first request does
 * not pay for it: both flavours, since most bodies (up to MAX_VALUES_FOR_FULL_REPORT values) are
 * checked with `allErrors`, and only the largest stop at the first problem.
 */
export function warmUpValidation(): void {
  for (const allErrors of [true, false])
    for (const schema of Object.keys(REQUEST_MODELS) as RequestSchema[]) validatorFor(schema, allErrors);
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

const tooLong = (visit: Visit, key: string | number, length: number, limit: number) =>
  badRequest(
    `A text in the request body is ${length.toLocaleString('en')} characters long; the limit is ${limit.toLocaleString('en')}. The details say where.`,
    [
      {
        path: pointerOf({ ...visit, key, parent: visit }),
        message: `must be at most ${limit.toLocaleString('en')} characters`,
      },
    ],
  );

/**
 * 400 when template sections nest deeper than MAX_SECTION_DEPTH, anything deeper than
 * MAX_JSON_DEPTH, an array holds more than MAX_ARRAY_ITEMS or a text is longer than
 * MAX_TEXT_CHARS (a label MAX_LABEL_CHARS), anywhere in `body`. Returns how many values the body holds. Iterative: it must
 * not overflow the stack it protects.
 */
export function assertWithinLimits(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 1;
  let values = 1;
  const pending: Visit[] = [{ value: body, key: '', parent: null, depth: 0, sectionDepth: 0 }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    // Objects inside more than MAX_SECTION_DEPTH nested `sections` arrays (such an array may be empty).
    if (visit.sectionDepth > MAX_SECTION_DEPTH && !Array.isArray(visit.value)) {
      const path = pointerOf(visit);
      throw badRequest(
        `Template sections are nested more than ${MAX_SECTION_DEPTH} levels deep; the details say where.`,
        [{ path, message: `sections may nest at most ${MAX_SECTION_DEPTH} levels deep` }],
      );
    }
    if (visit.depth > MAX_JSON_DEPTH) {
      const path = pointerOf(visit);
      throw badRequest(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep; the details say where.`, [
        { path, message: `JSON may nest at most ${MAX_JSON_DEPTH} levels deep` },
      ]);
    }
    const { value, depth, sectionDepth } = visit;
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY_ITEMS) {
        throw badRequest(
          `A list in the request body has ${value.length.toLocaleString('en')} items; the limit is ${MAX_ARRAY_ITEMS.toLocaleString('en')}. The details say where.`,
          [{ path: pointerOf(visit), message: `must have at most ${MAX_ARRAY_ITEMS.toLocaleString('en')} items` }],
        );
      }
      const limit = stringLimit(visit.key);
      values += value.length;
      for (let index = 0; index < value.length; index++) {
        const child: unknown = value[index];
        if (typeof child === 'object' && child !== null)
          pending.push({ value: child, key: index, parent: visit, depth: depth + 1, sectionDepth });
        else if (typeof child === 'string' && child.length > limit) throw tooLong(visit, index, child.length, limit);
      }
      continue;
    }
    // for…in allocates no key list (a 4 MB plan is walked in ~2 ms); parsed JSON inherits no keys.
    for (const key in value) {
      values++;
      const child: unknown = (value as Record<string, unknown>)[key];
      if (typeof child === 'string' && child.length > MAX_LABEL_CHARS && child.length > stringLimit(key))
        throw tooLong(visit, key, child.length, stringLimit(key));
      if (typeof child !== 'object' || child === null) continue;
      const inSections = key === 'sections' && Array.isArray(child);
      pending.push({
        value: child,
        key,
        parent: visit,
        depth: depth + 1,
        sectionDepth: inSections ? sectionDepth + 1 : sectionDepth,
      });
    }
  }
  return values;
}

/** @deprecated name kept for callers: the nesting checks are part of assertWithinLimits. */
export const assertNestingWithinLimits = (body: unknown): void => void assertWithinLimits(body);

/** RFC 6901 JSON pointer of a visited value. */
function pointerOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent)
    keys.push(String(at.key).replace(/~/g, '~0').replace(/\//g, '~1'));
  return keys.length > 0 ? `/${keys.reverse().join('/')}` : '/';
}

const INSTANT_MESSAGE =
  'must be an instant: epoch seconds or an RFC 3339 date-time with a time zone, in the years 0000 to 9999';

/** An error inside one of the `Instant` branches (number, ISO string, null). */
const isInstantBranchError = (error: ErrorObject) => error.schemaPath.includes('/$defs/Instant/');

/** `stopped`: the check gave up past MAX_PROBLEMS_GATHERED, so how many more there are is not known. */
export function describeErrors(errors: ErrorObject[], stopped = false): ErrorDetail[] {
  // anyOf/oneOf/if report their branches' errors too; the branch errors say more. The branches
  // of an instant ("must be number", "must be string", "must be null") say one thing together.
  const useful = errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword));
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  let more = 0;
  for (const error of useful.length > 0 ? useful : errors) {
    const detail = {
      path: error.instancePath || '/',
      message: isInstantBranchError(error) ? INSTANT_MESSAGE : messageOf(error),
    };
    const key = `${detail.path} ${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (details.length < MAX_DETAILS) details.push(detail);
    else more++;
  }
  if (stopped)
    details.push({
      path: '/',
      message: `and more problems not listed: the check stopped after the first ${MAX_PROBLEMS_GATHERED.toLocaleString('en')}`,
    });
  else if (more > 0)
    details.push({
      path: '/',
      message: `and ${more.toLocaleString('en')} more problem${more === 1 ? '' : 's'} not listed`,
    });
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
