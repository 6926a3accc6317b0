/**
 * `npm run test:replicas`: scale-out proven on this machine. The built service (dist/) runs as
 * separate processes behind a real load balancer, HAProxy from Debian (installed if missing),
 * configured as a production one should be: health checks on /health/ready, and a retry on the
 * next replica when a connection fails, a replica dies before answering, or answers 503.
 *
 *  1. Sizing: one replica with EXPORT_WORKERS=2 renders 100-description PDFs two at a time; its
 *     peak RSS is what deploy/base/deployment.yaml requests.
 *  2. Throughput with 1, 2 and 3 replicas (EXPORT_WORKERS=1 each) under the same load.
 *  3. Failover: 3 replicas, a bounded mixed load (plan and description exports in every format,
 *     /formats), one replica killed with SIGKILL mid-run and restarted. Every export must come back
 *     200 with a complete, valid file in shared storage (PDF: qpdf --check; DOCX: the zip and its
 *     document part; JSON: parsed, an RDA `dmp`). p50/p99 overall and while the replica was down.
 *
 * Exits 1 if any export was lost or corrupted. Figures are printed; none is asserted (timing
 * depends on the machine).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { generatePlanJson } from '../../fixtures/generate';

const ROOT = path.join(__dirname, '../..');
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'dmp-replicas-'));
const SHARED = path.join(WORK, 'shared');
fs.mkdirSync(SHARED);
const children = new Set<ChildProcess>();
const log = (message: string) => console.log(`test:replicas: ${message}`);

// ---- processes ----

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms`);
}

interface Replica {
  name: string;
  port: number;
  workers: number;
  process?: ChildProcess;
}

async function startReplica(replica: Replica): Promise<void> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', path.join(ROOT, 'dist/server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_DISABLED: 'true',
      PORT: String(replica.port),
      SHARED_STORAGE_DIR: SHARED,
      EXPORT_WORKERS: String(replica.workers),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  replica.process = child;
  await waitFor(`http://127.0.0.1:${replica.port}/health/ready`);
}

async function stopReplica(replica: Replica): Promise<void> {
  const child = replica.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Peak resident set (VmHWM) of a live process, in MB. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

function haproxyBinary(): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'])
    if (fs.existsSync(candidate)) return candidate;
  log('installing haproxy (Debian)');
  const install = spawnSync(
    'sh',
    [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy',
    ],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error('cannot install haproxy');
  return '/usr/sbin/haproxy';
}

interface Balancer {
  url: string;
  stats: string;
  process: ChildProcess;
}

/** HAProxy in front of the replicas: retry elsewhere on connect errors, dead replicas and 503. */
async function startBalancer(replicas: Replica[]): Promise<Balancer> {
  const port = await freePort();
  const stats = path.join(WORK, `haproxy-${port}.sock`);
  const config = `
global
  maxconn 256
  # Request bodies up to 1 MB stay buffered, so a request can be replayed to another replica.
  tune.bufsize 1048576
  stats socket ${stats} mode 600 level operator

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  option http-buffer-request
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response junk-response 503

frontend exports
  bind 127.0.0.1:${port}
  default_backend replicas

backend replicas
  balance leastconn
  option httpchk GET /health/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${replicas.map((r) => `  server ${r.name} 127.0.0.1:${r.port} check`).join('\n')}
`;
  const file = path.join(WORK, `haproxy-${port}.cfg`);
  fs.writeFileSync(file, config);
  const child = spawn(haproxyBinary(), ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  children.add(child);
  child.on('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health/ready`).catch((error: Error) => {
    throw new Error(`${error.message}; haproxy said: ${stderr}`);
  });
  return { url, stats, process: child };
}

async function stopBalancer(balancer: Balancer): Promise<void> {
  const exited = new Promise((resolve) => balancer.process.once('exit', resolve));
  balancer.process.kill('SIGTERM');
  await exited;
}

/** Retries and redispatches HAProxy made (its `show stat` counters for the backend). */
function balancerRetries(balancer: Balancer): Promise<{ retries: number; redispatches: number }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = net.connect(balancer.stats, () => socket.end('show stat\n'));
    socket.on('data', (chunk) => (out += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header, ...rows] = out.trim().split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const backend = rows
        .map((row) => row.split(','))
        .find((cells) => cells[columns.indexOf('svname')] === 'BACKEND')!;
      resolve({
        retries: Number(backend[columns.indexOf('wretr')]),
        redispatches: Number(backend[columns.indexOf('wredis')]),
      });
    });
  });
}

// ---- load ----

interface Job {
  kind: string;
  path: string;
  body?: string;
}

interface Outcome {
  job: Job;
  start: number;
  end: number;
  status: number;
  error?: string;
  fileRef?: string;
}

const fixture = (name: string) => fs.readFileSync(path.join(ROOT, 'fixtures', name), 'utf8');
const PLAN = fixture('plan-full.json');
const DESCRIPTION = fixture('description-full.json');
const exportJob = (entity: 'plan' | 'description', format: string): Job => ({
  kind: `${entity} ${format}`,
  path: `/api/file-transformer/export/${entity}?format=${format}`,
  body: entity === 'plan' ? PLAN : DESCRIPTION,
});
const MIXED: Job[] = [
  exportJob('plan', 'pdf'),
  exportJob('plan', 'docx'),
  exportJob('plan', 'json'),
  exportJob('description', 'pdf'),
  exportJob('description', 'docx'),
  { kind: 'formats', path: '/api/file-transformer/formats' },
];

async function send(baseUrl: string, job: Job): Promise<Outcome> {
  const start = performance.now();
  try {
    const response = await fetch(baseUrl + job.path, {
      method: job.body ? 'POST' : 'GET',
      headers: job.body ? { 'Content-Type': 'application/json' } : {},
      body: job.body,
    });
    const text = await response.text();
    const outcome: Outcome = { job, start, end: performance.now(), status: response.status };
    if (response.ok && job.body) outcome.fileRef = (JSON.parse(text) as { fileRef?: string }).fileRef;
    if (!response.ok) outcome.error = text.slice(0, 200);
    return outcome;
  } catch (error) {
    return { job, start, end: performance.now(), status: 0, error: String((error as Error).cause ?? error) };
  }
}

/** Sends `jobs` with `concurrency` requests in flight; `onProgress` sees each completion count. */
async function run(
  baseUrl: string,
  jobs: Job[],
  concurrency: number,
  onProgress?: (done: number) => void,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        outcomes.push(await send(baseUrl, job));
        onProgress?.(outcomes.length);
      }
    }),
  );
  return outcomes;
}

const repeat = (jobs: Job[], count: number): Job[] => Array.from({ length: count }, (_, i) => jobs[i % jobs.length]);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---- checks ----

/** Why the file an export answered is not a complete, valid file of its format (undefined: it is). */
async function fileProblem(outcome: Outcome): Promise<string | undefined> {
  if (!outcome.fileRef) return 'no fileRef in the answer';
  const file = path.join(SHARED, outcome.fileRef);
  if (!fs.existsSync(file)) return `shared-storage file ${outcome.fileRef} is missing`;
  const bytes = fs.readFileSync(file);
  const format = outcome.job.kind.split(' ')[1];
  if (format === 'pdf') {
    const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    return check.status === 0 ? undefined : `qpdf --check failed: ${check.stdout.slice(-200)}`;
  }
  if (format === 'docx') {
    try {
      const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
      const document = await zip.file('word/document.xml')?.async('string');
      return document?.includes('<w:body') ? undefined : 'no word/document.xml body';
    } catch (error) {
      return `not a zip: ${(error as Error).message}`;
    }
  }
  try {
    return (JSON.parse(bytes.toString('utf8')) as { dmp?: unknown }).dmp ? undefined : 'no dmp object';
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
}

async function lostOrCorrupted(outcomes: Outcome[]): Promise<string[]> {
  const problems: string[] = [];
  for (const outcome of outcomes) {
    if (outcome.status !== 200) problems.push(`${outcome.job.kind}: status ${outcome.status} ${outcome.error ?? ''}`);
    else if (outcome.job.body) {
      const problem = await fileProblem(outcome);
      if (problem) problems.push(`${outcome.job.kind}: ${problem}`);
    }
  }
  return problems;
}

// ---- phases ----

async function sizing(): Promise<number> {
  const replica: Replica = { name: 'sizing', port: await freePort(), workers: 2 };
  await startReplica(replica);
  const big: Job = {
    kind: 'plan pdf',
    path: '/api/file-transformer/export/plan?format=pdf',
    body: generatePlanJson(100),
  };
  const outcomes = await run(`http://127.0.0.1:${replica.port}`, repeat([big], 6), 2);
  const rss = peakRssMb(replica.process!.pid!);
  await stopReplica(replica);
  const failed = outcomes.filter((o) => o.status !== 200);
  if (failed.length > 0)
    throw new Error(`sizing exports failed: ${failed.map((o) => `${o.status} ${o.error}`).join('; ')}`);
  log(`sizing: one replica, EXPORT_WORKERS=2, 100-description PDFs two at a time: peak RSS ${rss.toFixed(0)} MB`);
  return rss;
}

async function throughput(replicas: Replica[]): Promise<void> {
  const load = repeat([exportJob('plan', 'pdf'), exportJob('plan', 'docx'), exportJob('description', 'pdf')], 36);
  const rates: string[] = [];
  for (let count = 1; count <= replicas.length; count++) {
    const balancer = await startBalancer(replicas.slice(0, count));
    await run(balancer.url, repeat(load, 3 * count), count); // warm every replica's worker
    const started = performance.now();
    const outcomes = await run(balancer.url, load, 6);
    const seconds = (performance.now() - started) / 1000;
    await stopBalancer(balancer);
    const failed = outcomes.filter((o) => o.status !== 200).length;
    const rate = outcomes.length / seconds;
    rates.push(`${count}: ${rate.toFixed(2)}/s`);
    log(
      `throughput with ${count} replica(s): ${outcomes.length} exports in ${seconds.toFixed(1)} s = ${rate.toFixed(2)} exports/s, p50 ${percentile(
        outcomes.map((o) => o.end - o.start),
        50,
      ).toFixed(0)} ms${failed ? `, ${failed} failed` : ''}`,
    );
  }
  log(`throughput by replicas (${os.availableParallelism()} cores): ${rates.join(', ')}`);
}

async function failover(replicas: Replica[]): Promise<string[]> {
  const balancer = await startBalancer(replicas);
  const jobs = repeat(MIXED, 150);
  const victim = replicas[1];
  let killedAt = Infinity;
  let readyAt = Infinity;
  let killing: Promise<void> | undefined;
  const started = performance.now();
  const outcomes = await run(balancer.url, jobs, 6, (done) => {
    if (done === 40 && !killing) {
      killing = (async () => {
        killedAt = performance.now();
        victim.process!.kill('SIGKILL');
        log(`killed ${victim.name} (SIGKILL) after ${done} answers`);
        await sleep(2000);
        await startReplica(victim);
        readyAt = performance.now();
        log(`restarted ${victim.name}: ready ${((readyAt - killedAt) / 1000).toFixed(1)} s after the kill`);
      })();
    }
  });
  await killing;
  const seconds = (performance.now() - started) / 1000;
  const { retries, redispatches } = await balancerRetries(balancer);
  await stopBalancer(balancer);

  const latencies = outcomes.map((o) => o.end - o.start);
  // "During the kill": requests in flight at any time from the kill until the replica is back + 2 s.
  const during = outcomes.filter((o) => o.end >= killedAt && o.start <= readyAt + 2000).map((o) => o.end - o.start);
  const problems = await lostOrCorrupted(outcomes);
  const exports = outcomes.filter((o) => o.job.body).length;
  const leftovers = fs.readdirSync(SHARED).filter((name) => name.endsWith('.partial'));
  log(
    `failover: ${outcomes.length} requests (${exports} exports) in ${seconds.toFixed(1)} s through 3 replicas, one killed mid-run`,
  );
  log(
    `failover: lost or corrupted exports: ${problems.length}; HAProxy retries ${retries}, redispatches ${redispatches}; partial files left by the killed replica: ${leftovers.length}`,
  );
  log(
    `failover: latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; during the kill (${during.length} requests) p50 ${percentile(during, 50).toFixed(0)} ms, p99 ${percentile(during, 99).toFixed(0)} ms`,
  );
  return problems;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server.js'))) throw new Error('dist/ is missing: run `npm run build`');
  haproxyBinary();
  const loadAverage = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  // Other work on the machine slows every figure below: say how busy it was.
  log(`${os.availableParallelism()} cores, load average ${loadAverage()} at the start`);
  await sizing();
  const replicas: Replica[] = [];
  for (let i = 1; i <= 3; i++) replicas.push({ name: `replica${i}`, port: await freePort(), workers: 1 });
  for (const replica of replicas) await startReplica(replica);
  await throughput(replicas);
  const problems = await failover(replicas);
  for (const replica of replicas) await stopReplica(replica);
  if (problems.length > 0) {
    for (const problem of problems.slice(0, 20)) log(`LOST: ${problem}`);
    throw new Error(`${problems.length} exports lost or corrupted`);
  }
  log(`load average ${loadAverage()} at the end`);
  log('PASS: no export lost or corrupted with a replica killed mid-run');
}

main()
  .catch((error: Error) => {
    log(`FAIL: ${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) child.kill('SIGKILL');
    fs.rmSync(WORK, { recursive: true, force: true });
  });
