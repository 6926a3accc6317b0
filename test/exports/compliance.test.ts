/**
 * Page budget and funder rules: a layout's manifest declares `compliance`; every PDF reports its
 * page count, and each broken rule names the template file and the setting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodePlan } from '../../src/contract/decode';
import { pdfExporter } from '../../src/exporters/pdf';
import { runCli, tempDir } from '../cli/run';
import { fixtureJson, FIXTURES } from '../helpers/fixtures';
import { pdfPages } from '../helpers/pdf';
import { zip } from '../templates/support';

const bundle = (manifest: object) => zip({ 'template.json': JSON.stringify({ name: 'Funder', version: '1.0.0', ...manifest }) });

async function exportWith(manifest: object) {
  const context = { transformerId: 'dmp-file-transformer', templateOverride: { filename: 'funder.zip', bytes: bundle(manifest) } };
  return pdfExporter.exportPlan(decodePlan(fixtureJson('plan-full.json')), context);
}

describe('compliance', () => {
  it('counts the pages of every PDF', async () => {
    const result = await exportWith({});
    expect(result.pages).toBe((await pdfPages(result.bytes)).length);
    expect(result.warnings.filter((w) => w.includes('compliance'))).toEqual([]);
  });

  it('reports each rule of the NSF example preset the layout breaks, naming file and setting', async () => {
    const result = await exportWith({ pageSize: 'A4', margins: { top: 72, right: 72, bottom: 72, left: 54 }, compliance: { preset: 'nsf' } });
    const problems = result.warnings.filter((w) => w.startsWith('funder.zip:template.json#/'));
    expect(problems).toEqual([
      `funder.zip:template.json#/compliance/maxPages: the PDF has ${result.pages} pages, over the limit of 2 (compliance/maxPages, preset nsf)`,
      expect.stringMatching(/^funder\.zip:template\.json#\/pageSize: the pages are A4, the rules ask for Letter/),
      expect.stringMatching(/^funder\.zip:template\.json#\/margins\/left: 54 pt \(19 mm\), under 25\.4 mm/),
      expect.stringMatching(/^funder\.zip:template\.json#\/theme\/fontSize: the smallest text is 8 pt .*under 10 pt/),
    ]);
  });

  it('is quiet when the layout keeps the rules', async () => {
    const result = await exportWith({ pageSize: 'Letter', theme: { fontSize: 12.5 }, compliance: { preset: 'nsf', maxPages: 200 } });
    expect(result.warnings.filter((w) => w.includes('template.json#/'))).toEqual([]);
  });

  it('refuses a rule it does not know, naming it', async () => {
    await expect(exportWith({ compliance: { maxPage: 2 } })).rejects.toMatchObject({ status: 400, message: expect.stringContaining('/compliance/maxPage') });
  });

  it('shows in dmp-transform render: the page count and every broken rule', async () => {
    const work = tempDir();
    try {
      fs.writeFileSync(path.join(work, 'funder.zip'), bundle({ compliance: { preset: 'nih' } }));
      const out = path.join(work, 'plan.pdf');
      const run = await runCli(['render', path.join(FIXTURES, 'plan-full.json'), '--template', 'funder.zip', '--format', 'pdf', '--out', out], work);
      expect(run.code).toBe(0);
      const pages = (await pdfPages(fs.readFileSync(out))).length;
      expect(run.stdout).toContain(`, ${pages} pages)`);
      expect(run.stderr).toContain(`warning: funder.zip:template.json#/compliance/maxPages: the PDF has ${pages} pages, over the limit of 2 (compliance/maxPages, preset nih)`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
