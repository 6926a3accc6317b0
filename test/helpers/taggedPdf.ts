/**
 * Readers of tagged PDF for the tests: poppler's structure tree with its text (`pdfinfo
 * -struct-text`), pdf.js's structure tree as Firefox hands it to assistive technology
 * (`getStructTree()`, through unpdf), and the raw-object checker test/helpers/check_tagged_pdf.py
 * (pikepdf, Debian python3-pikepdf).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's python3 has python3-pikepdf; a python3 earlier on PATH (pyenv) may not. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const CHECKER = join(__dirname, 'check_tagged_pdf.py');

export type PdfProfileName = 'standard' | 'accessible' | 'archival' | 'archival-with-data';

export interface ConditionResult {
  ok: boolean;
  checked: number;
  problems: string[];
}

export interface CheckerResult {
  file: string;
  conditions: Record<string, ConditionResult>;
  /** How many elements of each structure type. */
  roles: Record<string, number>;
  /** /ActualText of every element that has one, in logical order. */
  actualTexts: string[];
  /** /Alt of every Figure, in logical order. */
  alts: string[];
}

async function withFiles<T>(files: Uint8Array[], use: (paths: string[]) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'tagged-pdf-'));
  try {
    const paths = await Promise.all(
      files.map(async (bytes, index) => {
        const path = join(dir, `document-${index}.pdf`);
        await writeFile(path, bytes);
        return path;
      }),
    );
    return await use(paths);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs the raw-object checker on PDFs of one profile (one python process for all). */
export async function checkTaggedPdfs(profile: PdfProfileName, files: Uint8Array[]): Promise<CheckerResult[]> {
  return withFiles(files, async (paths) => {
    const { stdout } = await run(PYTHON, ['-W', 'ignore', CHECKER, profile, ...paths], { maxBuffer: 64 * 1024 * 1024 });
    return stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as CheckerResult);
  });
}

/** The conditions a result fails, with their problems, for readable assertion messages. */
export const failedConditions = (result: CheckerResult): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(result.conditions).flatMap(([name, condition]) =>
      condition.ok ? [] : [[name, condition.problems]],
    ),
  );

/** `pdfinfo -struct-text`: the structure tree, one element or text per line, indented by depth. */
export async function structText(bytes: Uint8Array): Promise<string> {
  return withFiles(
    [bytes],
    async ([path]) => (await run('pdfinfo', ['-struct-text', path], { maxBuffer: 64 * 1024 * 1024 })).stdout,
  );
}

export interface StructNode {
  role?: string;
  alt?: string;
  lang?: string;
  children?: StructNode[];
  type?: string;
  id?: string;
}

/** pdf.js's structure tree of each page, and the text of each marked-content id on it. */
export async function pdfjsStructure(bytes: Uint8Array): Promise<{ trees: StructNode[]; text: Map<string, string> }> {
  return withFiles([bytes], async ([path]) => {
    const { stdout } = await run(process.execPath, [join(__dirname, 'pdfjs_structure.mjs'), path], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const result = JSON.parse(stdout) as { trees: StructNode[]; text: Record<string, string> };
    return { trees: result.trees.filter(Boolean), text: new Map(Object.entries(result.text)) };
  });
}

/** Every element of pdf.js's trees, depth first (logical order). */
export function structElements(nodes: StructNode[]): StructNode[] {
  const out: StructNode[] = [];
  const visit = (node: StructNode): void => {
    if (node.role) out.push(node);
    for (const child of node.children ?? []) visit(child);
  };
  nodes.forEach(visit);
  return out;
}
