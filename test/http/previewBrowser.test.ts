/**
 * The preview page in a real browser (Debian chromium, headless, driven by playwright-core)
 * against the real server: upload a template and a plan, see the PDF; upload a broken template,
 * see the located errors. The page runs under its strict Content-Security-Policy throughout.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../helpers/chromium';
import { fixtureText } from '../builders/fixtures';
import { pdfText } from '../helpers/pdf';
import { BROKEN_TEMPLATE, MARKED_TEMPLATE, startPreviewServer } from '../builders/preview';

jest.setTimeout(180_000);

const WAIT = { timeout: 60_000 };

describe('the preview page in a browser', () => {
  let service: Awaited<ReturnType<typeof startPreviewServer>>;
  let browser: TestBrowser;
  let page: Page;
  /** Console messages the browser logs about the Content-Security-Policy. */
  let policyViolations: string[];

  beforeAll(async () => {
    service = await startPreviewServer();
    browser = await openBrowser('preview', { acceptDownloads: true });
    ({ page, policyViolations } = browser);
    await page.goto(`${service.url}/preview`, WAIT);
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const plan = {
    name: 'plan-minimal.json',
    mimeType: 'application/json',
    buffer: Buffer.from(fixtureText('plan-minimal.json')),
  };

  it('renders an uploaded template and plan and shows the PDF inline', async () => {
    await page.setInputFiles('#template', { name: 'marked.zip', mimeType: 'application/zip', buffer: MARKED_TEMPLATE });
    await page.setInputFiles('#plan', plan);
    await page.selectOption('#format', 'pdf');
    await page.click('#render');

    const viewer = page.locator('#pdf-view');
    await viewer.waitFor({ state: 'visible', ...WAIT });
    const shown = await viewer.getAttribute('src');
    expect(shown).toMatch(/^blob:/);
    expect(await page.locator('#problems').isHidden()).toBe(true);
    // The page count travels with the PDF (X-Page-Count): the page budget at a glance.
    expect(await page.locator('#result-name').textContent()).toMatch(/^Minimal plan\.pdf \(\d+ pages?\)$/);

    // The download link offers the very file the viewer shows: the PDF rendered with the template.
    expect(await page.locator('#download').getAttribute('href')).toBe(shown);
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.click('#download')]);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain('PREVIEW-MARKER Minimal plan');
    expect(policyViolations).toEqual([]);
  });

  it('lists the located errors of a broken template instead of a PDF', async () => {
    await page.setInputFiles('#template', { name: 'broken.zip', mimeType: 'application/zip', buffer: BROKEN_TEMPLATE });
    await page.setInputFiles('#plan', plan);
    await page.click('#render');

    const problems = page.locator('#problem-list li');
    await problems.first().waitFor({ state: 'visible', ...WAIT });
    expect(await problems.allTextContents()).toEqual([
      expect.stringMatching(/^broken\.zip:partials\/question\.hbs:1:6: unknown helper "shout"/),
    ]);
    expect(await page.locator('#problem-summary').textContent()).toContain('cannot be used');
    expect(await page.locator('#pdf-view').isHidden()).toBe(true);
    expect(policyViolations).toEqual([]);
  });
});
