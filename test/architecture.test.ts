/**
 * The layer rule (docs/development/architecture.md) holds, and `npm run lint` would stop a change
 * that breaks it: dependency-cruiser is run on a copy of src/ as it is, then with one import up
 * the pipeline, one between two formats and one cycle added.
 */
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);

async function cruise(copy: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, [path.join(ROOT, 'node_modules/.bin/depcruise'), 'src'], {
      cwd: copy,
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

describe('the layer rule', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(path.join(tmpdir(), 'layers-'));
    for (const entry of ['src', '.dependency-cruiser.cjs', 'tsconfig.json', 'tsconfig.build.json', 'package.json']) {
      await cp(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
    }
    await symlink(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  });
  afterAll(() => rm(copy, { recursive: true, force: true }));

  it('holds for src/ as it is', async () => {
    const { code, output } = await cruise(copy);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  }, 30_000);

  it('fails on an import up the pipeline, between two formats, or round in a cycle, naming the rule', async () => {
    // The document model reaching up into the layouts; DOCX reaching into the PDF writer; a cycle.
    await appendFile(path.join(copy, 'src/document/text.ts'), "\nimport '../templates/labels';\n");
    await appendFile(path.join(copy, 'src/formats/docx/xml.ts'), "\nimport '../pdf/theme';\n");
    await appendFile(path.join(copy, 'src/plan/references.ts'), "\nimport './withhold';\n");
    await appendFile(path.join(copy, 'src/plan/withhold.ts'), "\nimport './references';\n");
    const { code, output } = await cruise(copy);
    expect(code).not.toBe(0);
    expect(output).toContain('no-upward-import-from-document: src/document/text.ts → src/templates/labels.ts');
    expect(output).toContain('no-format-imports-another: src/formats/docx/xml.ts → src/formats/pdf/theme.ts');
    expect(output).toMatch(/no-circular: src\/plan\/(references|withhold)\.ts/);
  }, 30_000);
});
