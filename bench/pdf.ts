/**
 * How long writePdf takes for plan-shaped documents, and the peak memory. Run:
 *   npx tsx bench/pdf.ts          10 and 100 descriptions
 *   npx tsx bench/pdf.ts 100      only this size (a fresh process gives its own peak RSS)
 * A script, not a test: timings on a shared machine make flaky assertions.
 */
import { writePdf } from '../src/formats/pdf/PdfWriter';
import { countBlocks, planDocument } from '../test/builders/documents';

const cpuMs = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

async function measure(descriptions: number, runs: number): Promise<void> {
  const model = planDocument(descriptions);
  const coldStart = performance.now();
  const first = await writePdf(model); // first document of the thread: fonts, JIT
  const coldMs = performance.now() - coldStart;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    await writePdf(model);
    wall.push(performance.now() - started);
    cpu.push(cpuMs(cpuStart));
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `${descriptions} descriptions (${model.blocks.length} top-level / ${countBlocks(model.blocks)} blocks, ${(first.length / 1024).toFixed(0)} KB): ` +
      `first ${coldMs.toFixed(0)} ms, then median ${median(wall).toFixed(0)} ms wall / ${median(cpu).toFixed(0)} ms CPU, ` +
      `best ${Math.min(...wall).toFixed(0)} ms; peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  for (const descriptions of sizes.length > 0 ? sizes : [10, 100])
    await measure(descriptions, descriptions >= 100 ? 5 : 9);
}

void main();
