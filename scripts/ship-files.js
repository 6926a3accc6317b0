#!/usr/bin/env node
/**
 * Copies what the built service needs at run time into one folder, for the image's app layer:
 * dist/, the files of npm packages that dist/ actually loads (traced with @vercel/nft), the font
 * files the PDF writer can use (FONT_FILES: fonts.ts resolves them by computed names, which no
 * tracer sees), and the licence file of every package shipped. Everything else in node_modules
 * (other weights of the Noto fonts, browser bundles, ESM twins, type declarations, dev dependencies)
 * stays behind.
 *
 * Usage (after `npm run build`): node scripts/ship-files.js <out-dir>
 * Files of dev-only packages are left out and named: the tracer also follows optional requires
 * wrapped in try/catch (debug -> supports-color), which a production install does not have either.
 * The image's smoke test (npm run test:image) proves nothing the service needs is missing.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { nodeFileTrace } = require('@vercel/nft');

const ROOT = path.resolve(__dirname, '..');
/** Shipped whole by the Dockerfile (read by path at run time). */
const COPIED_WHOLE = ['schemas/', 'templates/', 'fixtures/', 'package.json'];

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** "node_modules/a/node_modules/@b/c/x.js" -> "node_modules/a/node_modules/@b/c". */
function packageDir(file) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
  return match ? match[1] : undefined;
}

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node scripts/ship-files.js <out-dir>');
  const distFiles = walk(path.join(ROOT, 'dist')).filter((f) => f.endsWith('.js'));
  if (distFiles.length === 0) throw new Error('dist/ is empty: run `npm run build` first');

  const { fileList, warnings } = await nodeFileTrace(distFiles, { base: ROOT, processCwd: ROOT });
  for (const warning of warnings) {
    // Optional requires that are absent on purpose are reported as warnings; only say so.
    if (process.env.SHIP_FILES_VERBOSE) console.warn(`ship-files: ${warning.message}`);
  }
  const files = new Set([...fileList].filter((f) => !f.endsWith('.map') && !COPIED_WHOLE.some((p) => f.startsWith(p))));
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const devOnly = new Set([...files].map(packageDir).filter((dir) => dir && lock.packages[dir]?.dev));
  for (const file of files) if (devOnly.has(packageDir(file))) files.delete(file);
  if (devOnly.size > 0)
    console.log(`ship-files: left out dev-only packages reached by optional requires: ${[...devOnly].join(', ')}`);

  const { ALLOWED_FONT_PATHS } = require(path.join(ROOT, 'dist/formats/pdf/fonts.js'));
  for (const font of ALLOWED_FONT_PATHS) files.add(path.relative(ROOT, font));

  const packages = new Set([...files].map(packageDir).filter(Boolean));
  for (const dir of packages) {
    for (const name of fs.readdirSync(path.join(ROOT, dir))) {
      if (/^(licen[cs]e|copying|notice)/i.test(name)) files.add(`${dir}/${name}`);
    }
    files.add(`${dir}/package.json`);
  }

  let bytes = 0;
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.statSync(from).isFile()) continue;
    const to = path.join(out, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    bytes += fs.statSync(from).size;
  }
  console.log(
    `ship-files: ${files.size} files from ${packages.size} packages and dist/, ${(bytes / 1e6).toFixed(1)} MB -> ${out}`,
  );
}

main().catch((error) => {
  console.error(`ship-files: ${error.message}`);
  process.exit(1);
});
