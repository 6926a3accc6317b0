/**
 * Prints the round-trip figure per producer-shaped file (test/formats/rda/producers/): standard leaves,
 * the share an import -> export keeps, and the leaves it loses. `npm run rda:round-trip`.
 */
import { readdirSync } from 'node:fs';
import {
  importThenExport,
  keptShare,
  producerFile,
  PRODUCERS_DIR,
  standardLeaves,
} from '../test/builders/rdaRoundTrip';

async function main(): Promise<void> {
  let total = 0;
  let kept = 0;
  for (const name of readdirSync(PRODUCERS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const input = producerFile(name);
    const { exported } = await importThenExport(input);
    const before = standardLeaves(input);
    const { share, missing } = keptShare(before, standardLeaves(exported));
    total += before.length;
    kept += before.length - missing.length;
    console.log(
      `${name.padEnd(24)} ${String(before.length).padStart(4)} leaves  ${(share * 100).toFixed(1).padStart(5)} % kept${missing.length ? `  lost: ${missing.join(', ')}` : ''}`,
    );
  }
  console.log(
    `${'all files'.padEnd(24)} ${String(total).padStart(4)} leaves  ${((kept / total) * 100).toFixed(1).padStart(5)} % kept`,
  );
}

void main();
