/**
 * Instruction counts of the PDF writer (valgrind's callgrind, "I refs", Node single-threaded), for the
 * comparisons CPU time on a shared machine is too noisy for. Per warm document: the instructions of
 * a process writing the document model 3 times minus one writing it once, halved (start-up, font
 * loading and the first document's compiling cancel out). On the BUILT service (`npm run build`).
 *   npx tsx bench/pdfInstructions.ts profiles [descriptions] [profile...]   untagged vs the profiles
 *                                                    (default: accessible): the tag cost
 *   npx tsx bench/pdfInstructions.ts hooks [descriptions]      each speed hook of the writer left out
 * Each measurement takes a few minutes (valgrind runs ~50x slower than the CPU). Prints numbers,
 * never fails on them. BENCH_DIST=<dir> measures another build (pdfWrite.js).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generatePlanJson } from '../fixtures/generate';

const [mode = 'profiles', descriptionsArg = '100', ...profilesArg] = process.argv.slice(2);
/** The tagged profiles measured against the untagged writer (profiles mode). */
const PROFILES = profilesArg.length > 0 ? profilesArg : ['accessible'];
const descriptions = Number(descriptionsArg);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-instructions-'));
const planFile = path.join(dir, 'plan.json');
const modelFile = path.join(dir, 'model.json');
const WRITE = path.join(__dirname, 'pdfWrite.js');

/** Instructions of one process writing the model `count` times. */
function instructions(count: number, profile: string, leaveOut: string[]): number {
  const result = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      // V8 writes machine code and runs it: valgrind must see the code change.
      '--smc-check=all-non-file',
      process.execPath,
      // No compiler or GC threads: their share of the work depends on timing, so counts vary ~10 %
      // between runs with them, ~0.3 % without.
      '--single-threaded',
      '--max-semi-space-size=8',
      WRITE,
      modelFile,
      String(count),
      profile,
      ...leaveOut,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  const collected = /Collected : (\d+)/.exec(result.stderr);
  if (result.status !== 0 || !collected) throw new Error(`valgrind failed: ${result.stderr.slice(-2000)}`);
  return Number(collected[1]);
}

/** Instructions per warm document, in millions. */
const perDocument = (profile: string, leaveOut: string[] = []): number =>
  (instructions(3, profile, leaveOut) - instructions(1, profile, leaveOut)) / 2 / 1e6;

const M = (value: number): string => `${Math.round(value).toLocaleString('en')} M`;
const percent = (value: number, base: number): string =>
  `${value >= base ? '+' : ''}${(((value - base) / base) * 100).toFixed(1)} %`;

function main(): void {
  fs.writeFileSync(planFile, generatePlanJson(descriptions));
  execFileSync(process.execPath, [WRITE, planFile, '--save', modelFile]);
  console.log(
    `PDF writer, ${descriptions} descriptions: instructions per warm document (callgrind, Node single-threaded)`,
  );
  if (mode === 'profiles') {
    const untagged = perDocument('untagged');
    console.log(`  untagged writer: ${M(untagged)}`);
    for (const profile of PROFILES) {
      const value = perDocument(profile);
      console.log(`  ${profile}: ${M(value)} (${percent(value, untagged)})`);
    }
  } else {
    const variants: [string, string[]][] = [
      ['the line measuring', ['line measuring']],
      ['the line drawing', ['line drawing']],
      ['shared font tables', ['shared font tables']],
      ['shared word layouts', ['shared word layouts']],
      ['compact colours', ['compact colours']],
      ['page-content compression', ['page-content compression']],
    ];
    for (const profile of ['untagged', 'accessible']) {
      const base = perDocument(profile);
      console.log(`  ${profile}, every hook: ${M(base)}`);
      for (const [label, leaveOut] of variants) {
        const value = perDocument(profile, leaveOut);
        console.log(`    without ${label}: ${M(value)} (${percent(value, base)})`);
      }
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

main();
