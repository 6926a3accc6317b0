/**
 * One offline export: a saved plan (or description) through the same exporters the service runs,
 * with the designer's template in place of the one configured in the plan. What it reports is
 * located: the template's problems at file:line:column, the plan's at its JSON lines, and the
 * warnings the plan causes with any layout (its own hostile rich text) apart from the template's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALL_EXPORTERS } from '../../service/formats';
import type { ExportContext, ExportResult, Exporter } from '../../formats/types';
import { ServiceError } from '../../errors';
import { renderDescription, renderPlan } from '../../pipeline/render';
import { CliError, jsonPointerPosition, type Diagnostic } from './diagnostics';
import { readModelFile, type ModelFile } from '../../contract/modelFile';
import { TemplateInput } from './templateInput';
import { withholdEntries } from '../../config';

export const FORMATS = ALL_EXPORTERS.map((exporter) => exporter.format);

/** Picks our values out of the plan's plugin configurations, as the service's TRANSFORMER_ID does. */
const transformerId = () => process.env.TRANSFORMER_ID?.trim() || 'dmp-file-transformer';

function readPlanBytes(planPath: string): Buffer {
  try {
    return fs.readFileSync(planPath);
  } catch (error) {
    throw new CliError(
      `Cannot read the plan ${planPath}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`,
    );
  }
}

export function exporterFor(format: string): Exporter {
  const exporter = ALL_EXPORTERS.find((e) => e.format === format);
  if (!exporter) throw new CliError(`Unknown format "${format}"; use one of ${FORMATS.join(', ')}.`);
  return exporter;
}

/** What the service gives an export, with the designer's template in place of the plan's. */
export const exportContext = (template: TemplateInput | null): ExportContext => ({
  transformerId: transformerId(),
  withhold: withholdEntries(process.env.WITHHOLD),
  ...(template && { templateOverride: template.upload }),
});

export function exportModel(
  plan: ModelFile,
  exporter: Exporter,
  template: TemplateInput | null,
): Promise<ExportResult> {
  const context = exportContext(template);
  return plan.entity === 'plan'
    ? exporter.exportPlan(plan.model, context)
    : exporter.exportDescription(plan.model, context);
}

/** The document model alone, with the built-in layout: what a plan warns about whatever the template. */
export function planOwnWarnings(plan: ModelFile): string[] {
  const context = exportContext(null);
  try {
    return (plan.entity === 'plan' ? renderPlan(plan.model, context) : renderDescription(plan.model, context)).warnings;
  } catch {
    return []; // the export itself reports what is wrong
  }
}

export interface FailureContext {
  planPath: string;
  /** The plan's text, once read: validation errors point at its lines. */
  planText?: string;
  template: TemplateInput | null;
}

export interface Failure {
  /** One closing sentence; the located problems are the diagnostics, so it does not repeat them. */
  summary: string;
  diagnostics: Diagnostic[];
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** An export failure -> one located line per problem, and a sentence that says what it stopped. */
export function describeFailure(error: unknown, context: FailureContext): Failure {
  if (error instanceof CliError) return { summary: error.message, diagnostics: [] };
  if (!(error instanceof ServiceError)) {
    // Not the template's fault nor the plan's: a bug in the exporters, worth a stack trace.
    const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { summary: `internal error (please report it): ${stack}`, diagnostics: [] };
  }
  let inTemplate = 0;
  const diagnostics = error.details.map((detail): Diagnostic => {
    const problem = context.template?.problemOf(detail);
    if (problem) {
      inTemplate++;
      return context.template!.diagnostic(problem);
    }
    // Otherwise it is about the plan: a JSON pointer into it, or an export option it configures.
    if (detail.path.startsWith('/') && context.planText !== undefined) {
      const position = jsonPointerPosition(context.planText, detail.path);
      return {
        location: context.planPath,
        ...position,
        severity: 'error',
        message: `${detail.path} ${detail.message}`,
      };
    }
    if (detail.path === context.planPath) {
      // V8 says where JSON stops being valid: "… at position 16 (line 3 column 6)". The lookbehind
      // starts a match only where a run of whitespace starts: the message quotes the plan.
      const at = /(?<!\s)\s*at position \d+ \(line (\d+) column (\d+)\)$/.exec(detail.message);
      const position = at && { line: Number(at[1]), column: Number(at[2]) };
      return {
        location: context.planPath,
        ...position,
        severity: 'error',
        message: at ? detail.message.slice(0, at.index) : detail.message,
      };
    }
    return { location: context.planPath, severity: 'error', message: `${detail.path}: ${detail.message}` };
  });
  if (diagnostics.length === 0) return { summary: error.message, diagnostics };
  const where = [
    ...(inTemplate > 0 ? [`${count(inTemplate, 'problem')} in the template ${context.template!.path}`] : []),
    ...(diagnostics.length > inTemplate
      ? [`${count(diagnostics.length - inTemplate, 'problem')} in the plan ${context.planPath}`]
      : []),
  ];
  return { summary: `nothing written: ${where.join(' and ')}`, diagnostics };
}

export interface RenderOutcome {
  entity: ModelFile['entity'] | null;
  /** The file, when the export succeeded. */
  result: ExportResult | null;
  /** Errors and the template's warnings, located. */
  diagnostics: Diagnostic[];
  /** Warnings the plan causes with any layout (its own rich text): not the template's doing. */
  planWarnings: string[];
  /** When nothing was made: the closing sentence. */
  failure: string | null;
  seconds: number;
}

/** Reads plan and template afresh and exports; never throws. */
export async function renderModel(options: {
  plan: string;
  template?: string;
  format: string;
  /** Checked before rendering: the output may not overwrite an input nor land in the template folder. */
  out?: string;
}): Promise<RenderOutcome> {
  const started = performance.now();
  const context: FailureContext = { planPath: options.plan, template: null };
  const elapsed = () => (performance.now() - started) / 1000;
  let entity: RenderOutcome['entity'] = null;
  try {
    const out = options.out;
    for (const input of [options.plan, options.template]) {
      if (out && input && path.resolve(input) === path.resolve(out))
        throw new CliError(`The output ${out} would overwrite the input ${input}; choose another --out.`);
    }
    const exporter = exporterFor(options.format);
    const bytes = readPlanBytes(options.plan);
    context.planText = bytes.toString('utf8');
    const plan = readModelFile(bytes, options.plan);
    entity = plan.entity;
    const template = options.template ? TemplateInput.read(options.template) : null;
    context.template = template;
    if (out && template?.kind === 'directory' && isInside(template.path, out)) {
      throw new CliError(
        `The output ${out} is inside the template folder ${template.path}, where it would become part of the template; write it elsewhere.`,
      );
    }
    const result = await exportModel(plan, exporter, template);
    const fromPlan = new Set(exporter.format === 'json' ? result.warnings : planOwnWarnings(plan));
    const diagnostics: Diagnostic[] = [];
    const planWarnings: string[] = [];
    const withTemplate: string[] = [];
    if (template && exporter.format === 'json')
      withTemplate.push('the template is not used for the json format: RDA maDMP JSON has no layout');
    for (const warning of new Set(result.warnings)) {
      const located = template?.warningDiagnostic(warning);
      if (located) diagnostics.push(located);
      else if (fromPlan.has(warning) || !template) planWarnings.push(warning);
      else withTemplate.push(warning);
    }
    // A warning neither located nor the plan's own came from rendering with this template.
    for (const warning of withTemplate)
      diagnostics.push({ location: template!.path, severity: 'warning', message: warning });
    return { entity, result, diagnostics, planWarnings, failure: null, seconds: elapsed() };
  } catch (error) {
    const failure = describeFailure(error, context);
    // What a render would have warned about, found without rendering: unknown data.
    const warnings = context.template?.staticWarnings() ?? [];
    return {
      entity,
      result: null,
      diagnostics: [...failure.diagnostics, ...warnings],
      planWarnings: [],
      failure: failure.summary,
      seconds: elapsed(),
    };
  }
}

/** Written next to the target, then renamed: a PDF viewer never sees half a file. */
function writeOutput(out: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, out);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw new CliError(`Cannot write ${out}: ${(error as Error).message}.`);
  }
}

export interface RenderOptions {
  plan: string;
  /** Absent: the built-in default layout. */
  template?: string;
  format: string;
  out: string;
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** Renders to a file; the outcome says what was written, for the report. */
export async function renderToFile(options: RenderOptions): Promise<RenderOutcome & { wrote: string | null }> {
  const outcome = await renderModel(options);
  if (!outcome.result) return { ...outcome, wrote: null };
  try {
    writeOutput(options.out, outcome.result.bytes);
  } catch (error) {
    return { ...outcome, result: null, failure: (error as Error).message, wrote: null };
  }
  const { result } = outcome;
  const layout = options.format === 'json' ? 'as RDA maDMP JSON' : `with ${options.template ?? 'the default layout'}`;
  const size =
    result.pages !== undefined
      ? `${kilobytes(result.bytes.length)}, ${count(result.pages, 'page')}`
      : kilobytes(result.bytes.length);
  const wrote = `Wrote ${options.out} (${size}): ${outcome.entity} ${options.plan} ${layout}, in ${outcome.seconds.toFixed(1)} s.`;
  return { ...outcome, wrote };
}
