/**
 * One offline export: a saved plan (or description) through the same exporters the service runs,
 * with the designer's template in place of the one configured in the plan.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALL_EXPORTERS } from '../service/formats';
import type { ExportContext, ExportResult, Exporter } from '../formats/types';
import { ServiceError } from '../errors';
import { CliError, jsonPointerPosition, uniqueLines, type Diagnostic } from './diagnostics';
import { readModelFile, type ModelFile } from '../contract/modelFile';
import { TemplateInput } from './templateInput';
import { withholdEntries } from '../config';

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

export interface FailureContext {
  planPath: string;
  /** The plan's text, once read: validation errors point at its lines. */
  planText?: string;
  template: TemplateInput | null;
}

export interface Failure {
  /** The service's own message (what an admin would see), or an internal error. */
  summary: string;
  diagnostics: Diagnostic[];
}

/** An export failure -> the service's message plus one located line per problem. */
export function describeFailure(error: unknown, context: FailureContext): Failure {
  if (error instanceof CliError) return { summary: error.message, diagnostics: [] };
  if (!(error instanceof ServiceError)) {
    // Not the template's fault nor the plan's: a bug in the exporters, worth a stack trace.
    const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { summary: `internal error (please report it): ${stack}`, diagnostics: [] };
  }
  const diagnostics = error.details.map((detail): Diagnostic => {
    const problem = context.template?.problemOf(detail);
    if (problem) return context.template!.diagnostic(problem);
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
  return { summary: error.message, diagnostics };
}

export function printFailure(failure: Failure): void {
  console.error(`error: ${failure.summary}`);
  for (const line of uniqueLines(failure.diagnostics)) console.error(line);
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
  /** Starts the "Wrote …" line (watch puts the time there). */
  linePrefix?: string;
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(path.resolve(folder), path.resolve(file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** Reads plan and template afresh, exports, writes; reports either way. True when a file was written. */
export async function renderToFile(options: RenderOptions): Promise<boolean> {
  const started = performance.now();
  const context: FailureContext = { planPath: options.plan, template: null };
  try {
    for (const input of [options.plan, options.template]) {
      if (input && path.resolve(input) === path.resolve(options.out))
        throw new CliError(`The output ${options.out} would overwrite the input ${input}; choose another --out.`);
    }
    const exporter = exporterFor(options.format);
    const bytes = readPlanBytes(options.plan);
    context.planText = bytes.toString('utf8');
    const plan = readModelFile(bytes, options.plan);
    const template = options.template ? TemplateInput.read(options.template) : null;
    context.template = template;
    if (template?.kind === 'directory' && isInside(template.path, options.out)) {
      throw new CliError(
        `The output ${options.out} is inside the template folder ${template.path}, where it would become part of the template; write it elsewhere.`,
      );
    }
    const result = await exportModel(plan, exporter, template);
    writeOutput(options.out, result.bytes);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const layout =
      exporter.format === 'json' ? 'as RDA maDMP JSON' : `with ${template ? template.path : 'the default layout'}`;
    const size =
      result.pages !== undefined
        ? `${kilobytes(result.bytes.length)}, ${result.pages} page${result.pages === 1 ? '' : 's'}`
        : kilobytes(result.bytes.length);
    console.log(
      `${options.linePrefix ?? ''}Wrote ${options.out} (${size}): ${plan.entity} ${options.plan} ${layout}, in ${seconds} s.`,
    );
    const warnings = [...result.warnings];
    if (template && exporter.format === 'json')
      warnings.unshift('the template is not used for the json format: RDA maDMP JSON has no layout');
    for (const warning of new Set(warnings)) console.error(`warning: ${warning}`);
    return true;
  } catch (error) {
    printFailure(describeFailure(error, context));
    return false;
  }
}
