/**
 * `npm ci` refuses a lock that lacks any platform's optional binary (e.g. @swc/core-darwin-arm64),
 * which breaks the Docker build and every fresh clone. npm drops such entries silently when the
 * registry has no binary for some platform at the resolved version, so this guards the lock.
 */
import fs from 'node:fs';
import path from 'node:path';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where Node (and npm) would find `name` from the package installed at `from`. */
function resolveInLock(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent === -1 ? '' : dir.slice(0, parent);
  }
}

describe('package-lock.json', () => {
  it('is a lockfile v3 that npm ci reads', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it("carries every platform's optional package, so `npm ci` works on any machine", () => {
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveInLock(location, name)) missing.push(`${location || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
