// `npm run test:mutation [-- [--force] [--retest-timeouts] module...]`: runs Stryker once per
// module (all when none is named), then prints each module's mutation score from its JSON report.
// `--force` ignores the incremental results (Stryker reuses them for static mutants even when the
// tests changed). `--retest-timeouts` forgets only the mutants that timed out, so a run on a quiet
// machine tells the endless loops (still a timeout) from mutants a busy machine merely slowed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { MODULES } from '../test/mutation/modules.mjs';

const RETEST_TIMEOUTS = '--retest-timeouts';
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--') && arg !== RETEST_TIMEOUTS);
const retestTimeouts = process.argv.includes(RETEST_TIMEOUTS);
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const unknown = requested.filter((name) => !(name in MODULES));
if (unknown.length > 0) {
  console.error(`Unknown module(s): ${unknown.join(', ')}. Known: ${Object.keys(MODULES).join(', ')}`);
  process.exit(2);
}
const modules = requested.length > 0 ? requested : Object.keys(MODULES);

/** Mutation score over covered and uncovered mutants, as Stryker reports it. */
function score(name) {
  const report = `reports/mutation/${name}.json`;
  if (!existsSync(report)) return null;
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
  for (const file of Object.values(JSON.parse(readFileSync(report, 'utf8')).files)) {
    for (const mutant of file.mutants) if (mutant.status in counts) counts[mutant.status]++;
  }
  const detected = counts.Killed + counts.Timeout;
  const total = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, score: total === 0 ? 100 : (100 * detected) / total };
}

/** Drops the timed-out mutants from a module's incremental file: Stryker tests them again. */
function forgetTimeouts(name) {
  const file = `reports/mutation/${name}.incremental.json`;
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let forgotten = 0;
  for (const entry of Object.values(report.files)) {
    const kept = entry.mutants.filter((mutant) => mutant.status !== 'Timeout');
    forgotten += entry.mutants.length - kept.length;
    entry.mutants = kept;
  }
  writeFileSync(file, JSON.stringify(report));
  console.log(`${name}: ${forgotten} timed-out mutant(s) will be tested again`);
}

let failed = false;
for (const name of modules) {
  console.log(`\n=== mutation testing: ${name} ===`);
  if (retestTimeouts) forgetTimeouts(name);
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...flags], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name },
  });
  if (run.status !== 0) failed = true;
}
console.log('\nmodule          score   killed  timeout  survived  no coverage');
for (const name of modules) {
  const result = score(name);
  if (!result) console.log(`${name.padEnd(15)} (no report)`);
  else
    console.log(
      `${name.padEnd(15)} ${result.score.toFixed(1).padStart(5)} % ${String(result.Killed).padStart(7)} ${String(result.Timeout).padStart(8)} ${String(result.Survived).padStart(9)} ${String(result.NoCoverage).padStart(12)}`,
    );
}
process.exit(failed ? 1 : 0);
