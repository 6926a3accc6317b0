/**
 * RDA export speed on a generated plan (a report, not a test):
 *
 *   npx tsx test/formats/rda/perf.ts [descriptions=100] [runs=15]
 *
 * Prints the median and range of two spans, after one warm-up run (which also compiles the
 * schemas): PlanView -> validated bytes (mapping + ajv against 1.1 and 1.2 + JSON text), and the
 * whole export from the parsed request body (schema check of the body, decoding, plan view).
 */
import { generatePlanJson } from '../fixtures/generate';
import { decodePlan } from '../src/contract/decode';
import { assertValidModel } from '../src/contract/validate';
import { exportPlanToRda, renderRda } from '../src/formats/rda/export/export';
import { rdaVersionChoice } from '../src/formats/rda/version';
import { buildPlanView } from '../src/plan/buildPlanView';

const descriptions = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 15);
const context = { transformerId: 'dmp-file-transformer' };
const body = JSON.parse(generatePlanJson(descriptions));

function measure(label: string, work: () => { bytes: Uint8Array }): void {
  const compileStart = performance.now();
  const first = work();
  const firstMs = performance.now() - compileStart;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${label}: median ${median.toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times.at(-1)!.toFixed(1)}; first run ${firstMs.toFixed(0)} ms) ` +
      `for ${descriptions} descriptions, ${first.bytes.length} bytes`,
  );
}

const view = buildPlanView(decodePlan(body), context);
const viewDescriptions = view.sections.flatMap((s) => s.descriptions);
measure('PlanView -> validated bytes', () => renderRda(view, viewDescriptions, rdaVersionChoice({})));
measure('request body -> validated bytes', () => {
  assertValidModel('plan', body);
  return exportPlanToRda(decodePlan(body), context);
});
