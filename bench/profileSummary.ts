/**
 * Top self-time functions of each .cpuprofile in a directory (one per thread: the service's main
 * thread and each export worker), as `BENCH_CPU_PROF=<dir> npm run bench:peers` writes them.
 *   npx tsx bench/profileSummary.ts <dir> [top=15]
 */
import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [dir, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 15);

for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  /** Self time by package (node_modules/<name>), our code (dist) or Node and V8 (the rest). */
  const byPackage = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url ? `${frame.url.replace(/^.*?\/(node_modules|dist)\//, '$1/')}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + delta);
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ??
      (/\/dist\//.test(frame.url)
        ? 'our code (dist/)'
        : frame.functionName.startsWith('(')
          ? frame.functionName
          : 'node');
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + delta);
    total += delta;
  });
  const idle = self.get('(idle)') ?? 0;
  console.log(`\n${file}: ${(total / 1000).toFixed(1)} s sampled, ${((total - idle) / 1000).toFixed(1)} s busy`);
  const busy = total - idle;
  console.log(
    `  by package: ${[...byPackage.entries()]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${((v / busy) * 100).toFixed(0)}%`)
      .join(', ')}`,
  );
  for (const [key, value] of [...self.entries()]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)) {
    console.log(
      `  ${value.toFixed(0).padStart(7)} ms ${((value / (total - idle)) * 100).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
}
