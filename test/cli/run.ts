/** Runs the real dmp-transform CLI (TypeScript source through tsx), as a designer would. */
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';

const TSX = require.resolve('tsx/cjs');
export const CLI = path.resolve(__dirname, '../../src/cli/dmp-transform.ts');
export const PROJECT_ROOT = path.resolve(__dirname, '../..');
export const FIXTURES = path.join(PROJECT_ROOT, 'fixtures');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--require', TSX, CLI, ...args],
      { cwd, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
  });
}

/** A long-running CLI command (watch), with its output collected as it comes. */
export function spawnCli(
  args: string[],
  cwd: string,
): { child: ChildProcessWithoutNullStreams; output: () => { stdout: string; stderr: string } } {
  const child = spawn(process.execPath, ['--require', TSX, CLI, ...args], { cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, output: () => ({ stdout, stderr }) };
}

export const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dmp-transform-test-'));

/** Polls until `check` returns a value, or fails after `timeoutMs` with `what` in the message. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | null | false,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The visible text of a DOCX body (w:t runs), or null while the file is missing or half written. */
export function docxText(file: string): string | null {
  try {
    const xml = new TextDecoder().decode(
      unzipSync(new Uint8Array(fs.readFileSync(file)), { filter: (entry) => entry.name === 'word/document.xml' })[
        'word/document.xml'
      ],
    );
    return [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
  } catch {
    return null;
  }
}

/** Writes a template directory: path inside the template -> text. */
export function writeTemplate(dir: string, files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
