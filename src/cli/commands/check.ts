/**
 * `check`: everything that can be wrong with a template, before an admin uploads it. First what
 * is found without rendering (manifest, syntax, helpers, partials, assets); when that is clean,
 * the bundled sample plans are rendered to the document model, DOCX and PDF, so mistakes that only
 * show at run time (a partial including itself, a helper given a bad value, a broken Word shell)
 * show too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderDescription, renderPlan } from '../../pipeline/render';
import type { ExportContext } from '../../formats/types';
import { PROJECT_ROOT } from '../../paths';
import { formatDiagnostic, type Diagnostic } from './diagnostics';
import { readModelFile, type ModelFile } from '../../contract/modelFile';
import { describeFailure, exportContext, exportModel, exporterFor, planOwnWarnings } from './render';
import type { TemplateInput } from './templateInput';

export const SAMPLE_PLANS = ['plan-full.json', 'description-full.json', 'plan-minimal.json'];
export const SAMPLES_FOLDER = path.join(PROJECT_ROOT, 'fixtures');
const RENDERED_FORMATS = ['docx', 'pdf'];

export interface CheckReport {
  diagnostics: Diagnostic[];
  /** False when static problems made rendering pointless. */
  rendered: boolean;
  /** Pages of each sample's PDF (the page budget; broken funder rules are among the warnings). */
  pages: Record<string, number>;
}

/** The document model alone: where template errors show first, and the baseline of plan warnings. */
function renderDocument(sample: ModelFile, context: ExportContext) {
  return sample.entity === 'plan' ? renderPlan(sample.model, context) : renderDescription(sample.model, context);
}

export async function checkTemplate(template: TemplateInput): Promise<CheckReport> {
  const errors = template.staticProblems().map((problem) => template.diagnostic(problem));
  const staticWarnings = template.staticWarnings();
  if (errors.length > 0) return { diagnostics: [...errors, ...staticWarnings], rendered: false, pages: {} };
  const diagnostics: Diagnostic[] = [...staticWarnings];
  const known = new Set(staticWarnings.map(formatDiagnostic));
  const pages: Record<string, number> = {};

  /** Template warnings found rendering, each with the samples that raised it. */
  const warnings = new Map<string, { diagnostic: Diagnostic; samples: Set<string> }>();
  for (const name of SAMPLE_PLANS) {
    const samplePath = path.join(SAMPLES_FOLDER, name);
    const sample = readModelFile(fs.readFileSync(samplePath), name);
    const fail = (error: unknown) => {
      const failure = describeFailure(error, { planPath: name, template });
      // A failure the service would not locate in the template still fails the check.
      diagnostics.push(
        ...(failure.diagnostics.length > 0
          ? failure.diagnostics
          : [{ location: template.path, severity: 'error' as const, message: failure.summary }]),
      );
    };
    try {
      renderDocument(sample, exportContext(template));
    } catch (error) {
      fail(error);
      continue;
    }
    // The samples carry hostile rich text on purpose; what the built-in layout warns about too is the plan's doing, not the template's.
    const baseline = new Set(planOwnWarnings(sample));
    for (const format of RENDERED_FORMATS) {
      try {
        const result = await exportModel(sample, exporterFor(format), template);
        if (result.pages !== undefined) pages[name] = result.pages;
        for (const warning of result.warnings.filter((w) => !baseline.has(w))) {
          const diagnostic = template.warningDiagnostic(warning) ?? {
            location: template.path,
            severity: 'warning' as const,
            message: warning,
          };
          const line = formatDiagnostic(diagnostic);
          if (known.has(line)) continue; // found without rendering, and reported as such
          const entry = warnings.get(line) ?? { diagnostic, samples: new Set<string>() };
          warnings.set(line, entry);
          entry.samples.add(name);
        }
      } catch (error) {
        fail(error);
      }
    }
  }
  for (const { diagnostic, samples } of warnings.values()) {
    diagnostics.push({ ...diagnostic, message: `${diagnostic.message} (with ${[...samples].join(', ')})` });
  }
  return { diagnostics, rendered: true, pages };
}

/** One line per distinct problem, then the summary; returns the number of errors. */
export function printReport(template: TemplateInput, report: CheckReport): number {
  const lines = new Map<string, Diagnostic>();
  for (const diagnostic of report.diagnostics) lines.set(formatDiagnostic(diagnostic), diagnostic);
  for (const line of lines.keys()) console.log(line);
  const count = (severity: string) => [...lines.values()].filter((d) => d.severity === severity).length;
  const errors = count('error');
  const warnings = count('warning');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const pages = Object.entries(report.pages);
  if (pages.length > 0) console.log(`PDF pages: ${pages.map(([sample, count]) => `${sample} ${count}`).join(', ')}`);
  const rendered = `rendered ${SAMPLE_PLANS.join(', ')} to ${RENDERED_FORMATS.map((f) => f.toUpperCase()).join(' and ')}`;
  const checked = !report.rendered
    ? 'the sample plans are rendered once these are fixed'
    : template.kind === 'word'
      ? rendered
      : `checked the manifest, syntax, helpers, partials, assets and data, and ${rendered}`;
  console.log(`${template.path}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')} (${checked}).`);
  return errors;
}
