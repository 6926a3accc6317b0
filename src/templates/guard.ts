/**
 * Bounds on one render of a tenant template. Handlebars has no limits of its own, so:
 *
 * - RenderGuard bounds the Handlebars run: every helper call (the built-in block helpers
 *   included) ticks its clock, every `each` iteration and partial counts towards the HTML size,
 *   every string a helper returns is held to the same size, and partials nest only so deep.
 * - DocumentBudget bounds what the placeholders in that HTML add afterwards: a `<dmp-blocks>`
 *   splices a whole answer, so one short tag in a loop could repeat gigabytes of text.
 *
 * Both turn a runaway template into a 422 naming the template (budget.ts bounds the rest of what a
 * layout makes: blocks, page breaks, text). What Handlebars joins between
 * helpers (template text and values) is held to the limit when a helper returns it, and a string
 * longer than JavaScript allows is a template problem too (locateError); the whole export also
 * runs under the worker deadline.
 */
import { DEFAULT_LAYOUT_BUDGET, LAYOUT_BUDGET_VARIABLES, type LayoutBudget } from '../config';
import { overBudget, type PlacedContent } from './budget';
import { handlebars } from './engine';
import { positionOf, TemplateRenderError } from './problems';

export type { PlacedContent } from './budget';

/** Where a helper call is in its template, as Handlebars passes it in the helper's options. */
type HandlebarsLocation = { start: { line: number; column: number } };

export interface RenderLimits {
  /** Largest HTML a template may produce. */
  maxOutputChars: number;
  /** Deepest nesting of partials (a partial including itself stops here). */
  maxPartialDepth: number;
  /** Longest a render may take. */
  timeBudgetMs: number;
}

const MAX_PARTIAL_DEPTH = 20;

/** The guard's limits under a layout budget (LAYOUT_MAX_HTML_MB, LAYOUT_TIMEOUT_MS). */
export const renderLimitsOf = (budget: LayoutBudget): RenderLimits => ({
  maxOutputChars: budget.htmlCharacters,
  maxPartialDepth: MAX_PARTIAL_DEPTH,
  timeBudgetMs: budget.renderMs,
});

export const RENDER_LIMITS: RenderLimits = renderLimitsOf(DEFAULT_LAYOUT_BUDGET);

/** Reading the clock costs more than the work between two ticks; look every so many. */
const TICKS_PER_CLOCK_READ = 64;

export class RenderGuard {
  private readonly deadline: number;
  private ticks = 0;
  /** Characters produced so far, counting each piece once however deeply it is nested. */
  private produced = 0;
  /** Per open measured piece: the length of its measured children, which its own length already includes. */
  private readonly childLengths: number[] = [];
  private readonly files: string[];

  constructor(
    entryFile: string,
    private readonly limits: RenderLimits = RENDER_LIMITS,
  ) {
    this.files = [entryFile];
    this.deadline = performance.now() + limits.timeBudgetMs;
  }

  /** The file whose code is running: the entry, or the innermost partial. */
  get currentFile(): string {
    return this.files[this.files.length - 1];
  }

  /** Runs one piece of output and accounts for its size and time. */
  measure(run: () => string): string {
    this.enter();
    let output: string;
    try {
      output = run();
    } catch (error) {
      this.abandon();
      throw error;
    }
    this.leave(output);
    return output;
  }

  /** Opens a measured piece (an `each` iteration); `leave` closes it with what it produced. */
  enter(): void {
    this.tick();
    this.childLengths.push(0);
  }

  leave(output: string): void {
    const children = this.childLengths.pop()!;
    this.produced += Math.max(0, output.length - children);
    if (this.childLengths.length > 0) this.childLengths[this.childLengths.length - 1] += output.length;
    this.checkSize(this.produced);
  }

  /** Closes a measured piece that failed (the error is on its way up). */
  abandon(): void {
    this.childLengths.pop();
  }

  /** Runs a partial: one level deeper, with its file as the current one. */
  partial(file: string, name: string, run: () => string): string {
    if (this.files.length > this.limits.maxPartialDepth) {
      throw new TemplateRenderError(
        `partials nest deeper than ${this.limits.maxPartialDepth} levels at "${name}" (does it include itself without an end?)`,
        undefined,
        this.currentFile,
        name,
      );
    }
    this.files.push(file);
    try {
      return this.measure(run);
    } catch (error) {
      throw locateError(error, file);
    } finally {
      this.files.pop();
    }
  }

  checkSize(length: number): void {
    if (length > this.limits.maxOutputChars) throw overBudget('htmlCharacters', this.limits.maxOutputChars);
  }

  /** A string a helper returns (or is about to build) is held to the output limit, at the helper's position. */
  checkPiece(length: number, helper: string, loc: HandlebarsLocation | undefined): void {
    if (length > this.limits.maxOutputChars) {
      throw new TemplateRenderError(
        `${helper}: the result would be longer than the ${this.limits.maxOutputChars / 1_000_000} MB of HTML a template may write (${LAYOUT_BUDGET_VARIABLES.htmlCharacters})`,
        positionOf(loc),
        undefined,
        undefined,
        true,
      );
    }
  }

  tick(): void {
    if (++this.ticks % TICKS_PER_CLOCK_READ === 0 && performance.now() > this.deadline)
      throw overBudget('renderMs', this.limits.timeBudgetMs);
  }
}

/**
 * Gives an error raised while `file` ran the file it belongs to, once, at the innermost level.
 * Template mistakes Handlebars finds at run time (`{{#if}}` without argument, a dynamic partial
 * that does not exist) become TemplateRenderErrors; so does a stack overflow from recursion the
 * guard could not see. Anything else is a bug of ours and passes unchanged.
 */
export function locateError(error: unknown, file: string): unknown {
  if (error instanceof TemplateRenderError) {
    return error.file === undefined
      ? new TemplateRenderError(error.message, error.position, file, error.partial, error.overBudget)
      : error;
  }
  if (error instanceof handlebars.Exception) {
    const located = error as Error & { lineNumber?: number; column?: number };
    const position =
      located.lineNumber !== undefined ? { line: located.lineNumber, column: (located.column ?? 0) + 1 } : undefined;
    return new TemplateRenderError(error.message.replace(/ - \d+:\d+$/, ''), position, file);
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new TemplateRenderError('the template recurses too deeply', undefined, file);
  }
  if (error instanceof RangeError && /invalid string length/i.test(error.message)) {
    return new TemplateRenderError(
      'the template builds text longer than JavaScript strings can be',
      undefined,
      file,
      undefined,
      true,
    );
  }
  return error;
}

export type DocumentLimits = PlacedContent;

/**
 * The most one document may repeat once its placeholders are resolved: content placed a second
 * time or more (the first placement of each answer and image is bounded by the plan and the
 * template themselves, however large). The built-in layout places each answer once, guidance
 * aside; a generated 100-description plan repeats a few dozen characters.
 */
export const DOCUMENT_LIMITS: DocumentLimits = {
  blocks: 1_000_000,
  characters: 50_000_000,
  images: 5_000,
  imageBytes: 256 * 1024 * 1024,
};

const LIMIT_WORDS: Record<keyof DocumentLimits, (limit: number) => string> = {
  blocks: (limit) => `${limit.toLocaleString('en')} paragraphs, headings and other blocks`,
  characters: (limit) => `${limit.toLocaleString('en')} characters of answer text`,
  images: (limit) => `${limit.toLocaleString('en')} images`,
  imageBytes: (limit) => `${Math.round(limit / (1024 * 1024))} MB of images`,
};

/** Counts what placeholders repeat in one document, and stops the render at DOCUMENT_LIMITS. */
export class DocumentBudget {
  private readonly placed = new Set<string>();
  private readonly repeated: PlacedContent = { blocks: 0, characters: 0, images: 0, imageBytes: 0 };

  constructor(private readonly limits: DocumentLimits = DOCUMENT_LIMITS) {}

  /** Places the content `key` names (an answer's ref, an image's src); from its second placement on, it counts. */
  place(key: string, content: PlacedContent): void {
    if (!this.placed.has(key)) {
      this.placed.add(key);
      return;
    }
    for (const measure of Object.keys(this.repeated) as (keyof PlacedContent)[]) {
      this.repeated[measure] += content[measure];
      if (this.repeated[measure] > this.limits[measure]) {
        throw new TemplateRenderError(
          `the document would repeat more than ${LIMIT_WORDS[measure](this.limits[measure])} (does the template print the same answers or images in nested loops?)`,
          undefined,
          undefined,
          undefined,
          true,
        );
      }
    }
  }
}
