/**
 * The fixtures every document check looks at, exported through the real exporters (the code a
 * worker runs): the sample plans, and every plan under fixtures/typography/ (discovered, so a new
 * typography fixture is checked as soon as it is added).
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/service/formats';
import { pdfExporter } from '../../src/service/formats';
import { FIXTURES, fixtureJson } from './fixtures';

export type DocumentFormat = 'docx' | 'pdf';

const SAMPLES = ['plan-full.json', 'description-full.json', 'plan-minimal.json'];
const TYPOGRAPHY = 'typography';

/** Fixture files relative to fixtures/: the sample plans, then fixtures/typography/*.json in name order. */
export function documentFixtures(samples: readonly string[] = SAMPLES): string[] {
  const folder = path.join(FIXTURES, TYPOGRAPHY);
  const typography = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.json') && !file.endsWith('.expect.json'))
        .sort()
        .map((file) => `${TYPOGRAPHY}/${file}`)
    : [];
  return [...samples, ...typography];
}

/** A short name for a fixture file: "plan-full", "typography-arabic-english". */
export const fixtureName = (file: string): string => file.replace(/\.json$/, '').replace(/\//g, '-');

/** Exports a fixture (a plan, or a description: it has `descriptionTemplate` at its top level) to DOCX or PDF. */
export async function exportFixture(
  file: string,
  format: DocumentFormat,
  mutate?: (raw: Record<string, unknown>) => void,
): Promise<Uint8Array> {
  const raw = fixtureJson(file);
  mutate?.(raw);
  const exporter = format === 'docx' ? docxExporter : pdfExporter;
  const context = { transformerId: 'dmp-file-transformer' };
  if ('descriptionTemplate' in raw) {
    assertValidModel('description', raw);
    return (await exporter.exportDescription(decodeDescription(raw), context)).bytes;
  }
  assertValidModel('plan', raw);
  return (await exporter.exportPlan(decodePlan(raw), context)).bytes;
}
