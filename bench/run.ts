/**
 * `npm run bench`: the figures the issues set targets for. Each case runs in a fresh child
 * process, so its peak RSS is its own; timings are in-process (no HTTP, no worker pool), from the
 * parsed request body (validation + decoding included) to the file's bytes: the median of 7 runs
 * after one warm-up. Benchmarks report numbers; they never fail the build.
 *
 *   npm run bench                 all cases
 *   npm run bench -- docx pdf     only these
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

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
  { suite: 'template', name: 'docx+template', descriptions: 10 },
  { suite: 'template', name: 'docx+template', descriptions: 100 },
];

export interface CaseResult {
  medianMs: number;
  minMs: number;
  maxMs: number;
  bytes: number;
  peakRssMb: number;
}

const runs = 7;

function runCase(testCase: Case): CaseResult {
  const output = execFileSync(process.execPath, ['--require', 'tsx/cjs', path.join(__dirname, 'case.ts'), testCase.name, String(testCase.descriptions), String(runs)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as CaseResult;
}

function main() {
  const only = process.argv.slice(2);
  const selected = CASES.filter((c) => only.length === 0 || only.includes(c.suite));
  const results = new Map<string, CaseResult>();
  console.log(`node ${process.version}, median of ${runs} runs after a warm-up, each case in its own process\n`);
  console.log('case'.padEnd(26) + 'median'.padStart(10) + 'min'.padStart(10) + 'max'.padStart(10) + 'peak RSS'.padStart(11) + 'output'.padStart(11) + '   target');
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
      `${testCase.name} (${testCase.descriptions} descriptions)`.padEnd(26) +
        `${result.medianMs.toFixed(1)} ms`.padStart(10) +
        `${result.minMs.toFixed(1)} ms`.padStart(10) +
        `${result.maxMs.toFixed(1)} ms`.padStart(10) +
        `${result.peakRssMb.toFixed(0)} MB`.padStart(11) +
        `${(result.bytes / 1024).toFixed(0)} KB`.padStart(11) +
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
  const plain = results.get('docx/100');
  const templated = results.get('docx+template/100');
  if (plain && templated) {
    console.log(`custom layout template over the default: ${(templated.medianMs - plain.medianMs).toFixed(1)} ms per export (target <= 5 ms)`);
  }
}

main();
