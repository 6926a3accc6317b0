// Writes one document model as PDF `count` times, on the BUILT service (dist/), for instruction
// counts under valgrind (bench/pdfInstructions.ts):
//   node bench/pdfWrite.js <plan.json> --save <model.json>     the plan's document model, saved once
//   node bench/pdfWrite.js <model.json> <count> <untagged|standard|accessible|...> [<hook name>...]
// The model is saved outside valgrind: the layout template's 10 s deadline does not survive it.
// Hooks named after the profile are left out (src/formats/pdf/internals: installInternals).
// BENCH_DIST: another build of the writer to measure (a copy of dist/ under bench/out/, while dist/ changes).
const { Buffer } = require('node:buffer');
const fs = require('node:fs');
const path = require('node:path');

const DIST = path.resolve(__dirname, process.env.BENCH_DIST ?? '../dist');

const BYTES = 'base64 bytes';
const [input, second, third, ...leaveOut] = process.argv.slice(2);

if (second === '--save') {
  // The document model, from dist/ (it finds the default layout beside it); BENCH_DIST is for the writer.
  const { decodePlan } = require('../dist/contract/decode');
  const { renderPlan } = require('../dist/pipeline/render');
  const plan = decodePlan(JSON.parse(fs.readFileSync(input, 'utf8')));
  const { document } = renderPlan(plan, { transformerId: 'dmp-file-transformer' }, {}, async () => new Uint8Array());
  const replacer = (_key, value) =>
    value instanceof Uint8Array ? { [BYTES]: Buffer.from(value).toString('base64') } : value;
  fs.writeFileSync(third, JSON.stringify(document, replacer));
} else {
  const { installInternals } = require(`${DIST}/formats/pdf/internals`);
  const { writePdf } = require(`${DIST}/formats/pdf/PdfWriter`);
  installInternals({ leaveOut });
  const reviver = (_key, value) =>
    value && typeof value[BYTES] === 'string' ? new Uint8Array(Buffer.from(value[BYTES], 'base64')) : value;
  const document = JSON.parse(fs.readFileSync(input, 'utf8'), reviver);
  const output = third === 'untagged' ? { profile: 'standard', tagged: false } : { profile: third };
  (async () => {
    let bytes = 0;
    for (let index = 0; index < Number(second); index++) bytes = (await writePdf(document, output)).length;
    console.log(JSON.stringify({ bytes }));
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
