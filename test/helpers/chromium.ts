/**
 * The Chromium the browser tests drive: Debian's `chromium` package, which `scripts/setup.sh`
 * installs (as /usr/bin/chromium), found on PATH; `CHROMIUM=/path/to/chrome` points elsewhere.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a profile of its own, its first page, and what it logs about the Content-Security-Policy. */
export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  policyViolations: string[];
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

export async function openBrowser(name: string, options: { acceptDownloads?: boolean } = {}): Promise<TestBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-chromium-`));
  // A persistent context is how playwright takes a --user-data-dir of our choosing.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const policyViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  return {
    context,
    page,
    policyViolations,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
