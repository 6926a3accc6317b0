/**
 * Where an export's time goes, by pipeline stage: CPU profiles of export-thread tasks (as
 * PROFILE_WORKERS=<dir> writes them) summed and split by the stage a sample ran under, then each
 * stage by package. Garbage collection is its own row: V8 does not say which stage made the garbage.
 *   npx tsx bench/profileStages.ts <dir> [<file-name filter, e.g. export-plan-docx>]
 */
import fs from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Stage markers, matched on a sample's callers from the innermost out: the first match names the
 * stage. pdfmake writes in stream callbacks, outside writePdf's stack: its packages mark it.
 */
const STAGES: [RegExp, string][] = [
  [/^parseJsonBody$/, 'parse the body (JSON.parse)'],
  [/^assertValidModel$/, 'validate (ajv, limits)'],
  [/^decode(Plan|Description)$/, 'decode the wire model'],
  [/^assert(Plan|Description)WithinLimits$/, 'document limits'],
  [/^build(PlanView|DescriptionExportView)$/, 'plan view'],
  [/^resolveTemplate$/, 'resolve the template'],
  [/^render(Plan|Description)Document$/, 'layout -> document model'],
  [/^(writeDocx|applyShellTemplate)$/, 'write DOCX'],
  [/^writePdf$/, 'write PDF'],
  [/^checkCompliance$/, 'PDF page count, compliance'],
  [/^export(Plan|Description)ToRda$/, 'map to RDA, validate, stringify'],
  [/^base64/, 'base64 of the file'],
  [/^\(garbage collector\)$/, 'garbage collection'],
];
const ASYNC_WRITERS: [RegExp, string][] = [
  [/node_modules\/(pdfmake|pdfkit|fontkit|linebreak|restructure)\//, 'write PDF'],
  [/node_modules\/docx\//, 'write DOCX'],
  [/^node:inspector$/, 'profiler (PROFILE_WORKERS itself)'],
];

const packageOf = (frame: CallFrame): string =>
  /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url)?.[1] ??
  (/\/(dist|src)\//.test(frame.url) ? 'ours' : frame.functionName.startsWith('(') ? frame.functionName : 'node');

export function stagesOf(files: string[]): {
  perProfileMs: number;
  stages: { stage: string; ms: number; packages: [string, number][] }[];
} {
  const stageMs = new Map<string, number>();
  const packageMs = new Map<string, Map<string, number>>();
  let busy = 0;
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const stageCache = new Map<number, string>();
    const stageOf = (id: number): string => {
      const cached = stageCache.get(id);
      if (cached) return cached;
      const name = byId.get(id)!.callFrame.functionName;
      const up = parent.get(id);
      const stage =
        STAGES.find(([pattern]) => pattern.test(name))?.[1] ??
        (up === undefined ? 'other (thread hand-over, module loading)' : stageOf(up));
      stageCache.set(id, stage);
      return stage;
    };
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)!.callFrame;
      if (frame.functionName === '(idle)') return;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      let stage = stageOf(id);
      if (stage.startsWith('other')) {
        // No stage marker on the stack: the innermost caller in a writer's packages says whose it is.
        for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
          const url = byId.get(at)!.callFrame.url;
          const writer = ASYNC_WRITERS.find(([pattern]) => pattern.test(url))?.[1];
          if (writer) {
            stage = writer;
            break;
          }
        }
      }
      if (!stage.startsWith('profiler')) busy += ms;
      stageMs.set(stage, (stageMs.get(stage) ?? 0) + ms);
      const packages = packageMs.get(stage) ?? new Map<string, number>();
      packages.set(packageOf(frame), (packages.get(packageOf(frame)) ?? 0) + ms);
      packageMs.set(stage, packages);
    });
  }
  const n = Math.max(files.length, 1);
  return {
    perProfileMs: busy / n,
    stages: [...stageMs]
      .sort((a, b) => b[1] - a[1])
      .map(([stage, ms]) => ({
        stage,
        ms: ms / n,
        packages: [...packageMs.get(stage)!]
          .sort((a, b) => b[1] - a[1])
          .map(([p, v]) => [p, v / n] as [string, number]),
      })),
  };
}

if (require.main === module) {
  const [dir, filter = ''] = process.argv.slice(2);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.includes(filter))
    .map((f) => path.join(dir, f));
  const { perProfileMs, stages } = stagesOf(files);
  console.log(
    `${files.length} profiles, ${perProfileMs.toFixed(0)} ms busy per export (without the profiler's own cost)`,
  );
  for (const { stage, ms, packages } of stages.filter((s) => !s.stage.startsWith('profiler'))) {
    const share = (value: number) => `${Math.round((value / perProfileMs) * 100)}%`;
    const top = packages
      .slice(0, 4)
      .map(([p, v]) => `${p} ${Math.round((v / ms) * 100)}%`)
      .join(', ');
    console.log(
      `  ${ms.toFixed(0).padStart(6)} ms ${share(ms).padStart(4)}  ${stage}${packages.length > 1 ? `  (${top})` : ''}`,
    );
  }
}
