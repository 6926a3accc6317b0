/**
 * Takes docs/images/studio.png, the template studio as docs/designers/studio.md shows it: a copy of
 * the built-in layout with one misspelt path, the full sample plan as PDF, the data tree searched
 * for "title". Run it when the studio's look changes, and look at the picture before committing:
 *   npx tsx scripts/studio-screenshot.ts [out.png]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { initTemplate } from '../src/cli/commands/scaffold';
import { startStudio } from '../src/cli/studio/server';
import { findChromium } from '../test/helpers/chromium';

const OUT = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'docs', 'images', 'studio.png'));

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-screenshot-'));
  const template = path.join(work, 'funder-template');
  initTemplate(template, 'Funder DMP');
  const cover = path.join(template, 'partials', 'cover.hbs');
  const planTitle = '<p class="title">{{plan.title}}</p>';
  const coverText = fs.readFileSync(cover, 'utf8');
  if (!coverText.includes(planTitle))
    throw new Error(`${planTitle} is not in the built-in cover: change the misspelling`);
  fs.writeFileSync(cover, coverText.replace(planTitle, '<p class="title">{{plan.titel}}</p>'));
  const studio = await startStudio({ template, plans: [], port: 0, cwd: work });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${studio.url}?plan=sample:plan-full.json&format=html`);
    await page.frameLocator('#html-view').getByText('Contents').first().waitFor({ timeout: 60_000 });
    await page.locator('#plan-warnings summary').click();
    await page.fill('#data-search', 'title');
    await page.waitForTimeout(500);
    await page.screenshot({ path: OUT });
    console.log(`Wrote ${OUT}`);
  } finally {
    await browser.close();
    await studio.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

void main();
