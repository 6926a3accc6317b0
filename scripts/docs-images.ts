/**
 * `npx tsx scripts/docs-images.ts`: draws docs/images/funder-template.png, the picture of the
 * worked example (docs/designers/worked-example.md): plan-full rendered with
 * docs/designers/funder-template, its cover and first description page side by side, at 50 dpi
 * (poppler's pdftoppm). Run it when the template or the PDF writer changes what that page shows,
 * look at the image, and commit it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';

const ROOT = path.resolve(__dirname, '..');
const PAGES = [1, 4];
const GAP = 12;
const GREY = 0xcc;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-images-'));
try {
  const pdf = path.join(work, 'funder.pdf');
  execFileSync(
    process.execPath,
    [
      '--require',
      'tsx/cjs',
      'src/cli/dmp-transform.ts',
      'render',
      'fixtures/plan-full.json',
      '--template',
      'docs/designers/funder-template',
      '--out',
      pdf,
    ],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'ignore'] },
  );
  const pages = PAGES.map((page) => {
    const prefix = path.join(work, `page-${page}`);
    execFileSync('pdftoppm', ['-r', '50', '-f', String(page), '-l', String(page), '-png', '-singlefile', pdf, prefix]);
    return PNG.sync.read(fs.readFileSync(`${prefix}.png`));
  });
  const width = pages.reduce((sum, page) => sum + page.width, 0) + GAP * (pages.length - 1) + 2;
  const height = Math.max(...pages.map((page) => page.height)) + 2;
  const picture = new PNG({ width, height });
  picture.data.fill(GREY);
  let left = 1;
  for (const page of pages) {
    PNG.bitblt(page, picture, 0, 0, page.width, page.height, left, 1);
    left += page.width + GAP;
  }
  for (let alpha = 3; alpha < picture.data.length; alpha += 4) picture.data[alpha] = 255;
  const out = path.join(ROOT, 'docs/images/funder-template.png');
  fs.writeFileSync(out, PNG.sync.write(picture));
  console.log(`Wrote ${path.relative(ROOT, out)} (${width} x ${height})`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
