/**
 * The official RDA DMP Common Standard schemas (schemas/rda/), compiled once per process with
 * ajv: 1.1 is draft-07 and 1.2 is 2020-12, so one Ajv2020 instance gets the draft-07 meta-schema
 * too. ajv-formats asserts every format (email, date, date-time, uri, url), which is stricter
 * than the standard's own CI. The mapper puts a value with a format into the document only after
 * `conformsTo` accepted it (dates are built in that form), so the final check is a safety net.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import draft7MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import { readPackageJson } from '../../paths';

export type RdaSchemaVersion = '1.1' | '1.2';

interface Compiled {
  validators: Record<RdaSchemaVersion, ValidateFunction>;
  /** The 1.2 schema, read for its controlled vocabularies (identical in 1.1). */
  schema12: Schema12;
}

interface Schema12 {
  $defs: Record<string, { enum?: string[]; items?: { enum?: string[] } }>;
}

let compiled: Compiled | undefined;

function compile(): Compiled {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addMetaSchema(draft7MetaSchema);
  const schema11 = readPackageJson<object>('schemas/rda/maDMP-schema-1.1.json');
  const schema12 = readPackageJson<Schema12>('schemas/rda/maDMP-schema-1.2.json');
  return { validators: { '1.1': ajv.compile(schema11), '1.2': ajv.compile(schema12) }, schema12 };
}

function get(): Compiled {
  compiled ??= compile();
  return compiled;
}

/** ajv's errors for `document` against one version; empty when valid. */
export function schemaErrors(version: RdaSchemaVersion, document: unknown): ErrorObject[] {
  const validate = get().validators[version];
  return validate(document) ? [] : [...(validate.errors ?? [])];
}

export type VocabularyName = 'LanguageCode' | 'CurrencyCode' | 'CountryCode' | 'Certification' | 'PIDSystemType';

const vocabularies = new Map<VocabularyName, ReadonlySet<string>>();

/** A controlled list from the 1.2 schema's `$defs` (e.g. LanguageCode, CurrencyCode). */
export function vocabulary(defName: VocabularyName): ReadonlySet<string> {
  let words = vocabularies.get(defName);
  if (!words) {
    const def = get().schema12.$defs[defName];
    words = new Set(def?.enum ?? def?.items?.enum ?? []);
    vocabularies.set(defName, words);
  }
  return words;
}

type FormatName = 'email' | 'date' | 'date-time' | 'uri' | 'url';
type FormatCheck = RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: string) => boolean) };

/**
 * No valid value is longer (an e-mail address has at most 254 characters, RFC 5321). Longer
 * text is refused before the check: ajv-formats' url pattern backtracks quadratically.
 */
const MAX_FORMAT_LENGTH: Readonly<Record<FormatName, number>> = {
  email: 254,
  date: 10,
  'date-time': 64,
  uri: 2048,
  url: 2048,
};

/** True when `value` passes the ajv-formats check the validators use for `format`. */
export function conformsTo(format: FormatName, value: string): boolean {
  if (value.length > MAX_FORMAT_LENGTH[format]) return false;
  const check = addFormats.get(format) as FormatCheck;
  const validate = typeof check === 'object' && 'validate' in check ? check.validate : check;
  return typeof validate === 'function' ? validate(value) : validate.test(value);
}

/** A URL both versions accept: 1.1 wants a `uri`, 1.2 a public http(s)/ftp `url`. */
export const isPortableUrl = (value: string): boolean => conformsTo('uri', value) && conformsTo('url', value);
