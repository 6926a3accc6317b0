// What a PDF writer hook buys, on the BUILT service (dist/), in one process per variant:
//   node bench/pdfHooks.js <plan.json> <rounds> [<hook name>...]
// Installs the writer's hooks without the named ones (src/formats/pdf/internals: installInternals'
// leaveOut), then writes the same rendered plan untagged and tagged (`accessible`), alternately,
// and prints one JSON line with each one's median milliseconds of CPU time (user + system of this
// process) and the size of the tagged file. bench/run.ts (`npm run bench -- pdf-hooks`) runs it once
// with every hook and once per variant, and prints the differences.
const fs = require('node:fs');
const { decodePlan } = require('../dist/contract/decode');
const { renderPlan } = require('../dist/pipeline/render');
const { installInternals } = require('../dist/formats/pdf/internals');
const { writePdf } = require('../dist/formats/pdf/PdfWriter');

const [planFile, roundsArg, ...leaveOut] = process.argv.slice(2);
const rounds = Number(roundsArg);
installInternals({ leaveOut });
const context = { transformerId: 'dmp-file-transformer' };
const plan = decodePlan(JSON.parse(fs.readFileSync(planFile, 'utf8')));
const { document } = renderPlan(plan, context, {}, async () => new Uint8Array());

const VARIANTS = {
  untagged: () => writePdf(document, { profile: 'standard', tagged: false }),
  tagged: () => writePdf(document, { profile: 'accessible' }),
};

async function main() {
  let bytes = 0;
  for (const name of Object.keys(VARIANTS)) bytes = (await VARIANTS[name]()).length;
  const times = { untagged: [], tagged: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['untagged', 'tagged'] : ['tagged', 'untagged'];
    for (const name of order) {
      const started = process.cpuUsage();
      await VARIANTS[name]();
      const used = process.cpuUsage(started);
      times[name].push((used.user + used.system) / 1000);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(JSON.stringify({ untagged: median(times.untagged), tagged: median(times.tagged), bytes }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
