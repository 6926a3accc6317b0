/**
 * Speed of rich text -> blocks (not a test: numbers depend on the machine).
 * Run: npx tsx bench/html.ts
 */
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { htmlToBlocks } from '../src/document/html';

/** Editor-like HTML: headings, paragraphs with marks and links, nested lists, tables, pasted spans. */
function typicalEditorHtml(targetLength: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < targetLength; index++) {
    const part = [
      `<h2>Section ${index}</h2>`,
      `<p>Data will be stored in the <strong>institutional repository</strong> for at least <em>ten years</em> after the project, as the <a href="https://example.org/policy/${index}">funder policy</a> requires. Access&nbsp;is restricted &amp; logged.</p>`,
      '<ul><li>Raw sensor data (CSV, ~2 GB)</li><li>Processed data<ul><li>NetCDF files</li><li>Figures in <code>PNG</code></li></ul></li></ul>',
      '<p style="text-align: justify;"><span style="font-size: 12pt;">Pasted text with styled spans and a line<br>break.</span></p>',
      `<table><thead><tr><th>Dataset</th><th>Format</th><th>Size</th></tr></thead><tbody>${'<tr><td>Survey responses</td><td>CSV</td><td>10 MB</td></tr>'.repeat(4)}</tbody></table>`,
      '<ol start="3"><li>First step</li><li>Second <b>important</b> step</li></ol>',
    ][index % 6];
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join('\n');
}

/** Median CPU milliseconds of one run (CPU time, not wall time: the machine may be shared). */
function millisecondsPerRun(run: () => unknown, runs: number): number {
  for (let warmUp = 0; warmUp < 3; warmUp++) run();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    samples.push((used.user + used.system) / 1000);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

const oneMegabyte = typicalEditorHtml(1024 * 1024);
const answer = typicalEditorHtml(2 * 1024);
const deeplyNested = '<div>x'.repeat(10_000);
const veryDeeplyNested = '<div>x'.repeat(200_000);

console.log(`1 MB of editor HTML:       ${millisecondsPerRun(() => htmlToBlocks(oneMegabyte), 20).toFixed(1)} ms`);
console.log(
  `  for scale, on the same 1 MB: sanitize-html alone (its defaults) ${millisecondsPerRun(() => sanitizeHtml(oneMegabyte), 20).toFixed(1)} ms, htmlparser2 parseDocument alone ${millisecondsPerRun(() => parseDocument(oneMegabyte), 20).toFixed(1)} ms`,
);
console.log(
  `1,000 answers of 2 KB:     ${millisecondsPerRun(() => {
    for (let index = 0; index < 1000; index++) htmlToBlocks(answer);
  }, 10).toFixed(1)} ms`,
);
console.log(`10,000 nested <div>:       ${millisecondsPerRun(() => htmlToBlocks(deeplyNested), 5).toFixed(1)} ms`);
console.log(`200,000 nested <div>:      ${millisecondsPerRun(() => htmlToBlocks(veryDeeplyNested), 2).toFixed(1)} ms`);
