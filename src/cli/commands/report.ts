/** What a render prints: the "Wrote" line on stdout, then each problem once on stderr, then why nothing was written. */
import { uniqueLines, type Diagnostic } from './diagnostics';
import type { Failure, RenderOutcome } from './render';

export interface ReportOptions {
  /** Starts every line (watch puts the time there). */
  prefix?: string;
  /** The plan file, where the plan's own warnings are located. */
  plan: string;
  /** False leaves out the plan's own warnings (watch prints them once, not on every save). */
  planWarnings?: boolean;
}

/** The plan's own warnings, located at the plan file: they come with any template. */
export const planWarningDiagnostics = (plan: string, warnings: string[]): Diagnostic[] =>
  warnings.map((message) => ({ location: plan, severity: 'warning', message }));

export function printOutcome(outcome: RenderOutcome & { wrote?: string | null }, options: ReportOptions): void {
  const prefix = options.prefix ?? '';
  if (outcome.wrote) console.log(`${prefix}${outcome.wrote}`);
  const diagnostics = [
    ...outcome.diagnostics,
    ...(options.planWarnings === false ? [] : planWarningDiagnostics(options.plan, outcome.planWarnings)),
  ];
  for (const line of uniqueLines(diagnostics)) console.error(`${prefix}${line}`);
  if (outcome.failure) console.error(`${prefix}error: ${outcome.failure}`);
}

export function printFailure(failure: Failure, prefix = ''): void {
  for (const line of uniqueLines(failure.diagnostics)) console.error(`${prefix}${line}`);
  console.error(`${prefix}error: ${failure.summary}`);
}
