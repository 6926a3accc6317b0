/**
 * Prints a SHA-256 per fixture output (every fixture x every format x the profiles and templates
 * that change the bytes), with the clock fixed so the bytes depend on the code alone. Run it before
 * and after a refactoring that must not change any output (ids of imported entities counted, not
 * random), and diff the two listings:
 *   npx tsx scripts/fixture-digests.ts > before.txt ... npx tsx scripts/fixture-digests.ts > after.txt
 * With `--out DIR` it also writes the files, to look at the ones that differ.
 */
import crypto, { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decodeDescription, decodePlan } from '../src/contract/decode';
import { ALL_EXPORTERS, ALL_IMPORTERS } from '../src/service/formats';
import { javaStyleShell } from '../test/builders/javaStyleShell';

const FIXED = Date.UTC(2026, 0, 2, 3, 4, 5);
const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(FIXED);
    else super(...(args as [string]));
  }
  static override now() {
    return FIXED;
  }
}
globalThis.Date = FixedDate as DateConstructor;
// Exports and imports read the clock when they run, not when loaded. Imports give new entities random ids: count instead, so two runs give the same bytes.
let ids = 0;
crypto.randomUUID = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

async function main() {
  const out = process.argv.includes('--out') ? process.argv[process.argv.indexOf('--out') + 1] : null;
  const root = path.resolve(__dirname, '..', 'fixtures');
  const files = [
    'plan-full.json',
    'description-full.json',
    'plan-minimal.json',
    ...fs
      .readdirSync(path.join(root, 'typography'))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => `typography/${f}`),
    'raid/plan-raid.json',
  ];
  const shell = Buffer.from(await javaStyleShell("'{OPENCDMP.PLAN.FORM}'")).toString('base64');
  const variants: {
    name: string;
    formats: string[];
    fields: { code: string; textValue: string | null; file: unknown }[];
    /** Only for these fixtures (all when absent). */
    only?: (file: string) => boolean;
  }[] = [
    // RAiD needs a plan with raid.* semantics or an ORCID (the other fixtures get a 422): its own variant.
    { name: 'default', formats: ALL_EXPORTERS.map((e) => e.format).filter((f) => f !== 'raid'), fields: [] },
    { name: 'raid', formats: ['raid'], fields: [], only: (file) => file.startsWith('raid/') },
    ...['accessible', 'archival', 'archival-with-data'].map((profile) => ({
      name: profile,
      formats: ['pdf'],
      fields: [{ code: 'pdf-profile', textValue: profile, file: null }],
    })),
    {
      name: 'shell',
      formats: ['docx', 'pdf'],
      fields: [
        {
          code: 'plan-template',
          textValue: null,
          file: {
            filename: 'plan.docx',
            fileRef: null,
            mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            file: shell,
          },
        },
      ],
    },
  ];
  const context = { transformerId: 'dmp-file-transformer' };
  for (const file of files) {
    for (const variant of variants) {
      if (variant.only && !variant.only(file)) continue;
      const raw = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
      const isDescription = 'descriptionTemplate' in raw;
      if (variant.fields.length > 0) {
        if (isDescription) continue;
        raw.planBlueprint.definition.plugins = [{ code: 'dmp-file-transformer', type: 0, fields: variant.fields }];
      }
      for (const format of variant.formats) {
        const exporter = ALL_EXPORTERS.find((e) => e.format === format)!;
        const result = isDescription
          ? await exporter.exportDescription(decodeDescription(raw), context)
          : await exporter.exportPlan(decodePlan(raw), context);
        const name = `${file.replace(/\.json$/, '').replace(/\//g, '-')}.${variant.name}.${exporter.extension}`;
        console.log(`${createHash('sha256').update(result.bytes).digest('hex')}  ${name}`);
        if (out) {
          fs.mkdirSync(out, { recursive: true });
          fs.writeFileSync(path.join(out, name), result.bytes);
        }
      }
    }
  }
  // Imports: every producer-shaped RDA file into plan-full's blueprint and first description template.
  const planFull = JSON.parse(fs.readFileSync(path.join(root, 'plan-full.json'), 'utf8'));
  const producers = path.resolve(__dirname, '..', 'test', 'formats', 'rda', 'producers');
  for (const importer of ALL_IMPORTERS.filter((i) => i.format === 'json')) {
    for (const name of fs
      .readdirSync(producers)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const bytes = fs.readFileSync(path.join(producers, name));
      const file = { filename: name, fileRef: null, mimeType: 'application/json', file: bytes.toString('base64') };
      const preprocessed = await importer.preprocessPlan(file);
      const first = planFull.descriptions[0];
      const descriptions = preprocessed.preprocessingDescriptionModels.map(({ id }) => ({
        id,
        sectionId: first.sectionId,
        descriptionTemplate: first.descriptionTemplate,
        file: null,
      }));
      const imported = await importer.importPlan(
        { blueprintModel: planFull.planBlueprint, descriptions, file },
        context,
      );
      const text = JSON.stringify({ preprocessed, imported });
      console.log(`${createHash('sha256').update(text).digest('hex')}  import-${importer.format}-${name}`);
      if (out) fs.writeFileSync(path.join(out, `import-${importer.format}-${name}`), text);
    }
  }
  // RAiD: the RAiD API record into the RAiD fixture's blueprint.
  const raidImporter = ALL_IMPORTERS.find((i) => i.format === 'raid')!;
  const raidPlan = JSON.parse(fs.readFileSync(path.join(root, 'raid', 'plan-raid.json'), 'utf8'));
  const record = fs.readFileSync(path.join(root, 'raid', 'raid-record.json'));
  const file = {
    filename: 'raid-record.json',
    fileRef: null,
    mimeType: 'application/json',
    file: record.toString('base64'),
  };
  const preprocessed = await raidImporter.preprocessPlan(file);
  const imported = await raidImporter.importPlan(
    { blueprintModel: raidPlan.planBlueprint, descriptions: [], file },
    context,
  );
  const text = JSON.stringify({ preprocessed, imported });
  console.log(`${createHash('sha256').update(text).digest('hex')}  import-raid-raid-record.json`);
  if (out) fs.writeFileSync(path.join(out, 'import-raid-raid-record.json'), text);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
