/**
 * Renders for the studio: a plan with the designer's template in one format, its problems located
 * and linked to the template's files, the plan's own warnings apart, and the output kept for the
 * page to show (a DOCX also drawn as HTML by mammoth, since browsers cannot show Word files).
 */
import path from 'node:path';
import mammoth from 'mammoth';
import { formatDiagnostic, type Diagnostic } from '../commands/diagnostics';
import { exporterFor, renderModel } from '../commands/render';
import type { PlanChoice } from './plans';

export type ViewKind = 'pdf' | 'html' | 'docx' | 'text';

export interface StudioProblem {
  severity: Diagnostic['severity'];
  /** "funder/partials/cover.hbs:3:7" */
  place: string;
  message: string;
  /** The studio's view of the file at that line, for a file of the template folder. */
  source?: string;
}

export interface StudioRender {
  plan: string;
  format: string;
  problems: StudioProblem[];
  planWarnings: string[];
  failure: string | null;
  pages?: number;
  seconds: number;
  output?: { url: string; viewUrl: string; view: ViewKind; filename: string };
}

export interface StoredOutput {
  bytes: Uint8Array;
  mimeType: string;
  filename: string;
  /** A DOCX drawn as an HTML page. */
  html?: string;
}

const VIEWS: Record<string, ViewKind> = {
  pdf: 'pdf',
  html: 'html',
  docx: 'docx',
  md: 'text',
  txt: 'text',
  json: 'text',
};
/** Outputs the page may still ask for; older ones are dropped. */
const KEPT_OUTPUTS = 24;

/** Word body HTML from mammoth, in a page of its own (the frame is sandboxed: no script runs). */
function docxPage(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body { font: 15px/1.5 Georgia, "Times New Roman", serif; max-width: 46em; margin: 2em auto; padding: 0 1.5em; color: #111; }
table { border-collapse: collapse; } td, th { border: 1px solid #bbb; padding: 3px 6px; vertical-align: top; }
img { max-width: 100%; height: auto; }
</style></head><body>${body}</body></html>`;
}

export class StudioRenders {
  private readonly outputs = new Map<string, StoredOutput>();
  private readonly pending = new Map<string, Promise<StudioRender>>();
  private counter = 0;

  constructor(
    /** The template's absolute path. */
    private readonly template: string,
    /** Where the studio was started: places are shown relative to it. */
    private readonly cwd: string,
  ) {}

  output(id: string): StoredOutput | undefined {
    return this.outputs.get(id);
  }

  /** One render per plan, format and version of the files: a page and its reload share it. */
  render(plan: PlanChoice, format: string, version: number): Promise<StudioRender> {
    const key = `${plan.id}\0${format}\0${version}`;
    let pending = this.pending.get(key);
    if (!pending) {
      for (const old of this.pending.keys()) if (!old.endsWith(`\0${version}`)) this.pending.delete(old);
      pending = this.run(plan, format);
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async run(plan: PlanChoice, format: string): Promise<StudioRender> {
    const outcome = await renderModel({ plan: plan.file, template: this.template, format });
    const problems = this.problems(outcome.diagnostics);
    const render: StudioRender = {
      plan: plan.id,
      format,
      problems,
      planWarnings: outcome.planWarnings,
      failure: outcome.failure,
      seconds: outcome.seconds,
      ...(outcome.result?.pages !== undefined && { pages: outcome.result.pages }),
    };
    if (!outcome.result) return render;
    const exporter = exporterFor(format);
    const name = `${path.basename(plan.file, path.extname(plan.file))}.${format === 'json' ? 'rda.json' : exporter.extension}`;
    const stored: StoredOutput = { bytes: outcome.result.bytes, mimeType: exporter.mimeType, filename: name };
    const view = VIEWS[format] ?? 'text';
    if (view === 'docx') {
      const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(outcome.result.bytes) });
      stored.html = docxPage(value);
    }
    const id = String(++this.counter);
    this.outputs.set(id, stored);
    for (const old of [...this.outputs.keys()].slice(0, -KEPT_OUTPUTS)) this.outputs.delete(old);
    const url = `output/${id}/${encodeURIComponent(name)}`;
    return {
      ...render,
      output: { url, viewUrl: view === 'docx' ? `output/${id}/view.html` : url, view, filename: name },
    };
  }

  /** Each problem once, linked to the studio's view of the file when it is one of the template folder's. */
  private problems(diagnostics: Diagnostic[]): StudioProblem[] {
    const shown = (location: string) =>
      path.isAbsolute(location) ? path.relative(this.cwd, location) || location : location;
    const byLine = new Map(diagnostics.map((d) => [formatDiagnostic({ ...d, location: shown(d.location) }), d]));
    return [...byLine.keys()].map((line) => {
      const diagnostic = byLine.get(line)!;
      const place = line.slice(0, line.length - `: ${diagnostic.severity}: ${diagnostic.message}`.length);
      const relative = path.relative(path.resolve(this.template), path.resolve(diagnostic.location));
      const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
      const file = relative.split(path.sep).join('/');
      const query = new URLSearchParams({
        file,
        ...(diagnostic.line !== undefined && { line: String(diagnostic.line) }),
      });
      return {
        severity: diagnostic.severity,
        place,
        message: diagnostic.message,
        ...(inside && { source: `source?${query.toString()}${diagnostic.line ? `#L${diagnostic.line}` : ''}` }),
      };
    });
  }
}
