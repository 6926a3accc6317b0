/**
 * The commands the docs show, run as they are written: the README's quick start
 * (`bash scripts/start.sh`, then its try-out block against the service it starts), the designers'
 * blocks (the worked example, `init` and `check`, the preview endpoint) and the container page's
 * build-and-run block (with stand-ins for docker and podman). A block is tested when a
 * `<!-- tested: ... -->` line stands before it. They run in a sandbox laid out like a checkout
 * (the repository's files linked in, `dist/` built there by the quick start), so what the commands
 * write stays out of the repository.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');
const TESTED_BLOCK = /<!-- tested: [^>]*-->\n\n```sh\n([\s\S]*?)```/g;
const DOCS_WITH_TESTED_BLOCKS = [
  'README.md',
  'docs/designers/preview.md',
  'docs/designers/worked-example.md',
  'docs/operators/container.md',
];

function read(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

function testedBlocks(file: string): string[] {
  return [...read(file).matchAll(TESTED_BLOCK)].map((m) => m[1]);
}

function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(dir, name));
}

/**
 * A directory that looks like a checkout: every entry of the repository linked, but its own
 * package.json and lock (dated like the installed node_modules, so setup.sh finds the install
 * current and never reinstalls the shared node_modules), and no dist/ or .tools/ of its own yet.
 */
function makeSandbox(): string {
  const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-commands-'));
  const installed = path.join(ROOT, 'node_modules/.package-lock.json');
  if (!fs.existsSync(installed)) throw new Error('node_modules is not installed: run `bash scripts/setup.sh`');
  const installedAt = fs.statSync(installed).mtime;
  for (const entry of fs.readdirSync(ROOT)) {
    if (['.git', 'dist', '.tools', 'coverage', 'reports'].includes(entry)) continue;
    if (entry === 'package.json' || entry === 'package-lock.json') {
      fs.copyFileSync(path.join(ROOT, entry), path.join(sandbox, entry));
      fs.utimesSync(path.join(sandbox, entry), installedAt, new Date(installedAt.getTime() - 1000));
    } else {
      fs.symlinkSync(path.join(ROOT, entry), path.join(sandbox, entry));
    }
  }
  return sandbox;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs a block of shell commands as a reader would paste them, stopping at the first failure. */
function runBlock(block: string, cwd: string, env: Record<string, string> = {}): string {
  return execFileSync('bash', ['-euo', 'pipefail', '-c', block], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 180_000,
  });
}

const onPort = (block: string, port: number) => block.replaceAll('localhost:8080', `localhost:${port}`);

const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

it('every tested block in the README and docs/ is one this file runs', () => {
  const files = ['README.md', ...markdownFiles('docs')].filter((file) => testedBlocks(file).length > 0);
  expect(files.sort()).toEqual([...DOCS_WITH_TESTED_BLOCKS].sort());
});

it("the worked example's code blocks are the files of docs/designers/funder-template", () => {
  const page = read('docs/designers/worked-example.md');
  const folder = 'docs/designers/funder-template';
  const files = fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => fs.statSync(path.join(ROOT, folder, name)).isFile() && !name.startsWith('assets/'));
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const file of files) {
    const shown = new RegExp(
      `^\`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\`\n\n\`\`\`\\w+\n([\\s\\S]*?)\`\`\``,
      'm',
    ).exec(page);
    expect({ file, shown: shown?.[1] }).toEqual({ file, shown: read(path.join(folder, file)) });
  }
  expect(page).toContain('`assets/logo.png`');
  expect(fs.existsSync(path.join(ROOT, folder, 'assets/logo.png'))).toBe(true);
});

describe('the commands the docs show, in a fresh checkout', () => {
  let sandbox: string;
  let service: ChildProcess | undefined;
  let port: number;
  let serviceLog = '';

  beforeAll(async () => {
    sandbox = makeSandbox();
    port = await freePort();
  });

  afterAll(async () => {
    if (service?.pid && service.exitCode === null) {
      const exited = new Promise((resolve) => service!.once('exit', resolve));
      process.kill(-service.pid, 'SIGTERM');
      await exited;
    }
    fs.rmSync(sandbox, { recursive: true, force: true });
  });

  it("README: `bash scripts/start.sh` serves, and the try-out block's requests answer a PDF", async () => {
    const quickStart = /## Quick start[\s\S]*?```sh\n([\s\S]*?)```/.exec(read('README.md'))![1];
    const startCommand = quickStart.split('\n')[0].replace(/\s*#.*$/, '');
    expect(startCommand).toBe('bash scripts/start.sh');
    service = spawn('bash', ['-c', startCommand], {
      cwd: sandbox,
      detached: true,
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`, PORT: String(port) },
    });
    service.stdout!.on('data', (chunk: Buffer) => (serviceLog += chunk.toString()));
    service.stderr!.on('data', (chunk: Buffer) => (serviceLog += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => service!.once('exit', resolve));
    const ready = (async () => {
      for (;;) {
        const answer = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
        if (answer?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await Promise.race([
      ready,
      exited.then((code) => Promise.reject(new Error(`start.sh exited ${code}: ${serviceLog}`))),
    ]);
    expect(serviceLog).toContain('running in development mode');

    const [tryOut] = testedBlocks('README.md');
    const output = runBlock(onPort(tryOut, port), sandbox);
    const formats = JSON.parse(output) as { fileTransformerId: string; exportVariants: { format: string }[] };
    expect(formats.exportVariants.map((v) => v.format)).toEqual(['docx', 'pdf', 'json']);
    const pdf = path.join(sandbox, 'plan.pdf');
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('qpdf', ['--check', pdf], { stdio: 'ignore' });
    const expected = JSON.parse(read('fixtures/plan-full.expect.json')) as { visible: string[] };
    expect(pdfText(pdf).replace(/\s+/g, ' ')).toContain(expected.visible[0].replace(/\s+/g, ' '));
  });

  it('the worked example: sample plans, check, render and zip, as the page shows them', () => {
    const [workedExample, ownTemplate] = testedBlocks('docs/designers/worked-example.md');
    const output = runBlock(workedExample, sandbox);
    expect(output).toContain('0 errors, 0 warnings');
    const text = pdfText(path.join(sandbox, 'preview.pdf'));
    expect(text).toContain('Funder DMP');
    expect(text).toContain('Q: Dataset title');
    const zipped = execFileSync('unzip', ['-Z1', path.join(sandbox, 'funder-template.zip')], { encoding: 'utf8' });
    expect(zipped.split('\n')).toEqual(
      expect.arrayContaining(['template.json', 'partials/cover.hbs', 'partials/question.hbs', 'assets/logo.png']),
    );

    expect(runBlock(ownTemplate, sandbox)).toContain('my-template: 0 errors, 0 warnings');
    expect(fs.existsSync(path.join(sandbox, 'my-template/template.json'))).toBe(true);
  });

  it('the preview endpoint renders the worked example for the running service', () => {
    const [preview] = testedBlocks('docs/designers/preview.md');
    fs.rmSync(path.join(sandbox, 'preview.pdf'), { force: true });
    runBlock(onPort(preview, port), sandbox, { TOKEN: '' });
    expect(pdfText(path.join(sandbox, 'preview.pdf'))).toContain('Funder DMP');
  });

  it('the container page: the image it builds is the one scripts/run-image.sh runs', () => {
    const bin = path.join(sandbox, 'stand-ins');
    fs.mkdirSync(bin);
    for (const engine of ['docker', 'podman']) {
      fs.writeFileSync(path.join(bin, engine), `#!/bin/sh\necho ${engine} "$@" >> "${bin}/calls"\n`, { mode: 0o755 });
    }
    const [buildAndRun] = testedBlocks('docs/operators/container.md');
    runBlock(buildAndRun, sandbox, { PATH: `${bin}:${path.dirname(process.execPath)}:${process.env.PATH}` });
    const [build, run] = fs.readFileSync(path.join(bin, 'calls'), 'utf8').trim().split('\n');
    const builtTag = /-t (\S+)/.exec(build)![1];
    expect(run.split(' ').at(-1)).toBe(builtTag);
    expect(run).toContain('--read-only');
    expect(run).toContain('-e AUTH_ISSUER=https://keycloak.example.org/realms/opencdmp');
  });
});
