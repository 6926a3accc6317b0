/**
 * The Chromium the browser tests drive: Debian's `chromium` package, which `scripts/setup.sh`
 * installs (as /usr/bin/chromium), found on PATH; `CHROMIUM=/path/to/chrome` points elsewhere.
 */
import fs from 'node:fs';
import path from 'node:path';

const NAMES = ['chromium', 'chromium-browser'];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM) {
    if (isExecutable(env.CHROMIUM)) return env.CHROMIUM;
    throw new Error(`CHROMIUM=${env.CHROMIUM} is not an executable file.`);
  }
  const directories = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of NAMES) {
    for (const directory of directories) {
      const candidate = path.join(directory, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  throw new Error(
    'Chromium is not installed: the preview page test drives a headless Chromium. Install it with `bash scripts/setup.sh` ' +
      '(or `apt-get install chromium`), or set CHROMIUM to the path of a Chromium or Chrome executable.',
  );
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
