/**
 * `data`: the context a template receives for a plan, so field names need not be guessed: as JSON,
 * or one line per path with its type and an example value. Paths the context's schema has but this
 * plan leaves empty follow, marked, so a designer sees what exists as well as what this plan fills.
 */
import fs from 'node:fs';
import { readModelFile } from '../../contract/modelFile';
import { templateContext } from '../../pipeline/render';
import type { TemplateContext } from '../../templates/context';
import { namesOf, propertyOf, templateContextShape, type Shape } from '../../templates/contextShape';
import { CliError } from './diagnostics';
import { exportContext } from './render';
import { TemplateInput } from './templateInput';

/** The context for a plan file, built as an export with the template would build it. */
export function contextFor(planPath: string, templatePath?: string): TemplateContext {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(planPath);
  } catch (error) {
    throw new CliError(`Cannot read the plan ${planPath}: ${(error as Error).message}.`);
  }
  const plan = readModelFile(bytes, planPath);
  const template = templatePath ? TemplateInput.read(templatePath) : null;
  return templateContext(plan.entity, plan.model, exportContext(template));
}

export interface ContextPath {
  /** As in a template, with `[]` for "each item of": `plan.sections[].title`. */
  path: string;
  /** "string", "number", "boolean", "null", "list", "object"; several joined by " | ". */
  type: string;
  /** The first value seen, as JSON (shortened), or how many items a list has; empty for an empty path. */
  example: string;
  /** The schema has it; this plan leaves it empty or out. */
  empty?: boolean;
}

const EXAMPLE_LENGTH = 60;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'object' : typeof value;
}

function example(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value !== null && typeof value === 'object') return `${Object.keys(value).length} keys`;
  const text = JSON.stringify(value) ?? '';
  return text.length > EXAMPLE_LENGTH ? `${text.slice(0, EXAMPLE_LENGTH - 2)}…"` : text;
}

/** Every path of a context: what this plan fills, then what the schema has besides. */
export function contextPaths(context: unknown): ContextPath[] {
  const found = new Map<string, { types: Set<string>; example: string }>();
  const visit = (value: unknown, path: string) => {
    const type = typeOf(value);
    if (path) {
      const entry = found.get(path);
      if (!entry) found.set(path, { types: new Set([type]), example: example(value) });
      else {
        entry.types.add(type);
        if (entry.example === 'null' || entry.example === '0 items') entry.example = example(value);
      }
    }
    if (Array.isArray(value)) value.forEach((item) => visit(item, `${path}[]`));
    else if (type === 'object')
      for (const [key, inner] of Object.entries(value as object)) visit(inner, path ? `${path}.${key}` : key);
  };
  visit(context, '');
  const paths: ContextPath[] = [...found].map(([path, { types, example }]) => ({
    path,
    type: [...types].join(' | '),
    example,
  }));
  const filled = [...found.keys()];
  for (const path of schemaPaths(templateContextShape())) {
    if (found.has(path.path)) continue;
    // plan.referencesByType.<key>[] is filled when any key is (plan.referencesByType.funders[]).
    if (path.path.includes('<key>')) {
      const pattern = new RegExp(`^${path.path.replace(/[.[\]]/g, '\\$&').replaceAll('<key>', '[^.[\\]]+')}$`);
      if (filled.some((filledPath) => pattern.test(filledPath))) continue;
    }
    paths.push({ ...path, empty: true });
  }
  return paths;
}

function shapeType(shape: Shape): string {
  switch (shape.kind) {
    case 'scalar':
      return shape.type;
    case 'array':
      return 'list';
    case 'object':
      return 'object';
    case 'union':
      return [...new Set(shape.members.map(shapeType))].join(' | ');
    default:
      return 'any';
  }
}

/** The paths the context's schema declares; a shape met again inside itself (sections in sections) is not expanded twice. */
function schemaPaths(root: Shape): ContextPath[] {
  const paths: ContextPath[] = [];
  const walk = (shape: Shape, path: string, open: Set<Shape>) => {
    if (open.has(shape)) return;
    const inside = new Set(open).add(shape);
    if (path) paths.push({ path, type: shapeType(shape), example: '' });
    const members = shape.kind === 'union' ? shape.members : [shape];
    for (const member of members) {
      if (member.kind === 'array') walk(member.items, `${path}[]`, inside);
      if (member.kind === 'object' && member.rest && member.rest.kind !== 'any')
        walk(member.rest, `${path}.<key>`, inside);
    }
    for (const name of namesOf(shape)) {
      if (shape.kind !== 'object' && shape.kind !== 'union') continue;
      walk(propertyOf(shape, name)!, path ? `${path}.${name}` : name, inside);
    }
  };
  walk(root, '', new Set());
  const seen = new Set<string>();
  return paths.filter((p) => !seen.has(p.path) && seen.add(p.path));
}

/** One aligned line per path: path, type, example ("(empty in this plan)" for what the plan leaves out). */
export function formatPaths(paths: ContextPath[]): string {
  const width = Math.min(48, Math.max(...paths.map((p) => p.path.length)));
  const typeWidth = Math.min(16, Math.max(...paths.map((p) => p.type.length)));
  return paths
    .map((p) =>
      `${p.path.padEnd(width)}  ${p.type.padEnd(typeWidth)}  ${p.empty ? '(empty in this plan)' : p.example}`.trimEnd(),
    )
    .join('\n');
}
