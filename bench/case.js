// One benchmark case in its own process, on the BUILT service (dist/), as production runs it.
//   node bench/case.js <name> <plan.json> <runs> [<same plan with a template.json>]
// runs > 0: time the first (cold) export, then `runs` exports after a warm-up, as in a long-lived
// worker; runs = 0: do one export through the service's worker pool and report peak RSS; with a
// fourth argument: the template's cost over the default layout (interleaved pairs).
// Prints one JSON line. The exporter runs in this thread (no HTTP, no worker pool).
const fs = require('node:fs');
const { performance } = require('node:perf_hooks');
const { assertValidModel } = require('../dist/contract/validate');
const { decodePlan } = require('../dist/contract/decode');
const { ALL_EXPORTERS } = require('../dist/service/formats');
const { ExportService } = require('../dist/service/exportService');
const { silentLogger } = require('../dist/logger');
const { loadConfig } = require('../dist/config');

const [name, planFile, runArg] = process.argv.slice(2);
const runs = Number(runArg);
/** Lets the JIT settle, as it has in a worker that has already served a few exports. */
const WARM_UP_RUNS = 5;
const format = name.split('+')[0];
const exporter = ALL_EXPORTERS.find((e) => e.format === format);
// The request body as express hands it over: parsed once (neither step below changes it).
let body = JSON.parse(fs.readFileSync(planFile, 'utf8'));
const context = { transformerId: 'dmp-file-transformer' };

async function exportOnce() {
  assertValidModel('plan', body);
  return exporter.exportPlan(decodePlan(body), context);
}

/**
 * A tenant template's cost over the default layout. A template changes only the layout stage
 * (template -> document model: the writers then get the same document), so that stage is timed,
 * with and without the template, interleaved in one warm process so noise hits both alike.
 */
async function templateOverhead() {
  const { buildPlanView } = require('../dist/plan/buildPlanView');
  const { renderPlanDocument } = require('../dist/templates/layout');
  const { exportOptionsFrom } = require('../dist/pipeline/options');
  const { resolveTemplate } = require('../dist/templates/resolve');
  const viewOf = (plan) => buildPlanView(decodePlan(plan), context);
  const plainView = viewOf(body);
  const templatedView = viewOf(JSON.parse(fs.readFileSync(process.argv[5], 'utf8')));
  const layout = (view) => {
    const started = performance.now();
    const template = resolveTemplate(view.configuration['plan-template']?.file ?? null, 'plan-template');
    renderPlanDocument(view, template.layout, exportOptionsFrom(view.configuration, view.language));
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    layout(plainView);
    layout(templatedView);
  }
  const differences = [];
  for (let i = 0; i < runs; i++) {
    // Alternate who goes first: the second of a pair tends to pay for the first's garbage.
    if (i % 2 === 0) {
      const plain = layout(plainView);
      differences.push(layout(templatedView) - plain);
    } else {
      const withTemplate = layout(templatedView);
      differences.push(withTemplate - layout(plainView));
    }
  }
  differences.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      medianMs: differences[Math.floor(differences.length / 2)],
      minMs: differences[0],
      maxMs: differences.at(-1),
    }),
  );
}

async function main() {
  if (process.argv[5]) return templateOverhead();
  if (runs === 0) {
    // Memory as the service spends it: the body held by the main thread, the export in a worker
    // thread of the real pool with its resource limits. Peak RSS covers both.
    const { exportMemoryMb } = loadConfig({});
    const service = new ExportService({
      workers: 1,
      timeoutMs: 600_000,
      memoryMb: exportMemoryMb,
      logger: silentLogger(),
    });
    assertValidModel('plan', body);
    const model = decodePlan(body);
    body = undefined; // as the route lets go of the parsed body once it is decoded
    const result = await service.run(exporter, 'plan', model, context);
    console.log(JSON.stringify({ bytes: result.bytes.length, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
    await service.close();
    return;
  }
  const coldStart = performance.now();
  await exportOnce();
  const coldMs = performance.now() - coldStart;
  for (let i = 0; i < WARM_UP_RUNS; i++) await exportOnce();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    bytes = (await exportOnce()).bytes.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      medianMs: times[Math.floor(times.length / 2)],
      minMs: times[0],
      maxMs: times.at(-1),
      coldMs,
      bytes,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
