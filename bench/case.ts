/**
 * One benchmark case, in its own process (see run.ts): `case.ts <name> <descriptions> <runs>`.
 * Prints one JSON line: median/min/max milliseconds, output bytes and peak RSS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { generatePlanJson } from '../fixtures/generate';
import { decodePlan } from '../src/contract/decode';
import { assertValidModel } from '../src/contract/validate';
import { ALL_EXPORTERS } from '../src/exporters/index';
import { PROJECT_ROOT } from '../src/paths';

const [name, count, runCount] = process.argv.slice(2);
const transformerId = 'dmp-file-transformer';

/** The default layout, zipped as a tenant would upload it after `dmp-transform init`. */
function defaultLayoutAsBundle(): Uint8Array {
  const root = path.join(PROJECT_ROOT, 'templates/default');
  const files: Record<string, Uint8Array> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(root, full)] = fs.readFileSync(full);
  }
  return zipSync(files);
}

function request(): unknown {
  const plan = JSON.parse(generatePlanJson(Number(count)));
  if (name.endsWith('+template')) {
    plan.planBlueprint.definition.plugins = [
      {
        code: transformerId,
        type: 0,
        fields: [{ code: 'plan-template', textValue: null, file: { filename: 'funder-layout.zip', fileRef: null, mimeType: 'application/zip', file: Buffer.from(defaultLayoutAsBundle()).toString('base64') } }],
      },
    ];
  }
  return plan;
}

async function main() {
  const format = name.split('+')[0];
  const exporter = ALL_EXPORTERS.find((e) => e.format === format)!;
  const body = request();
  const once = async () => {
    assertValidModel('plan', body);
    return exporter.exportPlan(decodePlan(body), { transformerId });
  };
  await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < Number(runCount); i++) {
    const started = performance.now();
    const result = await once();
    times.push(performance.now() - started);
    bytes = result.bytes.length;
  }
  times.sort((a, b) => a - b);
  const result = {
    medianMs: times[Math.floor(times.length / 2)],
    minMs: times[0],
    maxMs: times.at(-1),
    bytes,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(JSON.stringify(result));
}

void main();
