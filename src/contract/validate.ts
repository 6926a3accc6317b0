/**
 * Validates request bodies against the JSON Schemas in schemas/opencdmp and turns ajv's errors into
 * details a person can act on: the JSON pointer of the offending value and what was expected.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { badRequest, type ErrorDetail } from '../http/errors';
import { readPackageJson } from '../paths';

/** Enough to fix a payload, few enough to read. */
const MAX_DETAILS = 20;

let validators: { plan: ValidateFunction; description: ValidateFunction } | undefined;

function compile() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  // Jackson accepts ISO-8601 instants besides epoch seconds; so do we.
  ajv.addFormat('instant', { type: 'string', validate: (value: string) => !Number.isNaN(Date.parse(value)) });
  const schema = (name: string) => readPackageJson<object>(`schemas/opencdmp/${name}.schema.json`);
  ajv.addSchema(schema('common-models-1.2'));
  return { plan: ajv.compile(schema('plan-model')), description: ajv.compile(schema('description-model')) };
}

export type ModelKind = 'plan' | 'description';

/** Throws a 400 naming every problem (up to MAX_DETAILS) when `body` is not a usable model. */
export function assertValidModel(kind: ModelKind, body: unknown): void {
  validators ??= compile();
  const validate = validators[kind];
  if (validate(body)) return;
  const details = describeErrors(validate.errors ?? []);
  const model = kind === 'plan' ? 'PlanModel' : 'DescriptionModel';
  throw badRequest(`The request body is not a valid OpenCDMP ${model}: ${details[0].path} ${details[0].message}.`, details);
}

export function describeErrors(errors: ErrorObject[]): ErrorDetail[] {
  // anyOf/oneOf/if report their branches' errors too; the branch errors say more.
  const useful = errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword));
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const error of useful.length > 0 ? useful : errors) {
    const detail = { path: error.instancePath || '/', message: messageOf(error) };
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
      return `must be ${String(params.type).replace(',', ' or ')}`;
    case 'format':
      return params.format === 'instant'
        ? 'must be an instant: epoch seconds or an ISO-8601 date-time'
        : `must match format "${String(params.format)}"`;
    default:
      return error.message ?? 'is invalid';
  }
}
