// What the garbage collector does in an export thread, on the BUILT service (dist/):
//   node bench/exportThreadGc.js <plan.json> <rounds> [format=pdf] [memoryMb=1024]
// A worker thread with the export threads' heap bounds (exportThreadLimits) and, as the service
// sets it, the heap growing flag (BENCH_HEAP_GROWING=v8: V8's own factor, as before) exports the
// plan through the worker's request handler (parse, validate, export, base64), 3 warm-up rounds
// then <rounds>. Prints one JSON line: medians per export of the thread's CPU time and of the
// process's (all threads: V8's concurrent marking and parallel scavenging run beside the thread),
// full and young collections per export (means), their pauses on the thread, and what V8 sized the heap to.
// BENCH_PDF_PROFILE=standard: the untagged PDF (the plan's pdf-profile), for the tag cost.
const { Buffer } = require('node:buffer');
const fs = require('node:fs');
const path = require('node:path');
const { PerformanceObserver, constants } = require('node:perf_hooks');
const { setImmediate } = require('node:timers');
const v8 = require('node:v8');
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');

const DIST = path.resolve(__dirname, '../dist');

async function exportRounds({ planFile, rounds, format, pdfProfile }) {
  const { runRequest } = require(`${DIST}/service/worker`);
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
  if (pdfProfile)
    plan.planBlueprint.definition.plugins = [
      { code: 'dmp-file-transformer', type: 0, fields: [{ code: 'pdf-profile', textValue: pdfProfile, file: null }] },
    ];
  const body = Buffer.from(JSON.stringify(plan));
  const task = {
    action: 'export',
    entity: 'plan',
    format,
    body,
    context: { transformerId: 'dmp-file-transformer' },
    base64: true,
  };
  let full = 0;
  let young = 0;
  let pauseMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauseMs += entry.duration;
      if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
      else if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) young++;
    }
  }).observe({ entryTypes: ['gc'] });
  for (let round = 0; round < 3; round++) await runRequest(task);
  const per = { threadCpuMs: [], processCpuMs: [], full: [], young: [], pauseMs: [] };
  for (let round = 0; round < rounds; round++) {
    [full, young, pauseMs] = [0, 0, 0];
    const thread = process.threadCpuUsage();
    const all = process.cpuUsage();
    const result = await runRequest(task);
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    const threadUsed = process.threadCpuUsage(thread);
    const allUsed = process.cpuUsage(all);
    await new Promise((resolve) => setImmediate(resolve)); // the GC entries of this round are reported
    per.threadCpuMs.push((threadUsed.user + threadUsed.system) / 1000);
    per.processCpuMs.push((allUsed.user + allUsed.system) / 1000);
    per.full.push(full);
    per.young.push(young);
    per.pauseMs.push(pauseMs);
  }
  const median = (values) => Math.round(values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);
  const mean = (values) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
  const mb = (bytes) => Math.round(bytes / 1024 / 1024);
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return {
    threadCpuMs: median(per.threadCpuMs),
    processCpuMs: median(per.processCpuMs),
    fullPerExport: mean(per.full),
    youngPerExport: mean(per.young),
    pauseMs: median(per.pauseMs),
    heapLimitMb: mb(v8.getHeapStatistics().heap_size_limit),
    newSpaceMb: mb(newSpace.space_size),
    peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
  };
}

if (isMainThread) {
  const [planFile, roundsArg, format = 'pdf', memoryArg = '1024'] = process.argv.slice(2);
  const { exportThreadLimits, growHeapsLikeLargeOnes } = require(`${DIST}/service/exportService`);
  if (process.env.BENCH_HEAP_GROWING !== 'v8') growHeapsLikeLargeOnes();
  const worker = new Worker(path.join(__dirname, 'exportThreadGc.js'), {
    resourceLimits: exportThreadLimits(Number(memoryArg)),
    workerData: { planFile, rounds: Number(roundsArg), format, pdfProfile: process.env.BENCH_PDF_PROFILE },
  });
  worker.once('message', (result) => console.log(JSON.stringify(result)));
  worker.once('error', (error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else exportRounds(workerData).then((result) => parentPort.postMessage(result));
