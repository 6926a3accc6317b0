// What the garbage collector does in an export thread, on the BUILT service (dist/):
//   node bench/exportThreadGc.js <plan.json> <rounds> [format=pdf] [memoryMb=1024]
// A worker thread with the export threads' heap bounds (exportThreadLimits) and, as the service
// sets it, the heap growing flag (BENCH_HEAP_GROWING=v8: V8's own factor, as before) exports the
// plan through the worker's request handler (parse, validate, export, base64), 3 warm-up rounds
// then <rounds>. Prints one JSON line: medians per export of the thread's CPU time and of the
// process's (all threads: V8's concurrent marking and parallel scavenging run beside the thread),
// full and young collections per export (means), their pauses on the thread, and what V8 sized the heap to.
// BENCH_PDF_PROFILE=standard: the untagged PDF (the plan's pdf-profile), for the tag cost.
// BENCH_PDF_PROFILE=pairs: <rounds> pairs of the tagged (accessible) and untagged (standard) PDF in
// the same thread, taking turns going first; per profile the medians of the export's time and CPU,
// what it moved to the old generation (exports without a full collection), the collections'
// share, and the tag cost with and without the exports a full collection fell on. Run it as
// `npm start` runs the service: `node --max-semi-space-size=8 bench/exportThreadGc.js ...`.
const { Buffer } = require('node:buffer');
const fs = require('node:fs');
const path = require('node:path');
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const { setTimeout } = require('node:timers/promises');
const v8 = require('node:v8');
const { Worker, isMainThread, parentPort, workerData } = require('node:worker_threads');

const DIST = path.resolve(__dirname, '../dist');
const PAIRS = 'pairs';

function exportTask(planFile, format, pdfProfile) {
  const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
  if (pdfProfile)
    plan.planBlueprint.definition.plugins = [
      { code: 'dmp-file-transformer', type: 0, fields: [{ code: 'pdf-profile', textValue: pdfProfile, file: null }] },
    ];
  return {
    action: 'export',
    entity: 'plan',
    format,
    body: Buffer.from(JSON.stringify(plan)),
    context: { transformerId: 'dmp-file-transformer' },
    base64: true,
  };
}

/** Every collection of this thread: when it began, how long it paused the thread, full or young. */
function collections() {
  const seen = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      seen.push({
        start: entry.startTime,
        pauseMs: entry.duration,
        full: entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
        young: entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR,
      });
  }).observe({ entryTypes: ['gc'] });
  return seen;
}

const oldGenerationBytes = () =>
  v8
    .getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('new_'))
    .reduce((sum, space) => sum + space.space_used_size, 0);

/** One export, timed; its collections are attributed afterwards (withCollections), by when they began. */
async function timedExport(runRequest, task) {
  const oldBefore = oldGenerationBytes();
  const thread = process.threadCpuUsage();
  const all = process.cpuUsage();
  const start = performance.now();
  const result = await runRequest(task);
  const wallMs = performance.now() - start;
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  const threadUsed = process.threadCpuUsage(thread);
  const allUsed = process.cpuUsage(all);
  return {
    start,
    wallMs,
    threadCpuMs: (threadUsed.user + threadUsed.system) / 1000,
    processCpuMs: (allUsed.user + allUsed.system) / 1000,
    promotedMb: (oldGenerationBytes() - oldBefore) / 1024 / 1024,
  };
}

async function withCollections(records, seen) {
  await setTimeout(50); // the observer has reported the last export's collections
  for (const record of records) {
    const during = seen.filter((gc) => gc.start >= record.start && gc.start < record.start + record.wallMs);
    record.full = during.filter((gc) => gc.full).length;
    record.young = during.filter((gc) => gc.young).length;
    record.pauseMs = during.reduce((sum, gc) => sum + gc.pauseMs, 0);
    record.fullPauseMs = during.filter((gc) => gc.full).reduce((sum, gc) => sum + gc.pauseMs, 0);
  }
}

const middle = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const median = (values) => Math.round(middle(values));
const tenths = (value) => (value === null ? null : Math.round(value * 10) / 10);
const mean = (values) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 100) / 100;
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const pick = (records, key) => records.map((record) => record[key]);

function heapFacts() {
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return {
    heapLimitMb: mb(v8.getHeapStatistics().heap_size_limit),
    newSpaceMb: mb(newSpace.space_size),
    peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
  };
}

async function exportRounds({ planFile, rounds, format, pdfProfile }) {
  const { runRequest } = require(`${DIST}/service/worker`);
  const task = exportTask(planFile, format, pdfProfile);
  const seen = collections();
  for (let round = 0; round < 3; round++) await runRequest(task);
  const records = [];
  for (let round = 0; round < rounds; round++) records.push(await timedExport(runRequest, task));
  await withCollections(records, seen);
  return {
    threadCpuMs: median(pick(records, 'threadCpuMs')),
    processCpuMs: median(pick(records, 'processCpuMs')),
    fullPerExport: mean(pick(records, 'full')),
    youngPerExport: mean(pick(records, 'young')),
    pauseMs: median(pick(records, 'pauseMs')),
    ...heapFacts(),
  };
}

/** The tag cost in one export thread: tagged and untagged PDFs in turn, each going first in half the pairs. */
async function exportPairs({ planFile, rounds }) {
  const { runRequest } = require(`${DIST}/service/worker`);
  const tasks = {
    tagged: exportTask(planFile, 'pdf', 'accessible'),
    untagged: exportTask(planFile, 'pdf', 'standard'),
  };
  const seen = collections();
  for (let round = 0; round < 3; round++) for (const task of Object.values(tasks)) await runRequest(task);
  const records = { tagged: [], untagged: [] };
  // In the bench's order (bench/peers.ts): tagged first in even pairs, untagged first in odd ones.
  for (let pair = 0; pair < rounds; pair++)
    for (const name of pair % 2 === 0 ? ['tagged', 'untagged'] : ['untagged', 'tagged'])
      records[name].push(await timedExport(runRequest, tasks[name]));
  await withCollections([...records.tagged, ...records.untagged], seen);
  const result = {};
  for (const [name, list] of Object.entries(records)) {
    const withoutFull = list.filter((record) => record.full === 0);
    const withoutFullMiddle = (key) => tenths(withoutFull.length > 0 ? middle(pick(withoutFull, key)) : null);
    result[name] = {
      wallMs: median(pick(list, 'wallMs')),
      wallMsWithoutFull: withoutFullMiddle('wallMs'),
      threadCpuMsWithoutFull: withoutFullMiddle('threadCpuMs'),
      threadCpuMs: median(pick(list, 'threadCpuMs')),
      processCpuMs: median(pick(list, 'processCpuMs')),
      // Moved to the old generation: what the export kept past two young collections.
      promotedMb: withoutFullMiddle('promotedMb'),
      fullPerExport: mean(pick(list, 'full')),
      fullPauseMsPerExport: mean(pick(list, 'fullPauseMs')),
      youngPauseMs: median(list.map((record) => record.pauseMs - record.fullPauseMs)),
    };
  }
  const percent = (key) =>
    result.tagged[key] === null || result.untagged[key] === null
      ? null
      : `${Math.round((result.tagged[key] / result.untagged[key] - 1) * 100)} %`;
  result.tagCost = {
    wall: percent('wallMs'),
    threadCpu: percent('threadCpuMs'),
    processCpu: percent('processCpuMs'),
    wallWithoutFull: percent('wallMsWithoutFull'),
    threadCpuWithoutFull: percent('threadCpuMsWithoutFull'),
  };
  return { ...result, ...heapFacts() };
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
} else {
  const rounds = workerData.pdfProfile === PAIRS ? exportPairs : exportRounds;
  rounds(workerData).then((result) => parentPort.postMessage(result));
}
