/**
 * The layer rule (docs/development/architecture.md) holds, and `npm run lint` would stop a change
 * that breaks it: dependency-cruiser is run on a copy of src/ as it is, then with one import up
 * the pipeline, one between two formats and one cycle added. And no two rooms of the house import
 * each other, even without a cycle between files.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
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

/**
 * A room of the house: a top-level folder of src/, or its second level where that folder holds
 * subfolders (`formats/pdf`, `cli/studio`); files directly in src/ are rooms of their own.
 */
function roomOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'src') return undefined;
  if (parts.length === 2) return parts[1];
  const top = parts[1];
  const hasSubfolders = readdirSync(path.join(ROOT, 'src', top), { withFileTypes: true }).some((e) => e.isDirectory());
  return hasSubfolders && parts.length > 3 ? `${top}/${parts[2]}` : top;
}

/** Groups of rooms that reach each other through their imports (Tarjan's strongly connected components). */
function roomCycles(imports: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (room: string): void => {
    index.set(room, index.size);
    low.set(room, index.get(room)!);
    stack.push(room);
    for (const next of imports.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(room, Math.min(low.get(room)!, index.get(next)!));
    }
    if (low.get(room) === index.get(room)) {
      const group = stack.splice(stack.indexOf(room));
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const room of imports.keys()) if (!index.has(room)) visit(room);
  return cycles;
}

describe('the rooms of the house', () => {
  it('import each other in one direction only: no two rooms reach each other', async () => {
    const { stdout } = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/.bin/depcruise'), 'src', '--output-type', 'json'],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
    );
    const modules = (JSON.parse(stdout) as { modules: { source: string; dependencies: { resolved: string }[] }[] })
      .modules;
    const imports = new Map<string, Set<string>>();
    for (const module of modules) {
      const room = roomOf(module.source);
      if (!room) continue;
      const targets = imports.get(room) ?? imports.set(room, new Set()).get(room)!;
      for (const dependency of module.dependencies) {
        const target = roomOf(dependency.resolved);
        if (target && target !== room) targets.add(target);
      }
    }
    expect(imports.size).toBeGreaterThan(20);
    expect(imports.get('formats/pdf')).toContain('document');
    expect(roomCycles(imports)).toEqual([]);
  }, 30_000);

  it('would name rooms that reach each other', () => {
    const imports = new Map([
      ['cli', new Set(['cli/studio', 'pipeline'])],
      ['cli/studio', new Set(['cli'])],
      ['pipeline', new Set(['document'])],
      ['document', new Set<string>()],
    ]);
    expect(roomCycles(imports)).toEqual([['cli', 'cli/studio']]);
  });
});
