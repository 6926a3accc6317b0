/**
 * Template problems a designer can act on: which upload (configuration field), which file in
 * it, where in that file, and what is wrong. They become one 400 whose details use the path
 * format `plan-template:partials/question.hbs:12:5` (line and column 1-based), or
 * `plan-template:template.json#/theme/textColor` for manifest values.
 */
import { ServiceError, type ErrorDetail } from '../errors';

export interface TemplateProblem {
  /** The file inside the template ("plan.hbs", "partials/question.hbs"); "" for the upload as a whole. */
  file: string;
  line?: number;
  column?: number;
  /** JSON pointer into template.json, for manifest problems. */
  pointer?: string;
  message: string;
}

export interface SourcePosition {
  line: number;
  column: number;
}

/** Handlebars counts columns from 0; people count from 1. */
export const positionOf = (
  loc: { start: { line: number; column: number } } | undefined | null,
): SourcePosition | undefined => (loc ? { line: loc.start.line, column: loc.start.column + 1 } : undefined);

export function problemPath(origin: string, problem: TemplateProblem): string {
  let path = problem.file ? `${origin}:${problem.file}` : origin;
  if (problem.line !== undefined) path += `:${problem.line}:${problem.column ?? 1}`;
  if (problem.pointer !== undefined) path += `#${problem.pointer}`;
  return path;
}

/** A problem as one line of text, its place first: `plan-template:partials/cover.hbs:3:7: unknown data …`. */
export const locatedText = (origin: string, problem: TemplateProblem) =>
  `${problemPath(origin, problem)}: ${problem.message}`;

/** Enough to fix a template in one round, few enough to read. */
const MAX_DETAILS = 50;

/**
 * The error for a broken template: a 400 for an uploaded one (the admin can fix it); for the
 * built-in layout a plain Error, because then the bug is ours.
 */
export function templateError(origin: string, problems: TemplateProblem[], builtIn = false): Error {
  const details: ErrorDetail[] = problems
    .slice(0, MAX_DETAILS)
    .map((p) => ({ path: problemPath(origin, p), message: p.message }));
  const first = details[0] ?? { path: origin, message: 'is not a usable template' };
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
  const message = `The layout template in ${origin} cannot be used: ${first.path}: ${first.message}${more}.`;
  if (builtIn) return new Error(message);
  return new ServiceError('bad-request', message, details);
}

/**
 * A document over the layout budget (too many blocks, page breaks, characters, too much HTML or
 * time): a 422, for an uploaded template and the built-in layout alike, since a plan can be too
 * large for any layout. The message names the limit and its variable.
 */
export function overBudgetError(origin: string, problem: TemplateProblem): ServiceError {
  const path = problemPath(origin, problem);
  return new ServiceError(
    'unprocessable',
    `The layout template in ${origin} makes a document over the service's budget: ${path}: ${problem.message}. Export it as JSON, or split it into smaller plans or descriptions.`,
    [{ path, message: problem.message }],
  );
}

/** A problem found while rendering (helpers, limits); the renderer adds the file. */
export class TemplateRenderError extends Error {
  constructor(
    message: string,
    readonly position?: SourcePosition,
    /** The template file that was running; set by the renderer as the error leaves it. */
    readonly file?: string,
    /** For nesting errors: the partial whose inclusion went too deep. */
    readonly partial?: string,
    /** The document is over the layout budget (a 422), not the template wrong (a 400). */
    readonly overBudget = false,
  ) {
    super(message);
    this.name = 'TemplateRenderError';
  }
}
