// The cost of tagging and of each PDF profile, on the BUILT service (dist/), in one warm process:
//   node bench/pdfProfiles.js <plan.json> <rounds>
// Each round writes the same rendered plan once per variant, in rotating order so that garbage
// and JIT effects hit all alike; prints one JSON line with each variant's median milliseconds of
// CPU time (user + system of this process: less disturbed than wall time on a shared machine).
// "untagged" is the writer without a structure tree (the output before tagging); the profiles
// include what they add (archival-with-data: the RDA export it embeds). BENCH_DIST=<dir>: the PDF
// writer of another build (a copy of dist/ under bench/out/, e.g. before a change); the document
// model comes from dist/ all the same.
const fs = require('node:fs');
const path = require('node:path');
const { decodePlan } = require('../dist/contract/decode');
const { rdaExporter } = require('../dist/formats/rda');
const { renderPlan } = require('../dist/pipeline/render');

const WRITER = path.resolve(__dirname, process.env.BENCH_DIST ?? '../dist', 'formats/pdf');
const { write } = require(`${WRITER}/render`);
const { writePdf } = require(`${WRITER}/PdfWriter`);

const [planFile, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg);
const context = { transformerId: 'dmp-file-transformer' };
const plan = decodePlan(JSON.parse(fs.readFileSync(planFile, 'utf8')));
const dataFile = async () => (await rdaExporter.exportPlan(plan, context)).bytes;
const rendered = renderPlan(plan, context, {}, dataFile);

const VARIANTS = {
  // The shared steps before the writer (plan view, layout template -> document model), for the share of a whole export.
  'document model': async () => renderPlan(plan, context),
  untagged: () => writePdf(rendered.document, { profile: 'standard', tagged: false }),
  standard: () => write({ ...rendered, pdfProfile: 'standard' }),
  accessible: () => write({ ...rendered, pdfProfile: 'accessible' }),
  archival: () => write({ ...rendered, pdfProfile: 'archival' }),
  'archival-with-data': () => write({ ...rendered, pdfProfile: 'archival-with-data' }),
};
const names = Object.keys(VARIANTS);

async function main() {
  for (const name of names) await VARIANTS[name]();
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(round + offset) % names.length];
      const started = process.cpuUsage();
      await VARIANTS[name]();
      const used = process.cpuUsage(started);
      times[name].push((used.user + used.system) / 1000);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(JSON.stringify(Object.fromEntries(names.map((name) => [name, median(times[name])]))));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
