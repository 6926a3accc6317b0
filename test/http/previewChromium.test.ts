/** How the browser test finds its Chromium, and what it says when there is none. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from '../helpers/chromium';

describe('findChromium', () => {
  let directory: string;
  beforeEach(() => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
  });
  afterEach(() => fs.rmSync(directory, { recursive: true, force: true }));

  const executable = (name: string) => {
    const file = path.join(directory, name);
    fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
    return file;
  };

  it('finds the Debian package’s chromium on PATH, as scripts/setup.sh installs it', () => {
    const file = executable('chromium');
    expect(findChromium({ PATH: ['/nonexistent', directory].join(path.delimiter) })).toBe(file);
  });

  it('takes chromium-browser (Ubuntu’s name) when there is no chromium', () => {
    const file = executable('chromium-browser');
    expect(findChromium({ PATH: directory })).toBe(file);
  });

  it('skips a chromium that is not executable', () => {
    fs.writeFileSync(path.join(directory, 'chromium'), '', { mode: 0o644 });
    expect(() => findChromium({ PATH: directory })).toThrow(/Chromium is not installed/);
  });

  it('says what to install when there is none', () => {
    expect(() => findChromium({ PATH: directory })).toThrow(
      'Chromium is not installed: the preview page test drives a headless Chromium. Install it with `bash scripts/setup.sh` (or `apt-get install chromium`), or set CHROMIUM to the path of a Chromium or Chrome executable.',
    );
  });

  it('uses CHROMIUM when set, and names it when it is not an executable', () => {
    const file = executable('my-chrome');
    expect(findChromium({ PATH: '', CHROMIUM: file })).toBe(file);
    expect(() => findChromium({ PATH: '', CHROMIUM: path.join(directory, 'missing') })).toThrow(
      `CHROMIUM=${path.join(directory, 'missing')} is not an executable file.`,
    );
  });

  it('finds this machine’s Chromium (the browser test needs it)', () => {
    expect(path.basename(findChromium({ PATH: process.env.PATH }))).toMatch(/^chromium(-browser)?$/);
  });
});
