/**
 * The plans the studio offers: the sample plans that ship with the package, the files named with
 * --plan, and the plan and description files in the folder it was started from. Only these are
 * ever read: a request names one by its id, never by a path.
 */
import fs from 'node:fs';
import path from 'node:path';
import { entityOf } from '../../contract/modelFile';
import type { EntityType } from '../../contract/formats';
import { SAMPLE_PLANS, SAMPLES_FOLDER } from '../commands/check';

export interface PlanChoice {
  /** In URLs (?plan=…): "sample:plan-full.json", or the file's path relative to the starting folder. */
  id: string;
  label: string;
  file: string;
  entity: EntityType;
  sample: boolean;
}

const SAMPLE_PREFIX = 'sample:';
/** Files larger than this in the starting folder are not opened to see whether they are plans. */
const LARGEST_DISCOVERED = 20 * 1024 * 1024;
const MOST_DISCOVERED = 50;

function readPlanHeader(file: string): { entity: EntityType; label: string } | null {
  try {
    if (fs.statSync(file).size > LARGEST_DISCOVERED) return null;
    const raw: unknown = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const record = raw as Record<string, unknown>;
    if (!('planBlueprint' in record) && !('descriptionTemplate' in record)) return null;
    const label = typeof record.label === 'string' && record.label.trim() ? record.label.trim() : path.basename(file);
    return { entity: entityOf(raw), label };
  } catch {
    return null;
  }
}

const idOf = (file: string, cwd: string) => {
  const relative = path.relative(cwd, file).split(path.sep).join('/');
  return relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(file) : relative;
};

/** The choices, the designer's own first (named ones, then found ones), then the samples. */
export function planChoices(named: string[], cwd: string): PlanChoice[] {
  const choices: PlanChoice[] = [];
  const seen = new Set<string>();
  const add = (file: string, sample: boolean, required: boolean) => {
    const absolute = path.resolve(cwd, file);
    if (seen.has(absolute)) return;
    const header = readPlanHeader(absolute);
    if (!header) {
      if (required)
        throw new Error(`${file} is not a plan or description file (JSON with planBlueprint or descriptionTemplate).`);
      return;
    }
    seen.add(absolute);
    const id = sample ? `${SAMPLE_PREFIX}${path.basename(absolute)}` : idOf(absolute, cwd);
    choices.push({ id, file: absolute, sample, ...header });
  };
  for (const file of named) add(file, false, true);
  const found = fs
    .readdirSync(cwd, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.json'))
    .map((entry) => entry.name)
    .sort()
    .slice(0, MOST_DISCOVERED);
  for (const name of found) add(name, false, false);
  for (const name of SAMPLE_PLANS) add(path.join(SAMPLES_FOLDER, name), true, true);
  return choices;
}
