/**
 * dmp-transform end to end: the real CLI in a child process, files on disk, exit codes and the
 * lines a designer reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { decodeDescription, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { pdfText } from '../helpers/pdf';
import { docxText, FIXTURES, PROJECT_ROOT, runCli, spawnCli, tempDir, waitFor, writeTemplate } from './run';

jest.setTimeout(180_000);

const fixture = (name: string) => path.join(FIXTURES, name);
const magic = (file: string, length: number) => fs.readFileSync(file).subarray(0, length).toString('latin1');

/** One mistake of each kind the static check finds, each in its own file. */
const BROKEN_BUNDLE = {
  'template.json': '{\n  "name": "Broken",\n  "version": "1.0.0",\n  "theme": {\n    "textColor": "red"\n  }\n}\n',
  'plan.hbs': '<h1>{{plan.title}}</h1>\n{{> missingPartial}}\n{{image "nope.png"}}\n',
  'partials/cover.hbs': '<p>\n  {{#if plan.title}}\n  {{plan.title}}\n</p>\n',
  'partials/question.hbs': '<p>{{shout title}}</p>\n',
};

describe('dmp-transform', () => {
  let work: string;
  beforeEach(() => {
    work = tempDir();
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  describe('render', () => {
    it.each([
      ['docx', 'PK\u0003\u0004'],
      ['pdf', '%PDF-'],
      ['json', '{'],
    ])('renders the full plan to %s with the default layout', async (format, expectedMagic) => {
      const out = path.join(work, `plan.${format}`);
      const result = await runCli(['render', fixture('plan-full.json'), '--format', format, '--out', out], work);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Wrote ${out}`);
      expect(magic(out, expectedMagic.length)).toBe(expectedMagic);
      if (format === 'json')
        expect(JSON.parse(fs.readFileSync(out, 'utf8')).dmp.title).toBe(
          JSON.parse(fs.readFileSync(fixture('plan-full.json'), 'utf8')).label,
        );
      // The fixture's hostile rich text is reported, not silently dropped, at the plan it comes from.
      if (format !== 'json')
        expect(result.stderr).toMatch(/^\S*fixtures\/plan-full\.json: warning: Removed the link to "javascript:/m);
    });

    it('names JSON outputs after what they hold, so they never overwrite the plan file', async () => {
      const plan = fixture('raid/plan-raid.json');
      for (const [format, name] of [
        ['json', 'plan-raid.rda.json'],
        ['raid', 'plan-raid.raid.json'],
      ]) {
        const result = await runCli(['render', plan, '--format', format], work);
        expect(result.code).toBe(0);
        expect(JSON.parse(fs.readFileSync(path.join(work, name), 'utf8'))).toEqual(expect.any(Object));
      }
      expect(fs.readdirSync(work).sort()).toEqual(['plan-raid.raid.json', 'plan-raid.rda.json']);
    });

    it('detects a description file and renders it as a description', async () => {
      const label = JSON.parse(fs.readFileSync(fixture('description-full.json'), 'utf8')).label as string;
      const result = await runCli(['render', fixture('description-full.json'), '--out', 'description.pdf'], work);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/: description .*description-full\.json with the default layout/);
      const text = await pdfText(fs.readFileSync(path.join(work, 'description.pdf')));
      expect(text).toContain(label);
    });

    it('renders with a bundle directory made by init and then edited', async () => {
      const template = path.join(work, 'funder-template');
      expect((await runCli(['init', template, '--name', 'Funder DMP'], work)).code).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(template, 'template.json'), 'utf8'));
      expect(manifest).toMatchObject({ name: 'Funder DMP', version: '0.1.0', contextVersion: 1 });
      // The $schema reference resolves from the new folder, so editors can validate the manifest.
      expect(fs.existsSync(path.resolve(template, manifest.$schema))).toBe(true);

      const cover = path.join(template, 'partials', 'cover.hbs');
      fs.writeFileSync(
        cover,
        `<p class="subtitle">Funded by the EDITED-COVER-MARKER programme</p>\n${fs.readFileSync(cover, 'utf8')}`,
      );
      const result = await runCli(
        ['render', fixture('plan-minimal.json'), '--template', template, '--out', 'plan.pdf'],
        work,
      );
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`with ${template}`);
      const text = await pdfText(fs.readFileSync(path.join(work, 'plan.pdf')));
      expect(text).toContain('Funded by the EDITED-COVER-MARKER programme');
    });

    it('exits 1 on a broken template, naming each problem once at file:line:column, and writes nothing', async () => {
      writeTemplate(path.join(work, 'broken'), {
        'template.json': '{"name":"B","version":"1.0.0"}',
        'partials/question.hbs': '<p>{{shout title}}</p>',
      });
      const result = await runCli(['render', fixture('plan-minimal.json'), '-t', 'broken', '-o', 'plan.docx'], work);
      expect(result.code).toBe(1);
      // The located line pointing into the folder, then what it stopped; the folder named as a folder.
      expect(result.stderr.trim().split('\n')).toEqual([
        'broken/partials/question.hbs:1:6: error: unknown helper "shout"',
        'error: nothing written: 1 problem in the template broken',
      ]);
      expect(result.stderr).not.toContain('.zip');
      expect(fs.existsSync(path.join(work, 'plan.docx'))).toBe(false);
    });

    it('exits 1 on an invalid plan, pointing at the line of each bad value', async () => {
      const plan = JSON.parse(fs.readFileSync(fixture('plan-minimal.json'), 'utf8'));
      plan.version = 'two';
      fs.writeFileSync(path.join(work, 'plan.json'), JSON.stringify(plan, null, 2));
      const versionLine =
        JSON.stringify(plan, null, 2)
          .split('\n')
          .findIndex((line) => line.startsWith('  "version"')) + 1;
      const result = await runCli(['render', 'plan.json', '-o', 'plan.pdf'], work);
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        `plan.json:${versionLine}:3: error: /version must be integer or null`,
        'error: nothing written: 1 problem in the plan plan.json',
      ]);
    });
  });

  describe('check', () => {
    it('passes the built-in layout: exit 0, no problems', async () => {
      const result = await runCli(['check', path.join(PROJECT_ROOT, 'templates', 'default')], work);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /: 0 errors, 0 warnings \(checked .* rendered plan-full\.json, description-full\.json, plan-minimal\.json to DOCX and PDF\)/,
      );
    });

    it('lists every static problem as file:line:column: error: message and exits 1', async () => {
      writeTemplate(path.join(work, 'broken'), BROKEN_BUNDLE);
      const result = await runCli(['check', 'broken'], work);
      expect(result.code).toBe(1);
      const lines = result.stdout.trim().split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          // At the block's opening tag, not where the file ends.
          'broken/partials/cover.hbs:2:3: error: syntax error: {{#if}} is never closed (a {{/if}} is missing)',
          'broken/partials/question.hbs:1:6: error: unknown helper "shout"',
          expect.stringMatching(/^broken\/plan\.hbs:2:1: error: there is no partial "missingPartial"/),
          expect.stringMatching(/^broken\/plan\.hbs:3:9: error: there is no asset "nope\.png"/),
          // A manifest value: its JSON pointer resolved to the line of the key.
          expect.stringMatching(/^broken\/template\.json:5:5: error: \/theme\/textColor must be a colour/),
        ]),
      );
      expect(lines.at(-1)).toMatch(
        /^broken: 5 errors, 0 warnings \(the sample plans are rendered once these are fixed\)/,
      );
    });

    it('reports a manifest that is not JSON at the spot it breaks, also inside a .zip', async () => {
      writeTemplate(path.join(work, 'bad-manifest'), {
        'template.json': '{ "name": "x", "version": "1.0.0",\n  "pageSize": "A4"\n  "orientation": "portrait" }\n',
      });
      fs.writeFileSync(
        path.join(work, 'bad.zip'),
        zipSync({ 'template.json': new Uint8Array(fs.readFileSync(path.join(work, 'bad-manifest', 'template.json'))) }),
      );
      const folder = await runCli(['check', 'bad-manifest'], work);
      expect(folder.code).toBe(1);
      expect(folder.stdout).toMatch(/^bad-manifest\/template\.json:3:3: error: not valid JSON/m);
      const zip = await runCli(['check', 'bad.zip'], work);
      expect(zip.code).toBe(1);
      expect(zip.stdout).toMatch(/^template\.json:3:3: error: not valid JSON/m);
    });

    it('locates problems of a single-file .hbs layout in that file', async () => {
      fs.writeFileSync(
        path.join(work, 'layout.hbs'),
        '<h1>{{plan.title}}</h1>\n<p>{{formatDate plan.createdAt "weekday"}}</p>\n',
      );
      const result = await runCli(['check', 'layout.hbs'], work);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /^layout\.hbs:2:32: error: formatDate takes "long", "short" or "iso", not "weekday"$/m,
      );
    });

    it('finds what only rendering shows: a partial including itself', async () => {
      writeTemplate(path.join(work, 'loop'), {
        'template.json': '{"name":"Loop","version":"1.0.0"}',
        'plan.hbs': '<h1>{{plan.title}}</h1>\n{{> loop}}\n',
        'partials/loop.hbs': '<p>again</p>\n{{> loop}}\n',
      });
      const result = await runCli(['check', 'loop'], work);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /^loop\/partials\/loop\.hbs:2:1: error: partials nest deeper than \d+ levels at "loop"/m,
      );
      expect(result.stdout).toMatch(/^loop: 1 error, 0 warnings \(checked .* rendered/m);
    });

    it('warns about a template asset that is no image, and still passes', async () => {
      writeTemplate(path.join(work, 'logo'), {
        'template.json': '{"name":"Logo","version":"1.0.0"}',
        'partials/cover.hbs': '{{image "logo.png" width=120}}<p class="title">{{plan.title}}</p>{{pageBreak}}',
        'assets/logo.png': 'this is not a PNG',
      });
      const result = await runCli(['check', 'logo'], work);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /^logo: warning: The template asset "logo\.png" is not a readable .* \(with plan-full\.json, .*\)$/m,
      );
      // Warnings the sample plans cause with any layout (their hostile rich text) are not the template's.
      expect(result.stdout).not.toContain('javascript:');
    });
  });

  describe('init and fixtures', () => {
    it('init refuses a directory that is not empty and leaves it alone', async () => {
      fs.writeFileSync(path.join(work, 'notes.txt'), 'mine');
      const result = await runCli(['init', '.'], work);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: \. is not empty/m);
      expect(fs.readdirSync(work)).toEqual(['notes.txt']);
    });

    it('fixtures writes the sample plans, each a valid plan or description, and will not overwrite them', async () => {
      const result = await runCli(['fixtures', 'samples'], work);
      expect(result.code).toBe(0);
      const written = fs.readdirSync(path.join(work, 'samples')).sort();
      expect(written).toEqual(['description-full.json', 'plan-full.json', 'plan-minimal.json']);
      for (const name of written) {
        const raw = JSON.parse(fs.readFileSync(path.join(work, 'samples', name), 'utf8'));
        const entity = name.startsWith('description') ? 'description' : 'plan';
        expect(() => assertValidModel(entity, raw)).not.toThrow();
        expect((entity === 'plan' ? decodePlan(raw) : decodeDescription(raw)).label).toBe(
          JSON.parse(fs.readFileSync(fixture(name), 'utf8')).label,
        );
      }
      const again = await runCli(['fixtures', 'samples'], work);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('use --force to overwrite');
    });
  });

  describe('watch', () => {
    it('re-renders on every save, reports errors and keeps watching; Ctrl-C exits 0', async () => {
      const template = writeTemplate(path.join(work, 'live'), {
        'template.json': '{"name":"Live","version":"1.0.0"}',
        'partials/cover.hbs': '<p class="title">FIRST-MARKER {{plan.title}}</p>{{pageBreak}}',
      });
      const out = path.join(work, 'out', 'plan.docx');
      const watch = spawnCli(
        ['watch', template, '--plan', fixture('plan-minimal.json'), '--format', 'docx', '--out', out],
        work,
      );
      try {
        await waitFor('the first render', () => docxText(out)?.includes('FIRST-MARKER'));

        fs.writeFileSync(path.join(template, 'partials', 'cover.hbs'), '<p class="title">{{#if plan.title}}</p>');
        await waitFor('the error report', () =>
          /live\/partials\/cover\.hbs:\d+:\d+: error: syntax error/.test(watch.output().stderr),
        );
        expect(watch.child.exitCode).toBeNull();

        fs.writeFileSync(
          path.join(template, 'partials', 'cover.hbs'),
          '<p class="title">SECOND-MARKER {{plan.title}}</p>{{pageBreak}}',
        );
        await waitFor('the render after the fix', () => docxText(out)?.includes('SECOND-MARKER'));

        const exited = new Promise<number | null>((resolve) => watch.child.once('exit', (code) => resolve(code)));
        watch.child.kill('SIGINT');
        expect(await exited).toBe(0);
      } finally {
        if (watch.child.exitCode === null) watch.child.kill('SIGKILL');
      }
    });

    it('keeps watching through saves by temp file + rename, new partials and deleted files: one render each', async () => {
      const template = writeTemplate(path.join(work, 'atomic'), {
        'template.json': '{"name":"Atomic","version":"1.0.0"}',
        'partials/cover.hbs': '<p class="title">SAVE-0 {{plan.title}}</p>{{pageBreak}}',
      });
      const cover = path.join(template, 'partials', 'cover.hbs');
      const out = path.join(work, 'out', 'atomic.docx');
      const watch = spawnCli(
        ['watch', template, '--plan', fixture('plan-minimal.json'), '--format', 'docx', '--out', out],
        work,
      );
      const renders = () => watch.output().stdout.match(/^\[\d\d:\d\d:\d\d\] Wrote /gm)?.length ?? 0;
      try {
        await waitFor('the first render', () => docxText(out)?.includes('SAVE-0') && renders() >= 1);
        expect(renders()).toBe(1);
        // The way most editors save: write a temporary file beside the original, rename it over.
        for (let save = 1; save <= 5; save++) {
          const temporary = path.join(template, 'partials', `.cover.hbs.${save}.tmp`);
          fs.writeFileSync(temporary, `<p class="title">SAVE-${save} {{plan.title}}</p>{{pageBreak}}`);
          fs.renameSync(temporary, cover);
          // The file is written before its line reaches us through the pipe: wait for both.
          await waitFor(
            `the render of save ${save}`,
            () => docxText(out)?.includes(`SAVE-${save}`) && renders() >= 1 + save,
          );
          expect(renders()).toBe(1 + save);
        }
        // A new partial is picked up, and so is its deletion.
        fs.writeFileSync(path.join(template, 'partials', 'planSection.hbs'), '<p>NEW-PARTIAL {{title}}</p>');
        await waitFor('the render with the new partial', () => docxText(out)?.includes('NEW-PARTIAL'));
        fs.rmSync(path.join(template, 'partials', 'planSection.hbs'));
        await waitFor(
          'the render without it',
          () => docxText(out) && !docxText(out)!.includes('NEW-PARTIAL') && renders() >= 8,
        );
        expect(renders()).toBe(8);
        expect(watch.output().stderr).toBe('');
      } finally {
        if (watch.child.exitCode === null) watch.child.kill('SIGKILL');
      }
    });
  });
});
