/**
 * One image tag everywhere, the version in package.json, and one way to run the image: what
 * scripts/run-image.sh hands docker or podman is what docs/operators/container.md shows.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './manifests';

const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name));
}

/** `docker`/`podman` stand-in that prints the arguments it was given, one per line. */
function runImageArguments(args: string[], env: Record<string, string> = {}): string[] {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-'));
  try {
    for (const engine of ['docker', 'podman']) {
      fs.writeFileSync(path.join(bin, engine), `#!/bin/sh\necho ${engine}\nprintf '%s\\n' "$@"\n`, { mode: 0o755 });
    }
    const output = execFileSync('bash', [path.join(ROOT, 'scripts/run-image.sh'), ...args], {
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env.PATH}`, ...env },
    });
    return output.trim().split('\n');
  } finally {
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

describe('the image tag', () => {
  const mentions = [
    'README.md',
    'Dockerfile',
    ...filesUnder('docs', /\.md$/),
    ...filesUnder('deploy', /\.ya?ml$/),
    ...filesUnder('scripts', /\.sh$/),
  ].flatMap((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    const tags = [...text.matchAll(/dmp-file-transformer:(\d+\.[\w.-]*)|newTag: "?([\w.-]+)"?/g)];
    return tags.map((m) => ({ file, tag: m[1] ?? m[2] }));
  });

  it('is the version in package.json wherever a file names it', () => {
    expect(mentions.filter((m) => m.tag !== VERSION)).toEqual([]);
  });

  it('is named by the Kubernetes base and overlay, both Compose files and the container page', () => {
    const files = new Set(mentions.map((m) => m.file));
    for (const file of [
      'deploy/base/deployment.yaml',
      'deploy/overlays/production/kustomization.yaml',
      'deploy/compose/compose.yml',
      'deploy/compose/dmp-file-transformer.override.yml',
      'docs/operators/container.md',
    ]) {
      expect(files).toContain(file);
    }
  });
});

describe('scripts/run-image.sh', () => {
  it('runs the image of this version as production does, with podman when it is there', () => {
    const args = runImageArguments(['-e', 'AUTH_DISABLED=true']);
    expect(args[0]).toBe('podman');
    expect(args.slice(1, 2)).toEqual(['run']);
    expect(args.at(-1)).toBe(`dmp-file-transformer:${VERSION}`);
    expect(args.join(' ')).toContain('--read-only --tmpfs /tmp:rw,size=256m --user 1000:1000');
    expect(args.join(' ')).toContain('--ulimit nofile=16384:16384');
    expect(args.join(' ')).toContain('--publish 127.0.0.1:8080:8080 -e AUTH_DISABLED=true');
  });

  it('takes the engine, another image and no published port when asked', () => {
    const args = runImageArguments(['docker', '--network', 'host'], { PUBLISH: '', IMAGE: 'registry.example.org/x:1' });
    expect(args[0]).toBe('docker');
    expect(args).not.toContain('--publish');
    expect(args.slice(-3)).toEqual(['--network', 'host', 'registry.example.org/x:1']);
  });

  it('passes exactly the flags docs/operators/container.md shows for running without it', () => {
    const page = fs.readFileSync(path.join(ROOT, 'docs/operators/container.md'), 'utf8');
    const block = /these are the flags:\n\n```sh\n([\s\S]*?)```/.exec(page)![1];
    const documented = block
      .replace(/\\\n/g, ' ')
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '-e' && !word.startsWith('AUTH_ISSUER='));
    const script = runImageArguments(['docker']);
    expect(documented).toEqual(script);
  });
});
