/** `init` and `fixtures`: a designer's starting points, copied from what ships with the package. */
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../paths';
import { MANIFEST_FILE } from '../../templates/manifest';
import { SAMPLE_PLANS, SAMPLES_FOLDER } from './check';
import { CliError } from './diagnostics';

const DEFAULT_TEMPLATE = path.join(PROJECT_ROOT, 'templates', 'default');
const MANIFEST_SCHEMA = path.join(PROJECT_ROOT, 'schemas', 'template-manifest.schema.json');

/** "funder-dmp" -> "Funder dmp": a readable first name, which the designer will change anyway. */
function nameFrom(dir: string): string {
  const base = path.basename(path.resolve(dir)).replace(/[-_]+/g, ' ').trim() || 'My template';
  return base[0].toUpperCase() + base.slice(1);
}

/**
 * Creates `dir` (or takes it when empty, or with `force` whatever it holds) and copies the
 * built-in layout into it; returns the files written.
 */
export function initTemplate(dir: string, name = nameFrom(dir), force = false): string[] {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) throw new CliError(`${dir} exists and is not a directory.`);
  if (stat && !force && fs.readdirSync(dir).length > 0)
    throw new CliError(
      `${dir} is not empty; init writes only into a new or empty directory (--force writes into it, replacing files of the same names).`,
    );
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(DEFAULT_TEMPLATE, dir, { recursive: true, errorOnExist: !force, force });

  const manifestPath = path.join(dir, MANIFEST_FILE);
  const {
    $schema: _builtInSchema,
    name: builtInName,
    version: builtInVersion,
    description: _description,
    ...settings
  } = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  const manifest = {
    // Editors validate and complete template.json against the schema shipped with this package.
    $schema: path.relative(path.resolve(dir), MANIFEST_SCHEMA).split(path.sep).join('/'),
    name,
    version: '0.1.0',
    description: `Based on the ${String(builtInName)} ${String(builtInVersion)} of dmp-file-transformer.`,
    ...settings,
  };
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return fs
    .readdirSync(DEFAULT_TEMPLATE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(dir, path.relative(DEFAULT_TEMPLATE, path.join(entry.parentPath, entry.name))))
    .sort();
}

/** Writes the sample plans into `dir`; refuses to overwrite unless `force`. Returns the files written. */
export function writeFixtures(dir: string, force: boolean): string[] {
  const targets = SAMPLE_PLANS.map((name) => [path.join(SAMPLES_FOLDER, name), path.join(dir, name)] as const);
  const existing = targets.filter(([, target]) => fs.existsSync(target)).map(([, target]) => target);
  if (existing.length > 0 && !force)
    throw new CliError(
      `${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; use --force to overwrite.`,
    );
  fs.mkdirSync(dir, { recursive: true });
  // Byte for byte: the files keep the backend's quirks (duplicate keys, epoch-second instants).
  for (const [source, target] of targets) fs.copyFileSync(source, target);
  return targets.map(([, target]) => target);
}
