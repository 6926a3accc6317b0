/**
 * template.json: a bundle's name, version, page setup, theme and entries, checked against
 * schemas/template-manifest.schema.json. Problems point into the file by line (JSON syntax) or
 * JSON pointer (schema).
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import type { DocumentMeta, PageSize, Theme } from '../document/types';
import { readPackageJson } from '../paths';
import { isLabelKey, LABEL_KEYS } from './labels';
import type { TemplateProblem } from './problems';
import { didYouMean } from './suggest';
import { ownValue } from '../lookup';

type LocalizedText = string | Record<string, string>;

export interface TemplateManifest {
  name: string;
  version: string;
  description?: string;
  /** Unknown data (a path the context does not have) is an error, not a warning. */
  strict?: boolean;
  contextVersion?: 1;
  entries?: { plan?: string; description?: string };
  pageSize?: PageSize;
  orientation?: DocumentMeta['orientation'];
  margins?: DocumentMeta['margins'];
  theme?: Theme;
  header?: LocalizedText;
  footer?: LocalizedText;
  /** Funder rules: a preset (examples: nsf, nih) and/or limits, checked on every PDF. */
  compliance?: {
    preset?: 'nsf' | 'nih';
    maxPages?: number;
    minFontPt?: number;
    minMarginMm?: number;
    pageSize?: PageSize;
  };
  /** Label overrides: a key of the label table -> its text, or its text per language. */
  labels?: Record<string, LocalizedText>;
}

export const MANIFEST_FILE = 'template.json';

let validator: ValidateFunction | undefined;

function validate(): ValidateFunction {
  // verbose: an error carries the schema it broke, whose property names "did you mean" picks from.
  validator ??= new Ajv2020({ allErrors: true, strict: true, verbose: true }).compile(
    readPackageJson<object>('schemas/template-manifest.schema.json'),
  );
  return validator;
}

export function parseManifest(text: string): { manifest: TemplateManifest | null; problems: TemplateProblem[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // V8's message names the token but not where it is: find the spot ourselves.
    const reason = (error as Error).message.replace(/,\s*(?:\.\.\.)?".*$|\s+in JSON.*$|\s+is not valid JSON.*$/s, '');
    return {
      manifest: null,
      problems: [{ file: MANIFEST_FILE, ...jsonErrorPosition(text), message: `not valid JSON: ${reason}` }],
    };
  }
  const check = validate();
  if (check(data)) {
    const manifest = data as TemplateManifest;
    const unknown = Object.keys(manifest.labels ?? {}).filter((key) => !isLabelKey(key));
    const problems = unknown.map((key) => ({
      file: MANIFEST_FILE,
      pointer: `/labels/${key}`,
      message: `is not a label key${didYouMean(key, LABEL_KEYS) || ' (see labels in schemas/template-context.schema.json)'}`,
    }));
    return problems.length > 0 ? { manifest: null, problems } : { manifest, problems: [] };
  }
  return { manifest: null, problems: schemaProblems(check.errors ?? []) };
}

/** What a designer should change, per schema keyword (ajv's own wording is for schema authors). */
function schemaProblems(errors: ErrorObject[]): TemplateProblem[] {
  // oneOf/anyOf report their branches' errors too; those say more.
  const useful = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const seen = new Set<string>();
  const problems: TemplateProblem[] = [];
  for (const error of useful.length > 0 ? useful : errors) {
    const params = error.params as Record<string, unknown>;
    let pointer = error.instancePath;
    let message: string;
    if (error.keyword === 'additionalProperties') {
      const name = String(params.additionalProperty);
      pointer += `/${name}`;
      const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      message = `is not a manifest field${didYouMean(name, known) || ' (check its spelling)'}`;
    } else if (error.keyword === 'required') {
      message = `needs the field "${String(params.missingProperty)}"`;
    } else if (error.keyword === 'pattern') {
      message =
        PATTERN_HINTS.find(([schemaPath]) => error.schemaPath.includes(schemaPath))?.[1] ??
        `must match ${String(params.pattern)}`;
    } else if (error.keyword === 'const' && error.instancePath === '/contextVersion') {
      message = `must be ${String(params.allowedValue)}: this service gives templates context version ${String(params.allowedValue)}`;
    } else if (error.keyword === 'enum') {
      message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    } else {
      message = error.message ?? 'is invalid';
    }
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ file: MANIFEST_FILE, pointer, message });
  }
  return problems;
}

const PATTERN_HINTS: [string, string][] = [
  ['/color/', 'must be a colour written #RRGGBB, e.g. "#1F4E79"'],
  ['/version/', 'must be a version like "1.2.0"'],
  ['/entryFile/', 'must be the name of a .hbs file at the root of the bundle'],
  ['/propertyNames/', 'must be a language code such as "en" or "el"'],
];

/** Line and column (1-based) where JSON text stops being valid; empty when it cannot tell. */
function jsonErrorPosition(text: string): { line?: number; column?: number } {
  const offset = jsonErrorOffset(text);
  if (offset === null) return {};
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

const JSON_LITERAL = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const char = text[i];
      if (char === '"') {
        i++;
        return;
      }
      if (char < ' ') fail();
      i += char === '\\' ? 2 : 1;
    }
    fail();
  };
  const members = (close: string, member: () => void) => {
    i++; // the opening bracket
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ',') fail();
      i++;
    }
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') {
      members('}', () => {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
      });
    } else if (char === '[') {
      members(']', value);
    } else if (char === '"') {
      string();
    } else {
      JSON_LITERAL.lastIndex = i;
      if (!JSON_LITERAL.test(text)) fail();
      i = JSON_LITERAL.lastIndex;
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return null;
  } catch (offset) {
    return typeof offset === 'number' ? Math.min(offset, text.length) : null;
  }
}

/** A header/footer text in the label language ("en" for languages not listed). */
export function localizedText(text: LocalizedText | undefined, language: string): string | undefined {
  if (text === undefined || typeof text === 'string') return text;
  return ownValue(text, language) ?? ownValue(text, language.split('-')[0]) ?? ownValue(text, 'en');
}
