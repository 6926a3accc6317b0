/**
 * Bounds on one render of a tenant template: output size, time, partial nesting. Handlebars has
 * no limits of its own, so the renderer routes every repeat (each iteration) and every partial
 * through this guard. The whole export also runs under the worker deadline; this guard turns a
 * runaway template into a 400 naming the template long before that.
 */
import { handlebars } from './engine';
import { TemplateRenderError } from './problems';

export interface RenderLimits {
  /** Largest HTML a template may produce. */
  maxOutputChars: number;
  /** Deepest nesting of partials (a partial including itself stops here). */
  maxPartialDepth: number;
  /** Longest a render may take. */
  timeBudgetMs: number;
}

export const RENDER_LIMITS: RenderLimits = {
  maxOutputChars: 20 * 1024 * 1024,
  maxPartialDepth: 20,
  timeBudgetMs: 10_000,
};

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
    if (length > this.limits.maxOutputChars) {
      throw new TemplateRenderError(`the template produces more than ${Math.round(this.limits.maxOutputChars / (1024 * 1024))} MB of HTML`);
    }
  }

  tick(): void {
    if (++this.ticks % TICKS_PER_CLOCK_READ === 0 && performance.now() > this.deadline) {
      throw new TemplateRenderError(`the template took longer than ${this.limits.timeBudgetMs / 1000} s to render`);
    }
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
    return error.file === undefined ? new TemplateRenderError(error.message, error.position, file, error.partial) : error;
  }
  if (error instanceof handlebars.Exception) {
    const located = error as Error & { lineNumber?: number; column?: number };
    const position = located.lineNumber !== undefined ? { line: located.lineNumber, column: (located.column ?? 0) + 1 } : undefined;
    return new TemplateRenderError(error.message.replace(/ - \d+:\d+$/, ''), position, file);
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new TemplateRenderError('the template recurses too deeply', undefined, file);
  }
  return error;
}
