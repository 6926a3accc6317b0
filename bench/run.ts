/**
 * `npm run bench`: the figures the issues set targets for, measured on the built service (dist/).
 * Each case runs in fresh child processes: one times the first (cold) export, then 10 exports
 * after 5 warm-up runs, as a long-lived worker serves them (median, min, max); another does a
 * single export through the service's worker pool (as `npm start` does) and reports the
 * process's peak RSS. Timings are in-process (no HTTP,
 * no worker pool), from the request body as express hands it over (validation and decoding
 * included) to the file's bytes. Benchmarks report numbers; they never fail the build.
 *
 *   npm run bench                 all cases
 *   npm run bench -- docx pdf     only these suites (docx, pdf, json, html, md, txt, template, pdf-profiles,
 *                                 pdf-hooks: what each hook of the PDF writer buys; not in a run of all suites)
 *   npm run bench -- --peers      the side-by-side bench against peers instead (bench/peers.ts)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { generatePlanJson } from '../fixtures/generate';

interface Case {
  name: string;
  /** Which suite it belongs to (a CLI filter). */
  suite: string;
  descriptions: number;
  target?: { ms?: number; rssMb?: number };
}

const CASES: Case[] = [
  { suite: 'docx', name: 'docx', descriptions: 10, target: { ms: 60 } },
  { suite: 'docx', name: 'docx', descriptions: 50 },
  { suite: 'docx', name: 'docx', descriptions: 100, target: { ms: 400, rssMb: 250 } },
  { suite: 'pdf', name: 'pdf', descriptions: 10, target: { ms: 250 } },
  { suite: 'pdf', name: 'pdf', descriptions: 50 },
  { suite: 'pdf', name: 'pdf', descriptions: 100, target: { ms: 2500, rssMb: 400 } },
  { suite: 'json', name: 'json', descriptions: 10 },
  { suite: 'json', name: 'json', descriptions: 50 },
  { suite: 'json', name: 'json', descriptions: 100, target: { ms: 80 } },
  { suite: 'html', name: 'html', descriptions: 10 },
  { suite: 'html', name: 'html', descriptions: 100 },
  { suite: 'md', name: 'md', descriptions: 10 },
  { suite: 'md', name: 'md', descriptions: 100 },
  { suite: 'txt', name: 'txt', descriptions: 10 },
  { suite: 'txt', name: 'txt', descriptions: 100 },
];

/** Plan sizes at which a tenant template's cost over the default layout is measured. */
const TEMPLATE_OVERHEAD_SIZES = [10, 100];
/** Plan sizes at which tagging and each PDF profile are measured against the untagged writer. */
const PDF_PROFILE_SIZES = [10, 100];

/**
 * The PDF writer's speed hooks, each left out in a process of its own (bench/pdfHooks.js), against
 * every hook installed (measured first and last: the spread of the baseline is the noise).
 */
const PDF_HOOK_VARIANTS: [string, string[]][] = [
  ['the line measuring', ['line measuring']],
  ['the line drawing', ['line drawing']],
  ['shared font tables', ['shared font tables']],
  ['shared word layouts', ['shared word layouts']],
  ['compact colours', ['compact colours']],
  ['page-content compression (text kept as text, deflate level 5)', ['page-content compression']],
];

export interface CaseResult {
  /** The first export in a fresh process (JIT cold, modules just loaded). */
  coldMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  bytes: number;
  peakRssMb: number;
}

const runs = 10;
const OUT = path.join(__dirname, 'out');
const ROOT = path.resolve(__dirname, '..');

/** The default layout zipped, as a tenant would upload it after `dmp-transform init`. */
function defaultLayoutAsBundle(): Uint8Array {
  const root = path.join(ROOT, 'templates/default');
  const files: Record<string, Uint8Array> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[path.relative(root, path.join(entry.parentPath, entry.name))] = fs.readFileSync(
        path.join(entry.parentPath, entry.name),
      );
  }
  return zipSync(files);
}

/** The request body of the case, written once to bench/out/. */
function planFile(testCase: Case): string {
  const file = path.join(
    OUT,
    `plan-${testCase.descriptions}${testCase.name.includes('+template') ? '-template' : ''}.json`,
  );
  if (!fs.existsSync(file)) {
    const plan = JSON.parse(generatePlanJson(testCase.descriptions));
    if (testCase.name.includes('+template')) {
      const bundle = Buffer.from(defaultLayoutAsBundle()).toString('base64');
      plan.planBlueprint.definition.plugins = [
        {
          code: 'dmp-file-transformer',
          type: 0,
          fields: [
            {
              code: 'plan-template',
              textValue: null,
              file: { filename: 'funder-layout.zip', fileRef: null, mimeType: 'application/zip', file: bundle },
            },
          ],
        },
      ];
    }
    fs.writeFileSync(file, JSON.stringify(plan));
  }
  return file;
}

/** The Node flags `npm start` gives the service, so memory is measured as it runs. */
const SERVICE_NODE_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

function node(args: string[]): Record<string, number> {
  const output = execFileSync(process.execPath, [...SERVICE_NODE_FLAGS, path.join(__dirname, 'case.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

function runCase(testCase: Case): CaseResult {
  const file = planFile(testCase);
  const timing = node([testCase.name, file, String(runs)]);
  const memory = node([testCase.name, file, '0']);
  return { ...(timing as Omit<CaseResult, 'peakRssMb'>), peakRssMb: memory.peakRssMb };
}

function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const only = process.argv.slice(2);
  const selected = CASES.filter((c) => only.length === 0 || only.includes(c.suite));
  const results = new Map<string, CaseResult>();
  console.log(
    `node ${process.version} ${SERVICE_NODE_FLAGS.join(' ')} on ${os.cpus().length} cores; built code (dist/); median of ${runs} runs after 5 warm-ups (cold = the first export in a fresh process); peak RSS of a fresh service process doing one export in its worker pool\n`,
  );
  console.log(
    'case'.padEnd(34) +
      'median'.padStart(10) +
      'min'.padStart(10) +
      'max'.padStart(10) +
      'cold'.padStart(10) +
      'peak RSS'.padStart(11) +
      'output'.padStart(10) +
      '   target',
  );
  for (const testCase of selected) {
    const result = runCase(testCase);
    results.set(`${testCase.name}/${testCase.descriptions}`, result);
    const target = testCase.target;
    const verdict = target
      ? [
          target.ms ? `${result.medianMs <= target.ms ? 'ok' : 'MISSED'} <= ${target.ms} ms` : '',
          target.rssMb ? `${result.peakRssMb <= target.rssMb ? 'ok' : 'MISSED'} <= ${target.rssMb} MB` : '',
        ]
          .filter(Boolean)
          .join(', ')
      : '';
    console.log(
      `${testCase.name} (${testCase.descriptions} descriptions)`.padEnd(34) +
        `${result.medianMs.toFixed(1)} ms`.padStart(10) +
        `${result.minMs.toFixed(1)} ms`.padStart(10) +
        `${result.maxMs.toFixed(1)} ms`.padStart(10) +
        `${result.coldMs.toFixed(0)} ms`.padStart(10) +
        `${result.peakRssMb.toFixed(0)} MB`.padStart(11) +
        `${(result.bytes / 1024).toFixed(0)} KB`.padStart(10) +
        `   ${verdict}`,
    );
  }
  // Linear growth: the 50-description time should sit on the line through 10 and 100.
  console.log('');
  for (const name of new Set(selected.map((c) => c.name))) {
    const [small, middle, large] = [10, 50, 100].map((n) => results.get(`${name}/${n}`));
    if (small && middle && large) {
      const perDescription = (large.medianMs - small.medianMs) / 90;
      const onTheLine = small.medianMs + perDescription * 40;
      const deviation = ((middle.medianMs - onTheLine) / onTheLine) * 100;
      console.log(
        `${name}: ${perDescription.toFixed(2)} ms per description + ${(small.medianMs - perDescription * 10).toFixed(1)} ms fixed; ` +
          `50 descriptions took ${middle.medianMs.toFixed(0)} ms, the line through 10 and 100 says ${onTheLine.toFixed(0)} ms (${deviation >= 0 ? '+' : ''}${deviation.toFixed(0)}%)`,
      );
    }
  }
  if (only.length === 0 || only.includes('template')) {
    console.log('');
    for (const descriptions of TEMPLATE_OVERHEAD_SIZES) {
      const plain = planFile({ suite: 'template', name: 'docx', descriptions });
      const templated = planFile({ suite: 'template', name: 'docx+template', descriptions });
      const overhead = node(['docx', plain, '30', templated]);
      console.log(
        `a tenant layout template (the default layout, uploaded as a .zip bundle) over the built-in one, ${descriptions} descriptions: ` +
          `${overhead.medianMs >= 0 ? '+' : ''}${overhead.medianMs.toFixed(1)} ms per export in the layout stage, the only one a template changes ` +
          `(median of 30 interleaved pairs; target <= 5 ms)`,
      );
    }
  }
  if (only.includes('pdf-hooks')) {
    console.log('');
    const file = planFile({ suite: 'pdf-hooks', name: 'pdf', descriptions: 100 });
    const measure = (leaveOut: string[]): { untagged: number; tagged: number; bytes: number } =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [...SERVICE_NODE_FLAGS, path.join(__dirname, 'pdfHooks.js'), file, '9', ...leaveOut],
          { encoding: 'utf8' },
        )
          .trim()
          .split('\n')
          .at(-1)!,
      );
    const first = measure([]);
    const results = PDF_HOOK_VARIANTS.map(([label, leaveOut]) => [label, measure(leaveOut)] as const);
    const last = measure([]);
    const base = { untagged: (first.untagged + last.untagged) / 2, tagged: (first.tagged + last.tagged) / 2 };
    console.log(
      `PDF writer hooks, 100 descriptions (CPU time, median of 9 rounds per process): every hook installed ` +
        `${first.untagged.toFixed(0)} / ${last.untagged.toFixed(0)} ms untagged, ${first.tagged.toFixed(0)} / ${last.tagged.toFixed(0)} ms tagged (first and last run)`,
    );
    const signed = (value: number, unit: string): string => `${value >= 0 ? '+' : ''}${value.toFixed(0)} ${unit}`;
    for (const [label, result] of results)
      console.log(
        `  without ${label}: ${signed(result.untagged - base.untagged, 'ms')} untagged, ` +
          `${signed(result.tagged - base.tagged, 'ms')} tagged, tagged file ${signed((result.bytes - first.bytes) / 1024, 'KB')}`,
      );
  }
  if (only.length === 0 || only.includes('pdf-profiles')) {
    console.log('');
    for (const descriptions of PDF_PROFILE_SIZES) {
      const file = planFile({ suite: 'pdf-profiles', name: 'pdf', descriptions });
      const output = execFileSync(
        process.execPath,
        [...SERVICE_NODE_FLAGS, path.join(__dirname, 'pdfProfiles.js'), file, '7'],
        { encoding: 'utf8' },
      );
      const medians = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, number>;
      const base = medians.untagged;
      const whole = base + medians['document model'];
      const percent = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(0)}%`;
      const cost = (name: string): string =>
        `${name} ${medians[name].toFixed(0)} ms (${percent(((medians[name] - base) / base) * 100)} writer, ${percent(((medians[name] - base) / whole) * 100)} export)`;
      console.log(
        `PDF tagging and profiles, ${descriptions} descriptions (CPU time, median of 7 rotating rounds in one process): ` +
          `document model ${medians['document model'].toFixed(0)} ms, untagged writer ${base.toFixed(0)} ms; ` +
          ['standard', 'accessible', 'archival', 'archival-with-data'].map(cost).join('; ') +
          ' (target for tagging by default: <= +20%)',
      );
    }
  }
}

if (process.argv.includes('--peers')) void import('./peers.js');
else main();
