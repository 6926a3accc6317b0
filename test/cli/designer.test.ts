/**
 * What a new designer runs into first, through the real CLI: a misspelt path, the data a template
 * can read, errors located where they are and printed once, watch lines with their time, and
 * init / fixtures writing where the designer typed the command, through `npm run` too.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CLI, FIXTURES, runCli, spawnCli, tempDir, waitFor, writeTemplate, docxText } from './run';

jest.setTimeout(180_000);

const fixture = (name: string) => path.join(FIXTURES, name);
const TYPO_COVER = '<p class="title">{{plan.titel}}</p>\n<p>{{plan.version}}</p>\n{{pageBreak}}\n';

describe('dmp-transform for a designer', () => {
  let work: string;
  beforeEach(() => {
    work = tempDir();
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('check reports {{plan.titel}} once, at its file and line, naming plan.title; strict makes it an error', async () => {
    writeTemplate(path.join(work, 'typo'), {
      'template.json': '{"name":"Typo","version":"1.0.0"}',
      'partials/cover.hbs': TYPO_COVER,
    });
    const result = await runCli(['check', 'typo'], work);
    expect(result.code).toBe(0);
    const warnings = result.stdout.split('\n').filter((line) => line.includes(': warning: '));
    expect(warnings).toEqual([
      'typo/partials/cover.hbs:1:20: warning: unknown data "plan.titel" (did you mean "plan.title"?)',
    ]);
    expect(result.stdout).toMatch(/^typo: 0 errors, 1 warning \(checked /m);

    fs.writeFileSync(path.join(work, 'typo', 'template.json'), '{"name":"Typo","version":"1.0.0","strict":true}');
    const strict = await runCli(['check', 'typo'], work);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain(
      'typo/partials/cover.hbs:1:20: error: unknown data "plan.titel" (did you mean "plan.title"?)',
    );
  });

  it("render prints the template's warning once and the plan's own warnings at the plan, nothing twice", async () => {
    writeTemplate(path.join(work, 'typo'), {
      'template.json': '{"name":"Typo","version":"1.0.0"}',
      'partials/cover.hbs': TYPO_COVER,
    });
    fs.copyFileSync(fixture('plan-full.json'), path.join(work, 'plan-full.json'));
    const result = await runCli(['render', 'plan-full.json', '-t', 'typo', '-o', 'out.docx'], work);
    expect(result.code).toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual([
      'typo/partials/cover.hbs:1:20: warning: unknown data "plan.titel" (did you mean "plan.title"?)',
      expect.stringMatching(/^plan-full\.json: warning: Removed the link to "javascript:/),
      expect.stringMatching(/^plan-full\.json: warning: Removed the image "https:\/\/tracker\.example/),
    ]);
  });

  it('data prints the context a template receives, as JSON and one path per line', async () => {
    const json = await runCli(['data', fixture('plan-full.json')], work);
    expect(json.code).toBe(0);
    const context = JSON.parse(json.stdout);
    expect(context.plan.title).toBe(JSON.parse(fs.readFileSync(fixture('plan-full.json'), 'utf8')).label);

    const paths = await runCli(['data', fixture('plan-full.json'), '--paths'], work);
    expect(paths.code).toBe(0);
    const lines = paths.stdout.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^plan\.title +string +"Aegean Seagrass Observatory"$/));
    expect(lines).toContainEqual(expect.stringMatching(/^plan\.sections\[\]\.title +string +"/));
    // What the schema has and this plan leaves empty is listed too, so optional fields are not guessed.
    expect(lines).toContainEqual(expect.stringMatching(/^description\.title +string +\(empty in this plan\)$/));

    // With a template, its own labels are in the context.
    writeTemplate(path.join(work, 'worded'), {
      'template.json': JSON.stringify({ name: 'Worded', version: '1.0.0', labels: { notAnswered: 'No answer given' } }),
    });
    const worded = await runCli(['data', fixture('plan-minimal.json'), '--template', 'worded'], work);
    expect(JSON.parse(worded.stdout).labels.notAnswered).toBe('No answer given');
  });

  it("watch puts the time on every line and prints the plan's own warnings once, not on every save", async () => {
    const template = writeTemplate(path.join(work, 'live'), {
      'template.json': '{"name":"Live","version":"1.0.0"}',
      'partials/cover.hbs': `<p>MARK-1</p>${TYPO_COVER}`,
    });
    const out = path.join(work, 'out.docx');
    const watch = spawnCli(
      ['watch', template, '--plan', fixture('plan-full.json'), '--format', 'docx', '--out', out],
      work,
    );
    const renders = () => watch.output().stdout.match(/Wrote /g)?.length ?? 0;
    try {
      await waitFor('the first render', () => docxText(out)?.includes('MARK-1') && renders() >= 1);
      fs.writeFileSync(path.join(template, 'partials', 'cover.hbs'), `<p>MARK-2</p>${TYPO_COVER}`);
      await waitFor('the second render', () => docxText(out)?.includes('MARK-2') && renders() >= 2);
      fs.writeFileSync(path.join(template, 'partials', 'cover.hbs'), '<p>{{#if plan.title}}</p>');
      await waitFor('the error', () => /error: nothing written/.test(watch.output().stderr));
    } finally {
      watch.child.kill('SIGKILL');
    }
    const { stdout, stderr } = watch.output();
    const lines = [...stdout.split('\n'), ...stderr.split('\n')].filter(Boolean);
    for (const line of lines) expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] /);
    expect(stderr.match(/Removed the link to "javascript:/g)).toHaveLength(1);
    expect(stderr.match(/unknown data "plan\.titel"/g)).toHaveLength(2);
    expect(stderr).toMatch(/\] \S*live\/partials\/cover\.hbs:1:4: error: syntax error: \{\{#if\}\} is never closed/);
  });
});

describe('init and fixtures', () => {
  let work: string;
  beforeEach(() => {
    work = tempDir();
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  /** `npm run dmp-transform -- …` typed in `from`, in a package whose script runs this CLI. */
  function npmRun(args: string[], from: string): Promise<{ code: number; stdout: string; stderr: string }> {
    const packageRoot = path.join(work, 'package');
    fs.mkdirSync(packageRoot, { recursive: true });
    const script = `node --require ${JSON.stringify(require.resolve('tsx/cjs'))} ${JSON.stringify(CLI)}`;
    fs.writeFileSync(
      path.join(packageRoot, 'package.json'),
      JSON.stringify({ name: 'designer-checkout', private: true, scripts: { 'dmp-transform': script } }),
    );
    return new Promise((resolve, reject) => {
      execFile(
        'npm',
        ['run', '--silent', 'dmp-transform', '--', ...args],
        { cwd: from, timeout: 120_000 },
        (error, stdout, stderr) => {
          if (error && typeof error.code !== 'number') reject(error);
          else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
        },
      );
    });
  }

  it('write where the designer ran them, also through npm run, and leave the package root alone', async () => {
    const here = path.join(work, 'package', 'designs');
    fs.mkdirSync(here, { recursive: true });
    const init = await npmRun(['init', 'funder'], here);
    expect(init.code).toBe(0);
    expect(fs.existsSync(path.join(here, 'funder', 'template.json'))).toBe(true);
    const fixtures = await npmRun(['fixtures', 'samples'], here);
    expect(fixtures.code).toBe(0);
    expect(fs.readdirSync(path.join(here, 'samples')).sort()).toEqual([
      'description-full.json',
      'plan-full.json',
      'plan-minimal.json',
    ]);
    expect(fs.readdirSync(path.join(work, 'package')).sort()).toEqual(['designs', 'package.json']);
  });

  it('refuse to overwrite without --force, and overwrite with it', async () => {
    writeTemplate(path.join(work, 'mine'), { 'partials/cover.hbs': 'MY-OWN-COVER' });
    const refused = await runCli(['init', 'mine'], work);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: mine is not empty; .*--force/m);
    expect(fs.readFileSync(path.join(work, 'mine', 'partials', 'cover.hbs'), 'utf8')).toBe('MY-OWN-COVER');

    const forced = await runCli(['init', 'mine', '--force'], work);
    expect(forced.code).toBe(0);
    expect(fs.readFileSync(path.join(work, 'mine', 'partials', 'cover.hbs'), 'utf8')).toContain('{{plan.title}}');
    expect(forced.stdout).not.toContain('MY-OWN');

    expect((await runCli(['fixtures', 'samples'], work)).code).toBe(0);
    fs.writeFileSync(path.join(work, 'samples', 'plan-full.json'), '{"mine":true}');
    const again = await runCli(['fixtures', 'samples'], work);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('use --force to overwrite');
    expect(fs.readFileSync(path.join(work, 'samples', 'plan-full.json'), 'utf8')).toBe('{"mine":true}');
    expect((await runCli(['fixtures', 'samples', '--force'], work)).code).toBe(0);
    expect(fs.readFileSync(path.join(work, 'samples', 'plan-full.json'))).toEqual(
      fs.readFileSync(fixture('plan-full.json')),
    );
  });
});
