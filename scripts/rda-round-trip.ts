/**
 * Prints the round-trip figure per producer-shaped file (test/formats/rda/producers/): its standard
 * leaves, the share an import -> export keeps as they were, the leaves that come back normalised
 * (with the reason) and those lost. `npm run rda:round-trip`.
 */
import { readdirSync } from 'node:fs';
import { compareLeaves, NORMALISATIONS, type Normalisation } from '../test/builders/rdaLeaves';
import { importThenExport, IMPORTING_USER, producerFile, PRODUCERS_DIR } from '../test/builders/rdaRoundTrip';

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1).padStart(5)} %`;

async function main(): Promise<void> {
  let total = 0;
  let kept = 0;
  const normalised = new Map<Normalisation, number>();
  const lost: string[] = [];
  for (const name of readdirSync(PRODUCERS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const input = producerFile(name);
    const { exported } = await importThenExport(input, { importingUser: IMPORTING_USER });
    const comparison = compareLeaves(input, exported);
    total += comparison.total;
    kept += comparison.kept.length;
    for (const { reason } of comparison.normalised) normalised.set(reason, (normalised.get(reason) ?? 0) + 1);
    lost.push(...comparison.lost.map((leaf) => `${name}: ${leaf}`));
    console.log(
      `${name.padEnd(26)} ${String(comparison.total).padStart(4)} leaves  ${percent(comparison.kept.length, comparison.total)} kept` +
        `  ${String(comparison.normalised.length).padStart(2)} normalised  ${String(comparison.lost.length).padStart(2)} lost`,
    );
  }
  const normalisedCount = [...normalised.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${'all files'.padEnd(26)} ${String(total).padStart(4)} leaves  ${percent(kept, total)} kept` +
      `  ${String(normalisedCount).padStart(2)} normalised  ${String(lost.length).padStart(2)} lost` +
      `  (kept or normalised: ${percent(kept + normalisedCount, total).trim()})`,
  );
  console.log('\nNormalised, by reason:');
  for (const [reason, count] of normalised)
    console.log(`  ${String(count).padStart(3)}  ${reason}: ${NORMALISATIONS[reason]}`);
  console.log(lost.length > 0 ? `\nLost:\n${lost.map((l) => `  ${l}`).join('\n')}` : '\nLost: none');
}

void main();
