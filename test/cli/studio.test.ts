/**
 * The template studio (`dmp-transform preview`) in a real browser (Debian chromium, headless,
 * driven by playwright-core): a save on disk shows in the open page without a click; the
 * template's problems link to the file and line, the plan's own warnings stand apart; the data
 * tree is searchable; the URL picks plan and format. And the server keeps to itself: 127.0.0.1,
 * its own Host only, only the files it listed.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startStudio, type Studio } from '../../src/cli/studio/server';
import { openBrowser, type TestBrowser } from '../helpers/chromium';
import { FIXTURES, spawnCli, tempDir, waitFor, writeTemplate } from './run';

jest.setTimeout(180_000);

const WAIT = { timeout: 60_000 };

describe('the template studio in a browser', () => {
  let work: string;
  let template: string;
  let studio: Studio;
  let browser: TestBrowser;
  let page: Page;
  let policyViolations: string[];

  beforeAll(async () => {
    work = tempDir();
    template = writeTemplate(path.join(work, 'funder'), {
      'template.json': '{"name":"Funder","version":"1.0.0"}',
      'partials/cover.hbs': '<p class="title">FIRST-COVER {{plan.title}}</p>\n<p>{{plan.titel}}</p>\n{{pageBreak}}\n',
    });
    // The designer's own plan, found in the folder the studio starts from.
    const mine = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'plan-minimal.json'), 'utf8'));
    mine.label = 'My own plan';
    fs.writeFileSync(path.join(work, 'mine.json'), JSON.stringify(mine));
    studio = await startStudio({ template, plans: [], port: 0, cwd: work });
    browser = await openBrowser('studio');
    ({ page, policyViolations } = browser);
  });

  afterAll(async () => {
    await browser?.close();
    await studio?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('shows the HTML, and a saved partial in the open page within 2 s, without a click', async () => {
    await page.goto(`${studio.url}?format=html&plan=mine.json`, WAIT);
    const documentFrame = page.frameLocator('#html-view');
    await documentFrame.getByText('FIRST-COVER My own plan').waitFor(WAIT);

    fs.writeFileSync(
      path.join(template, 'partials', 'cover.hbs'),
      '<p class="title">SAVED-COVER {{plan.title}}</p>\n<p>{{plan.titel}}</p>\n{{pageBreak}}\n',
    );
    const saved = Date.now();
    await documentFrame.getByText('SAVED-COVER My own plan').waitFor({ timeout: 2000 });
    console.log(`The save showed in the page after ${Date.now() - saved} ms.`);
    expect(policyViolations).toEqual([]);
  });

  it("keeps the reader's place in the document when a save renders it again", async () => {
    await page.goto(`${studio.url}?format=html&plan=sample:plan-full.json`, WAIT);
    await page.frameLocator('#html-view').getByText('SAVED-COVER').waitFor(WAIT);
    const documentFrame = () => page.frames().find((frame) => frame.url().includes('/output/'))!;
    await documentFrame().evaluate(() => window.scrollTo(0, 900));
    fs.writeFileSync(
      path.join(template, 'partials', 'cover.hbs'),
      '<p class="title">PLACE-KEPT {{plan.title}}</p>\n<p>{{plan.titel}}</p>\n{{pageBreak}}\n',
    );
    await page.frameLocator('#html-view').getByText('PLACE-KEPT').waitFor(WAIT);
    await page.waitForFunction(
      () => (document.getElementById('html-view') as HTMLIFrameElement).contentWindow?.scrollY === 900,
      undefined,
      { timeout: 10_000 },
    );
  });

  it("lists the template's problems with a link to file and line, and the plan's own warnings apart", async () => {
    await page.goto(`${studio.url}?format=html&plan=sample:plan-full.json`, WAIT);
    const problem = page.locator('#problem-list li');
    await problem.first().waitFor(WAIT);
    expect(await problem.allTextContents()).toEqual([
      'funder/partials/cover.hbs:2:6warning: unknown data "plan.titel" (did you mean "plan.title"?)',
    ]);
    const link = problem.first().locator('a');
    expect(await link.getAttribute('href')).toBe('source?file=partials%2Fcover.hbs&line=2#L2');

    // The sample plan's deliberate warnings come with any template: shown apart, folded.
    await page.locator('#plan-warnings').waitFor({ state: 'visible', ...WAIT });
    expect(await page.locator('#plan-warning-count').textContent()).toBe('2');
    expect(await page.locator('#plan-warning-list li').allTextContents()).toEqual([
      expect.stringContaining('javascript:'),
      expect.stringContaining('tracker.example'),
    ]);

    const [source] = await Promise.all([browser.context.waitForEvent('page'), link.click()]);
    await source.waitForLoadState();
    expect(await source.locator('li.at').textContent()).toBe('<p>{{plan.titel}}</p>');
    await source.close();
  });

  it('shows the data the template receives as a tree the designer can search', async () => {
    await page.goto(`${studio.url}?format=txt&plan=sample:plan-full.json`, WAIT);
    await page.locator('#data-tree li[data-path="plan.title"]').waitFor({ state: 'attached', ...WAIT });
    await page.fill('#data-search', 'seagrass observatory');
    const hit = page.locator('#data-tree li[data-path="plan.title"]');
    await hit.waitFor({ state: 'visible', ...WAIT });
    expect(await hit.textContent()).toBe('title: "Aegean Seagrass Observatory"');
    expect(await page.locator('#data-tree li[data-path="plan.version"]').isHidden()).toBe(true);
  });

  it('takes plan and format from the URL: a DOCX drawn in the page with its download, Markdown as text', async () => {
    await page.goto(`${studio.url}?format=docx&plan=sample:description-full.json`, WAIT);
    // The page fills its choices from the studio's state after it has loaded, and picks the
    // URL's in the same step.
    await page
      .locator('#plan option')
      .first()
      .waitFor({ state: 'attached', ...WAIT });
    expect(await page.locator('#plan').inputValue()).toBe('sample:description-full.json');
    const docx = page.frameLocator('#docx-view');
    await docx.getByText('Seagrass survey observations').first().waitFor(WAIT);
    expect(await page.locator('#download').getAttribute('download')).toBe('description-full.docx');

    await page.selectOption('#format', 'md');
    await page.locator('#text-view').waitFor({ state: 'visible', ...WAIT });
    expect(await page.locator('#text-view').textContent()).toContain('Seagrass survey observations');
    // The choice is in the address, so the view can be shared.
    expect(new URL(page.url()).searchParams.get('format')).toBe('md');
    expect(policyViolations).toEqual([]);
  });
});

describe('the studio server', () => {
  let work: string;
  let studio: Studio;

  beforeAll(async () => {
    work = tempDir();
    writeTemplate(path.join(work, 't'), { 'template.json': '{"name":"T","version":"1.0.0"}' });
    studio = await startStudio({ template: 't', plans: [], port: 0, cwd: work });
  });

  afterAll(async () => {
    await studio?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and answers only requests addressed to it', async () => {
    expect(new URL(studio.url).hostname).toBe('127.0.0.1');
    const page = await fetch(studio.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    // A page elsewhere that points its own name at 127.0.0.1 (DNS rebinding) gets nothing.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(`${studio.url}api/state`, { headers: { Host: 'attacker.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject),
    );
    expect(status).toBe(403);
  });

  it('reads only the plans it listed and the files of the template folder', async () => {
    const unlisted = await fetch(`${studio.url}api/render?plan=${encodeURIComponent('/etc/passwd')}&format=txt`);
    expect(unlisted.status).toBe(404);
    expect((await unlisted.json()).error).toContain('There is no plan "/etc/passwd"');
    for (const file of ['../../../../etc/passwd', '/etc/passwd', 'template.json/../..']) {
      const outside = await fetch(`${studio.url}source?file=${encodeURIComponent(file)}`);
      expect(outside.status).toBe(404);
    }
    const inside = await fetch(`${studio.url}source?file=template.json&line=1`);
    expect(await inside.text()).toContain('<li id="L1" class="at">{&quot;name&quot;:&quot;T&quot;');
  });
});

describe('dmp-transform preview', () => {
  it('prints the address, serves the studio and stops on Ctrl-C with exit code 0', async () => {
    const work = tempDir();
    try {
      writeTemplate(path.join(work, 't'), { 'template.json': '{"name":"T","version":"1.0.0"}' });
      const preview = spawnCli(['preview', 't', '--port', '0'], work);
      const url = await waitFor(
        'the address',
        () => /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(preview.output().stdout)?.[1],
      );
      const state = await (await fetch(`${url}api/state`)).json();
      expect(state.template).toBe('t');
      expect(state.plans.map((plan: { id: string }) => plan.id)).toEqual([
        'sample:plan-full.json',
        'sample:description-full.json',
        'sample:plan-minimal.json',
      ]);
      const exited = new Promise<number | null>((resolve) => preview.child.once('exit', (code) => resolve(code)));
      preview.child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
