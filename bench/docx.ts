/**
 * How long writeDocx takes for plan-shaped documents. Run: npx tsx bench/docx.ts
 * (a script, not a test: timings on a shared machine make flaky assertions). CPU time is printed
 * too: on a busy machine it says more than the wall clock.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';
import type { DocumentModel } from '../src/document/types';
import { writeDocx } from '../src/formats/docx/DocxWriter';
import { countBlocks, planDocument } from '../test/builders/documents';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The floor: docx itself packing as many one-run paragraphs, with nothing of ours. */
async function measureBaseline(paragraphs: number, runs: number): Promise<void> {
  const write = () =>
    Packer.toBuffer(
      new Document({
        sections: [
          {
            children: Array.from(
              { length: paragraphs },
              (_, i) => new Paragraph({ children: [new TextRun(`Paragraph ${i}`)] }),
            ),
          },
        ],
      }),
    );
  await write();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await write();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(
    `docx alone, ${paragraphs} one-run paragraphs: wall median ${median(times).toFixed(0)} ms (best ${Math.min(...times).toFixed(0)})`,
  );
}

async function measure(descriptions: number, runs: number): Promise<void> {
  const model: DocumentModel = planDocument(descriptions);
  await writeDocx(model); // warm-up: module init, JIT
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    size = (await writeDocx(model)).length;
    const used = process.cpuUsage(cpu);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    cpuTimes.push((used.user + used.system) / 1e3);
  }
  console.log(
    `${descriptions} descriptions, ${model.blocks.length} top-level / ${countBlocks(model.blocks)} blocks in all: ` +
      `wall median ${median(times).toFixed(0)} ms (best ${Math.min(...times).toFixed(0)}), ` +
      `CPU median ${median(cpuTimes).toFixed(0)} ms, ${(size / 1024).toFixed(0)} KB, ` +
      `peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}

async function main(): Promise<void> {
  await measureBaseline(6100, 7);
  await measure(10, 9);
  await measure(100, 7);
}

void main();
