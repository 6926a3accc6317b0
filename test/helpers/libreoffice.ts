/**
 * LibreOffice for tests: "does the file open and render" checks (read the PDF with ./pdf.ts). Each
 * conversion gets its own LibreOffice profile (two conversions sharing one block each other) and a
 * deadline; on timeout the whole process group is killed, since soffice forks soffice.bin.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';

function run(command: string, args: string[], timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      reject(new Error(`${command} did not finish within ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${command} exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * Converts a file with LibreOffice headless (`format`: "pdf", "docx", "odt", or a filter such as
 * "pdf:writer_pdf_Export"). Resolves to the path of the converted file, written next to the input.
 */
export async function convertWithLibreOffice(path: string, format: string, timeoutMs = 60_000): Promise<string> {
  const [output] = await convertAllWithLibreOffice([path], format, timeoutMs);
  return output;
}

/**
 * Converts files of one folder in one LibreOffice run (starting LibreOffice is most of the time a
 * conversion takes). Resolves to the paths of the converted files, in the order given.
 */
export async function convertAllWithLibreOffice(
  paths: string[],
  format: string,
  timeoutMs = 60_000,
): Promise<string[]> {
  const outdir = dirname(paths[0]);
  const profile = await mkdtemp(join(tmpdir(), 'lo-'));
  try {
    const { stderr } = await run(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--norestore',
        '--convert-to',
        format,
        '--outdir',
        outdir,
        ...paths,
      ],
      timeoutMs,
    );
    return paths.map((path) => {
      const output = join(outdir, `${basename(path, extname(path))}.${format.split(':')[0]}`);
      if (!existsSync(output)) throw new Error(`LibreOffice wrote no ${format} for ${path}: ${stderr}`);
      return output;
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
