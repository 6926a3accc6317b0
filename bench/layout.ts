/**
 * Measures the layout step (PlanView -> DocumentModel) on a generated 100-description plan: the
 * built-in layout, and an uploaded bundle (resolved through the content-hash cache, as every
 * export does). Not a test: timings depend on the machine. Run:
 *
 *   npx tsx bench/layout.ts [descriptions=100] [rounds=30]
 *
 * tsx compiles with esbuild's keepNames, which wraps every closure creation in a naming call:
 * expect about 10-15% more than the tsc-built service spends on the same work.
 */
import { strToU8, zipSync } from 'fflate';
import { generatePlanJson } from '../fixtures/generate';
import { coastalLogoPng } from '../fixtures/lib/png';
import { decodePlan } from '../src/contract/decode';
import { buildPlanView } from '../src/plan/buildPlanView';
import { defaultLayout } from '../src/templates/compile';
import { renderPlanDocument } from '../src/templates/layout';
import { type ExportOptions } from '../src/document/options';
import { resolveTemplate } from '../src/templates/resolve';

const descriptions = Number(process.argv[2] ?? 100);
const rounds = Number(process.argv[3] ?? 30);

const view = buildPlanView(decodePlan(JSON.parse(generatePlanJson(descriptions))), {
  transformerId: 'dmp-file-transformer',
});
const options: ExportOptions = {
  includeUnanswered: false,
  includeGuidance: false,
  tableOfContents: true,
  coverPage: true,
  pageSize: null,
  labelLanguage: 'en',
  includeQuestionText: true,
  includeSectionHeadings: true,
  compactSpacing: false,
  tocLevels: null,
  withheldNote: null,
  descriptionPageBreak: 'auto',
  pdfProfile: 'standard',
};

/** A funder template: theme, logo on a custom cover, a custom question partial; the rest from the default layout. */
const bundle = zipSync({
  'template.json': strToU8(JSON.stringify({ name: 'Funder', version: '1.0.0', theme: { headingColor: '#003399' } })),
  'assets/logo.png': new Uint8Array(coastalLogoPng()),
  'partials/cover.hbs': strToU8('{{image "logo.png" width=120}}<p class="title">{{plan.title}}</p>{{pageBreak}}'),
  'partials/question.hbs': strToU8(
    '{{#if title}}<p class="label">{{title}}</p>{{/if}}{{#each items}}{{#each fields}}{{value value label=label}}{{/each}}{{/each}}',
  ),
});
const upload = { filename: 'funder.zip', mimeType: 'application/zip', bytes: bundle, isImage: false };

/** Wall time and CPU time (user + system, all threads) per run: CPU time is steadier on a shared machine. */
function timings(run: () => void, count: number): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    run();
    const used = process.cpuUsage(startCpu);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: wall.sort((a, b) => a - b), cpu: cpu.sort((a, b) => a - b) };
}

const median = (values: number[]) => values[values.length >> 1].toFixed(1);
const report = (name: string, { wall, cpu }: { wall: number[]; cpu: number[] }) =>
  console.log(
    `${name.padEnd(48)} wall median ${median(wall)} ms (min ${wall[0].toFixed(1)})   cpu median ${median(cpu)} ms (min ${cpu[0].toFixed(1)})`,
  );

const layout = defaultLayout();
const first = renderPlanDocument(view, layout, options);
for (let i = 0; i < 5; i++) {
  renderPlanDocument(view, layout, options);
  renderPlanDocument(view, resolveTemplate(upload, 'plan-template').layout, options);
}
console.log(
  `${descriptions} descriptions -> ${first.document.blocks.length} top-level blocks, ${first.warnings.length} warnings`,
);

// Interleaved, so both see the same machine load: the tenant template's extra cost is the difference.
const defaultTimes = { wall: [] as number[], cpu: [] as number[] };
const tenantTimes = { wall: [] as number[], cpu: [] as number[] };
for (let round = 0; round < rounds; round++) {
  for (const [times, run] of [
    [defaultTimes, () => renderPlanDocument(view, layout, options)],
    [tenantTimes, () => renderPlanDocument(view, resolveTemplate(upload, 'plan-template').layout, options)],
  ] as const) {
    const { wall, cpu } = timings(run, 1);
    times.wall.push(...wall);
    times.cpu.push(...cpu);
  }
}
const sorted = (t: { wall: number[]; cpu: number[] }) => ({
  wall: t.wall.sort((a, b) => a - b),
  cpu: t.cpu.sort((a, b) => a - b),
});
report('default layout: PlanView -> DocumentModel', sorted(defaultTimes));
report('funder bundle: resolve (cached) + render', sorted(tenantTimes));
const resolveOnly = timings(() => {
  for (let i = 0; i < 100; i++) resolveTemplate(upload, 'plan-template');
}, rounds);
console.log(
  `funder bundle: resolve (cached) only          ${(Number(median(resolveOnly.cpu)) * 10).toFixed(0)} µs cpu per export`,
);
