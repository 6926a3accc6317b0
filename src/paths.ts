import fs from 'node:fs';
import path from 'node:path';

/** The package root: the same from src/ (tests, tsx) and dist/ (built), both one level down. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');

/** Reads a JSON file shipped with the package (schemas/, templates/, fixtures/), by path from the root. */
export function readPackageJson<T = unknown>(relativePath: string): T {
  return JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, relativePath), 'utf8')) as T;
}
