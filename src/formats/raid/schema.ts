/**
 * The RAiD metadata schema (schemas/raid/raid-metadata-1.6.3.schema.json), compiled once per
 * process with ajv (JSON Schema 2020-12): every format asserted, and `iso-639-3` checked against
 * the ISO 639-3 table. The mapper writes only values it has checked, so an error here is our bug.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readPackageJson } from '../../paths';
import { isIso6393 } from './languages';

export const RAID_SCHEMA_FILE = 'schemas/raid/raid-metadata-1.6.3.schema.json';

let validator: ValidateFunction | undefined;

function compile(): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addFormat('iso-639-3', { type: 'string', validate: isIso6393 });
  return ajv.compile(readPackageJson<object>(RAID_SCHEMA_FILE));
}

/** The compiled schema (compiled on first use, ~0.1 s: a thread's warm-up export pays it). */
export function raidValidator(): ValidateFunction {
  validator ??= compile();
  return validator;
}

/** ajv's errors for `document`; empty when it is a valid RAiD metadata record. */
export function raidSchemaErrors(document: unknown): ErrorObject[] {
  const validate = raidValidator();
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
