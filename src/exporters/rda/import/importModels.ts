/**
 * Checks import request bodies (FileEnvelopeModel, PlanImportModel, DescriptionImportModel)
 * against schemas/opencdmp/*-model.schema.json before decoding, and names what is wrong.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { describeErrors } from '../../../contract/validate';
import { badRequest } from '../../../http/errors';
import { readPackageJson } from '../../../paths';

export type ImportModelKind = 'file-envelope-model' | 'plan-import-model' | 'description-import-model';

const MODEL_NAMES: Record<ImportModelKind, string> = {
  'file-envelope-model': 'FileEnvelopeModel',
  'plan-import-model': 'PlanImportModel',
  'description-import-model': 'DescriptionImportModel',
};

let validators: Record<ImportModelKind, ValidateFunction> | undefined;

function compile(): Record<ImportModelKind, ValidateFunction> {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  // Jackson accepts ISO-8601 instants besides epoch seconds; so do we (as validate.ts does).
  ajv.addFormat('instant', { type: 'string', validate: (value: string) => !Number.isNaN(Date.parse(value)) });
  const schema = (name: string) => readPackageJson<object>(`schemas/opencdmp/${name}.schema.json`);
  ajv.addSchema(schema('common-models-1.2'));
  ajv.addSchema(schema('description-import-model'));
  return {
    'file-envelope-model': ajv.compile(schema('file-envelope-model')),
    'plan-import-model': ajv.compile(schema('plan-import-model')),
    'description-import-model': ajv.getSchema('https://dmp-file-transformer/schemas/opencdmp/description-import-model.schema.json')!,
  };
}

/** Throws a 400 naming every problem (JSON pointers into the body) when `body` is not a usable model. */
export function assertValidImportModel(kind: ImportModelKind, body: unknown): void {
  validators ??= compile();
  const validate = validators[kind];
  if (validate(body)) return;
  const details = describeErrors(validate.errors ?? []);
  throw badRequest(`The request body is not a valid OpenCDMP ${MODEL_NAMES[kind]}: ${details[0].path} ${details[0].message}.`, details);
}
