/**
 * `npm run bench:peers` (or `npm run bench -- --peers`): our HTTP service side by side with the
 * engines peers use, on the same generated plans (10 and 100 descriptions), in one run.
 *
 * Ours: the built service (`node dist/server.js`, `npm start`'s flags) on loopback, port 0,
 * auth off, EXPORT_FORMATS with `html`; a time is from sending the request to the last byte of
 * the answer. Peers, as whole processes: pandoc (our HTML -> DOCX), LibreOffice (our DOCX -> PDF)
 * and WeasyPrint (our HTML -> PDF). A peer that is not installed is named and skipped; LibreOffice
 * converts our DOCX, so it needs `docx` in BENCH_FORMATS. Typst (bench/typstPeer.ts): the same
 * plan's document model as Typst markup, compiled to a tagged PDF, as a whole process (the peer
 * figure the targets use) and warm in this process (tagged and untagged in turn: Typst's own tag
 * cost, beside ours). Our PDF is the default, tagged (PDF/UA-1); the same plan
 * with `pdf-profile: standard`, exported in turn with it (BENCH_TAG_PAIRS (16) pairs, half of them
 * untagged first), gives the untagged time, and the two the tag cost (also as the median of the
 * pairs' ratios). Medians of BENCH_RUNS (7) runs after warm-up (ours, PDF aside); peers
 * BENCH_PEER_RUNS (5). Then throughput with
 * 1, 2 and 4 concurrent clients for BENCH_WINDOW_S (5) seconds each, and the service's peak RSS.
 * BENCH_SIZES, BENCH_FORMATS, BENCH_PEERS=none and BENCH_WINDOW_S=0 narrow a run;
 * BENCH_CPU_PROF=<dir> runs the service under --cpu-prof (main thread and export workers).
 * Benchmarks report numbers; they never fail the build.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generatePlanJson } from '../fixtures/generate';
import { lowerQuartile, median, medianInterval } from './stats';
import { type TypstTimes, typstPeer } from './typstPeer';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(__dirname, 'out', 'peers');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PEER_RUNS = Number(process.env.BENCH_PEER_RUNS ?? 5);
/** Pairs of PDF exports, tagged and untagged, for the tag cost (an even number: half of them untagged first). */
const TAG_PAIRS = 2 * Math.ceil(Number(process.env.BENCH_TAG_PAIRS ?? 16) / 2);
const WINDOW_S = Number(process.env.BENCH_WINDOW_S ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '10,100').split(',').map(Number);
/** BENCH_PEERS=none (or a list of commands) leaves peers out, e.g. while profiling the service. */
const PEER_FILTER = process.env.BENCH_PEERS?.split(',');
const FORMATS = (process.env.BENCH_FORMATS ?? 'docx,pdf,json,html').split(',');

const ms = (value: number): string => `${Math.round(value).toLocaleString('en')} ms`;

const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Service {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

const SERVICE_NODE_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

async function startService(): Promise<Service> {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...profile, 'dist/server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      AUTH_DISABLED: 'true',
      EXPORT_FORMATS: 'docx,pdf,json,html',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.once('exit', (code) => reject(new Error(`the service exited (${code}): ${stdout.slice(-2000)}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = /"listening".*?"port":(\d+)|"port":(\d+).*?"listening"/.exec(stdout);
      if (found) resolve(Number(found[1] ?? found[2]));
    });
  });
  child.removeAllListeners('exit');
  child.stdout!.resume();
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Peak resident memory of the service process (VmHWM; export workers are threads of it), in MB. */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

/** One export over a fresh connection (no keep-alive socket the service may close while idle). */
function exportOnce(port: number, format: string, body: string): Promise<{ ms: number; file: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/file-transformer/export/plan?format=${format}`,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const elapsed = performance.now() - started;
          const text = Buffer.concat(chunks).toString('utf8');
          if (answer.statusCode !== 200)
            return reject(new Error(`${format}: ${answer.statusCode} ${text.slice(0, 500)}`));
          resolve({ ms: elapsed, file: Buffer.from((JSON.parse(text) as { file: string }).file, 'base64') });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * CPU seconds the service has used, all threads (prom-client's process_cpu_seconds_total). Under
 * load a wall time says how busy the machine was; the CPU an export took says what it cost.
 */
function serviceCpuSeconds(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/metrics', agent: false }, (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
        answer.on('end', () => resolve(Number(/^process_cpu_seconds_total (\S+)/m.exec(text)?.[1] ?? NaN)));
      })
      .on('error', reject);
  });
}

interface Peer {
  name: string;
  command: string;
  /** Arguments to convert `input` into `outDir`. */
  args: (input: string, outDir: string) => string[];
  from: 'html' | 'docx';
}

const LO_PROFILE = `file://${path.join(OUT, 'lo-profile')}`;
const PEERS: Peer[] = [
  {
    name: 'pandoc',
    command: 'pandoc',
    from: 'html',
    args: (input, outDir) => [input, '-o', path.join(outDir, 'out.docx')],
  },
  {
    name: 'LibreOffice',
    command: 'soffice',
    from: 'docx',
    // Its own profile directory: other soffice processes on the machine do not share (or block) it.
    args: (input, outDir) => [
      `-env:UserInstallation=${LO_PROFILE}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      input,
    ],
  },
  {
    name: 'WeasyPrint',
    command: 'weasyprint',
    from: 'html',
    args: (input, outDir) => [input, path.join(outDir, 'out.pdf')],
  },
];

const installed = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

function runPeer(peer: Peer, input: string): number {
  const outDir = fs.mkdtempSync(path.join(OUT, `${peer.command}-`));
  const started = performance.now();
  execFileSync(peer.command, peer.args(input, outDir), { stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = performance.now() - started;
  if (fs.readdirSync(outDir).length === 0) throw new Error(`${peer.name} wrote nothing for ${input}`);
  fs.rmSync(outDir, { recursive: true, force: true });
  return elapsed;
}

/** Exports/s with `clients` concurrent clients, each sending the next request when its answer is in. */
async function throughput(port: number, format: string, body: string, clients: number): Promise<number> {
  const deadline = performance.now() + WINDOW_S * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        await exportOnce(port, format, body);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** The plan with `pdf-profile: standard` (untagged), for the tag cost. */
function untaggedBody(body: string): string {
  const plan = JSON.parse(body);
  plan.planBlueprint.definition.plugins = [
    { code: 'dmp-file-transformer', type: 0, fields: [{ code: 'pdf-profile', textValue: 'standard', file: null }] },
  ];
  return JSON.stringify(plan);
}

async function main(): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const loadBefore = load();
  const bodies = new Map(SIZES.map((n) => [n, generatePlanJson(n)]));
  const service = await startService();
  const ours = new Map<string, number>();
  /** CPU ms the service spent per export (all threads): the cost, whatever the load. */
  const oursCpu = new Map<string, number>();
  const inputs = new Map<string, string>();
  /** Per size: the tagged / untagged ratios of the pairs. */
  const pairRatios = new Map<number, number[]>();
  /** Per size: the lower quartiles of the tagged and the untagged PDF's times. */
  const lowerQuartiles = new Map<number, { tagged: number; untagged: number }>();
  try {
    for (const n of SIZES) {
      for (const format of FORMATS) {
        const body = bodies.get(n)!;
        // PDF: the untagged export alternates with the tagged one, so that both meet the same warm-up,
        // heap and machine load (one after the other, the later one ran on a warmer service).
        const untagged = format === 'pdf' ? untaggedBody(body) : undefined;
        for (let i = 0; i < 2; i++) {
          await exportOnce(service.port, format, body); // warm-up
          if (untagged) await exportOnce(service.port, format, untagged);
        }
        const times: number[] = [];
        const cpu: number[] = [];
        const untaggedTimes: number[] = [];
        const untaggedCpu: number[] = [];
        let file: Buffer = Buffer.alloc(0);
        const timeUntagged = async (): Promise<void> => {
          if (!untagged) return;
          const untaggedCpuBefore = await serviceCpuSeconds(service.port);
          untaggedTimes.push((await exportOnce(service.port, format, untagged)).ms);
          untaggedCpu.push((await serviceCpuSeconds(service.port)) - untaggedCpuBefore);
        };
        // PDF: an even number of pairs, in turn tagged first and untagged first (ABBA): an export pays
        // part of the garbage of the one before, so a fixed order would favour the one that follows
        // the lighter.
        const runs = untagged ? TAG_PAIRS : RUNS;
        for (let i = 0; i < runs; i++) {
          if (i % 2 === 1) await timeUntagged();
          const cpuBefore = await serviceCpuSeconds(service.port);
          const result = await exportOnce(service.port, format, body);
          cpu.push((await serviceCpuSeconds(service.port)) - cpuBefore);
          times.push(result.ms);
          file = result.file;
          if (i % 2 === 0) await timeUntagged();
        }
        ours.set(`${format}/${n}`, median(times));
        oursCpu.set(`${format}/${n}`, median(cpu) * 1000);
        if (untagged) {
          // Each pair's two exports meet the same machine: the median of the pairs' ratios is
          // steadier than the ratio of the medians when the machine's load drifts.
          pairRatios.set(
            n,
            times.map((time, index) => time / untaggedTimes[index]),
          );
          ours.set(`pdf-untagged/${n}`, median(untaggedTimes));
          lowerQuartiles.set(n, { tagged: lowerQuartile(times), untagged: lowerQuartile(untaggedTimes) });
          oursCpu.set(`pdf-untagged/${n}`, median(untaggedCpu) * 1000);
          console.error(
            `ours pdf-untagged(${n}): ${ms(median(untaggedTimes))}, CPU ${ms(median(untaggedCpu) * 1000)} (${untaggedTimes.map((t) => t.toFixed(0)).join(' ')})`,
          );
        }
        const input = path.join(OUT, `plan-${n}.${format}`);
        fs.writeFileSync(input, file);
        inputs.set(`${format}/${n}`, input);
        console.error(
          `ours ${format}(${n}): ${ms(median(times))}, CPU ${ms(oursCpu.get(`${format}/${n}`)!)} (${times.map((t) => t.toFixed(0)).join(' ')}), ${(file.length / 1024).toFixed(0)} KB`,
        );
      }
    }
    const sequentialPeakRss = peakRssMb(service.pid);

    const peers = new Map<string, number | null>();
    /** Typst's own figures per size, its tag cost among them. */
    const typstTimes = new Map<number, TypstTimes>();
    for (const peer of PEERS.filter((p) => !PEER_FILTER || PEER_FILTER.includes(p.command))) {
      if (!installed(peer.command)) {
        console.error(`${peer.name} (${peer.command}) is not installed: skipped`);
        for (const n of SIZES) peers.set(`${peer.name}/${n}`, null);
        continue;
      }
      for (const n of SIZES) {
        const input = inputs.get(`${peer.from}/${n}`);
        if (!input) {
          console.error(`${peer.name}(${n}) converts our ${peer.from}: add ${peer.from} to BENCH_FORMATS to time it`);
          continue;
        }
        runPeer(peer, input); // warm-up: disk cache, LibreOffice's first-run profile
        const times = Array.from({ length: PEER_RUNS }, () => runPeer(peer, input));
        peers.set(`${peer.name}/${n}`, median(times));
        console.error(`${peer.name}(${n}): ${ms(median(times))} (${times.map((t) => t.toFixed(0)).join(' ')})`);
      }
    }

    if (FORMATS.includes('pdf') && (!PEER_FILTER || PEER_FILTER.includes('typst'))) {
      for (const n of SIZES) {
        const typst = typstPeer(bodies.get(n)!, OUT, PEER_RUNS);
        peers.set(`Typst/${n}`, typst?.process ?? null);
        peers.set(`Typst warm/${n}`, typst?.warm ?? null);
        if (typst) typstTimes.set(n, typst);
        console.error(
          typst === null
            ? 'Typst (@myriaddreamin/typst-ts-node-compiler) does not load: skipped'
            : `Typst(${n}): ${ms(typst.process)} as a whole process, ${ms(typst.warm)} warm in process (untagged ${ms(typst.warmUntagged)})`,
        );
      }
    }

    // The floor of an RDA JSON export: parsing the request body and stringifying the answer.
    const floor = (n: number) => {
      const body = bodies.get(n)!;
      const parse = median(
        Array.from({ length: RUNS }, () => {
          const t = performance.now();
          JSON.parse(body);
          return performance.now() - t;
        }),
      );
      const parsed = JSON.parse(body);
      const stringify = median(
        Array.from({ length: RUNS }, () => {
          const t = performance.now();
          JSON.stringify(parsed);
          return performance.now() - t;
        }),
      );
      return { parse, stringify, mb: Buffer.byteLength(body) / 1e6 };
    };

    const rows: string[][] = [];
    // Two decimals: a target is met or not at the second one (1.46x is not 1.5x).
    const ratio = (peer: number | null | undefined, our: number | undefined) =>
      peer && our ? `${(peer / our).toFixed(2)}x` : '';
    const peerCell = (name: string, value: number | null | undefined) =>
      value === undefined ? '' : value === null ? `${name} not installed` : `${name} ${ms(value)}`;
    for (const n of SIZES) {
      const docx = ours.get(`docx/${n}`);
      if (docx !== undefined)
        rows.push([
          `DOCX, ${n} descriptions`,
          ms(docx),
          peerCell('pandoc', peers.get(`pandoc/${n}`)),
          ratio(peers.get(`pandoc/${n}`), docx),
          '>= 3x',
        ]);
    }
    for (const n of SIZES) {
      const pdf = ours.get(`pdf/${n}`);
      if (pdf === undefined) continue;
      const lo = peers.get(`LibreOffice/${n}`);
      const weasy = peers.get(`WeasyPrint/${n}`);
      const typst = peers.get(`Typst/${n}`);
      const typstWarm = peers.get(`Typst warm/${n}`);
      rows.push([
        `PDF (tagged, the default), ${n}`,
        ms(pdf),
        [peerCell('LibreOffice', lo), peerCell('WeasyPrint', weasy), peerCell('Typst', typst)]
          .filter(Boolean)
          .join(', '),
        [ratio(lo, pdf), ratio(weasy, pdf), ratio(typst, pdf)].filter(Boolean).join(' / '),
        n === 10 ? '>= 8x LibreOffice and WeasyPrint' : '>= 5x LibreOffice, >= 1.5x Typst (whole process)',
      ]);
      // Not a target: what a service that keeps a Typst compiler loaded would take.
      if (typstWarm !== undefined)
        rows.push([
          `PDF, ${n}: Typst warm, in process (not a peer figure)`,
          ms(pdf),
          peerCell('Typst warm', typstWarm),
          ratio(typstWarm, pdf),
          '',
        ]);
    }
    for (const n of SIZES) {
      const json = ours.get(`json/${n}`);
      if (json === undefined) continue;
      const f = floor(n);
      rows.push([
        `RDA JSON, ${n}`,
        ms(json),
        `floor: JSON.parse ${ms(f.parse)} + stringify ${ms(f.stringify)} of the ${f.mb.toFixed(1)} MB body`,
        '',
        n === 100 ? '<= 100 ms' : '',
      ]);
    }
    for (const n of SIZES) {
      const html = ours.get(`html/${n}`);
      if (html !== undefined) rows.push([`HTML (fed to the peers), ${n}`, ms(html), '', '', '']);
    }

    const growth = FORMATS.filter((f) => ours.has(`${f}/10`) && ours.has(`${f}/100`))
      .map((f) => `${f} ${(ours.get(`${f}/100`)! / ours.get(`${f}/10`)!).toFixed(1)}x`)
      .join(', ');

    const rates: string[] = [];
    const THROUGHPUT_CASES: [string, number][] = [
      ['docx', 10],
      ['pdf', 10],
      ['docx', 100],
      ['json', 100],
    ];
    for (const [format, n] of THROUGHPUT_CASES) {
      if (!FORMATS.includes(format) || !SIZES.includes(n) || WINDOW_S <= 0) continue;
      const perClients = [];
      for (const clients of [1, 2, 4])
        perClients.push(`${(await throughput(service.port, format, bodies.get(n)!, clients)).toFixed(1)}`);
      rates.push(`| ${format.toUpperCase()}, ${n} | ${perClients.join(' | ')} |`);
      console.error(`throughput ${format}(${n}): ${perClients.join(' / ')} exports/s`);
    }
    const peakRss = peakRssMb(service.pid);

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(
      `\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}; ` +
        `load average ${loadBefore} before, ${load()} after (1, 5, 15 min). Medians of ${RUNS} runs (ours, through HTTP; PDF ${TAG_PAIRS} pairs of tagged and untagged) and ${PEER_RUNS} runs (peers, whole processes) after warm-up.\n`,
    );
    console.log('| work | ours | peer | ratio | target |\n|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    console.log(
      `\nService CPU per export (all threads, median; what an export costs whatever the load): ${[...oursCpu].map(([key, value]) => `${key.replace('/', '(')}) ${ms(value)}`).join(', ')}.`,
    );
    for (const n of SIZES) {
      const tagged = ours.get(`pdf/${n}`);
      const untagged = ours.get(`pdf-untagged/${n}`);
      const taggedCpu = oursCpu.get(`pdf/${n}`);
      const untaggedCpu = oursCpu.get(`pdf-untagged/${n}`);
      const cost = (more: number, less: number) =>
        `${more >= less ? '+' : ''}${(((more - less) / less) * 100).toFixed(0)} %`;
      const ratios = pairRatios.get(n);
      const quartiles = lowerQuartiles.get(n);
      if (tagged !== undefined && untagged !== undefined && ratios && quartiles) {
        const interval = medianInterval(ratios)
          .map((bound) => cost(bound, 1))
          .join(' to ');
        console.log(
          `\nPDF tag cost, ${n} descriptions (${TAG_PAIRS} pairs, in turn tagged and untagged first): tagged (the default) ${ms(tagged)}, untagged (pdf-profile standard) ${ms(untagged)}: ` +
            `${cost(tagged, untagged)}, median of the pairs' ratios ${cost(median(ratios), 1)} (95 % interval ${interval}; target <= 10 %); service CPU ${ms(taggedCpu!)} against ${ms(untaggedCpu!)}: ${cost(taggedCpu!, untaggedCpu!)}` +
            `; lower quartiles ${ms(quartiles.tagged)} against ${ms(quartiles.untagged)}: ${cost(quartiles.tagged, quartiles.untagged)} (less moved by which exports the full collections fall on)` +
            `; tagged vs LibreOffice ${ratio(peers.get(`LibreOffice/${n}`), tagged) || 'n/a'} (target >= 5x at 100), ` +
            `vs Typst as a whole process ${ratio(peers.get(`Typst/${n}`), tagged) || 'n/a'} (target >= 1.5x at 100), ` +
            `vs Typst warm in process ${ratio(peers.get(`Typst warm/${n}`), tagged) || 'n/a'}.`,
        );
      }
      const typst = typstTimes.get(n);
      if (typst)
        console.log(
          `\nTypst's own tag cost, ${n} descriptions (warm, in process, ${typst.pairs} pairs of pdfTags true and false): ` +
            `${ms(typst.warm)} against ${ms(typst.warmUntagged)}: ${cost(typst.warm, typst.warmUntagged)}; ` +
            `its PDF step alone ${ms(typst.pdfStep.tagged)} against ${ms(typst.pdfStep.untagged)}, ` +
            `+${ms(typst.pdfStep.tagged - typst.pdfStep.untagged)}; ` +
            `${Math.round(typst.bytes.tagged / 1024).toLocaleString('en')} KB against ${Math.round(typst.bytes.untagged / 1024).toLocaleString('en')} KB.`,
        );
    }
    console.log(`\nGrowth, 100 vs 10 descriptions (target <= 11x): ${growth}.`);
    console.log(
      `\nThroughput (exports/s, ${WINDOW_S} s per setting; each client sends its next request when its answer is in):\n`,
    );
    console.log('| work | 1 client | 2 clients | 4 clients |\n|---|---|---|---|');
    for (const rate of rates) console.log(rate);
    console.log(
      `\nService peak RSS: ${sequentialPeakRss} MB after the one-at-a-time exports (10 and 100 descriptions), ${peakRss} MB after the throughput runs (up to 4 exports in flight).`,
    );
  } finally {
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
