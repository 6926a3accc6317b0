/**
 * Page budget and funder rules: a layout's manifest declares `compliance`; every PDF reports its
 * page count, and each broken rule names the template file and the setting.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodePlan } from '../../src/contract/decode';
import { checkTemplate } from '../../src/cli/commands/check';
import { TemplateInput } from '../../src/cli/commands/templateInput';
import { pdfExporter } from '../../src/service/formats';
import { renderToFile } from '../../src/cli/commands/render';
import { printOutcome } from '../../src/cli/commands/report';
import { tempDir } from '../cli/run';
import { fixtureJson, FIXTURES } from '../builders/fixtures';
import { pdfPages } from '../helpers/pdf';
import { zip } from '../builders/templates';

const bundle = (manifest: object) =>
  zip({ 'template.json': JSON.stringify({ name: 'Funder', version: '1.0.0', ...manifest }) });

async function exportWith(manifest: object) {
  const context = {
    transformerId: 'dmp-file-transformer',
    templateOverride: { filename: 'funder.zip', bytes: bundle(manifest) },
  };
  return pdfExporter.exportPlan(decodePlan(fixtureJson('plan-full.json')), context);
}

describe('compliance', () => {
  it('counts the pages of every PDF', async () => {
    const result = await exportWith({});
    expect(result.pages).toBe((await pdfPages(result.bytes)).length);
    expect(result.warnings.filter((w) => w.includes('compliance'))).toEqual([]);
  });

  it('reports each rule of the NSF example preset the layout breaks, naming file and setting', async () => {
    const result = await exportWith({
      pageSize: 'A4',
      margins: { top: 72, right: 72, bottom: 72, left: 54 },
      compliance: { preset: 'nsf' },
    });
    const problems = result.warnings.filter((w) => w.startsWith('funder.zip:template.json#/'));
    expect(problems).toEqual([
      `funder.zip:template.json#/compliance/maxPages: the PDF has ${result.pages} pages, over the limit of 2 (compliance/maxPages, preset nsf)`,
      expect.stringMatching(/^funder\.zip:template\.json#\/pageSize: the pages are A4, the rules ask for Letter/),
      expect.stringMatching(/^funder\.zip:template\.json#\/margins\/left: 54 pt \(19 mm\), under 25\.4 mm/),
      expect.stringMatching(/^funder\.zip:template\.json#\/theme\/fontSize: the smallest text is 8 pt .*under 10 pt/),
    ]);
  });

  it('is quiet when the layout keeps the rules', async () => {
    const result = await exportWith({
      pageSize: 'Letter',
      theme: { fontSize: 12.5 },
      compliance: { preset: 'nsf', maxPages: 200 },
    });
    expect(result.warnings.filter((w) => w.includes('template.json#/'))).toEqual([]);
  });

  it('refuses a rule it does not know, naming it', async () => {
    await expect(exportWith({ compliance: { maxPage: 2 } })).rejects.toMatchObject({
      kind: 'bad-request',
      message: expect.stringContaining('/compliance/maxPage'),
    });
  });

  it('shows in dmp-transform check: the PDF pages of each sample, and the rules each breaks', async () => {
    const work = tempDir();
    try {
      fs.writeFileSync(
        path.join(work, 'template.json'),
        JSON.stringify({ name: 'Funder', version: '1.0.0', compliance: { maxPages: 2 } }),
      );
      const report = await checkTemplate(TemplateInput.read(work));
      expect(Object.keys(report.pages)).toEqual(['plan-full.json', 'description-full.json', 'plan-minimal.json']);
      const overBudget = Object.entries(report.pages).filter(([, pages]) => pages > 2);
      expect(overBudget.length).toBeGreaterThan(0);
      const messages = report.diagnostics.map((d) => d.message);
      for (const [sample, pages] of overBudget) {
        expect(messages).toContainEqual(
          expect.stringContaining(
            `/compliance/maxPages the PDF has ${pages} pages, over the limit of 2 (compliance/maxPages) (with ${sample}`,
          ),
        );
      }
      expect(report.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  it('shows in dmp-transform render: the page count and every broken rule', async () => {
    const work = tempDir();
    const log = jest.spyOn(console, 'log').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      fs.writeFileSync(path.join(work, 'funder.zip'), bundle({ compliance: { preset: 'nih' } }));
      const out = path.join(work, 'plan.pdf');
      const template = path.join(work, 'funder.zip');
      const plan = path.join(FIXTURES, 'plan-full.json');
      const outcome = await renderToFile({ plan, template, format: 'pdf', out });
      expect(outcome.wrote).not.toBeNull();
      printOutcome(outcome, { plan });
      const pages = (await pdfPages(fs.readFileSync(out))).length;
      expect(log.mock.calls.flat().join('\n')).toContain(`, ${pages} pages)`);
      // Located in the manifest inside the zip: the rule comes from the preset, so at "compliance".
      const manifest = JSON.stringify({ name: 'Funder', version: '1.0.0', compliance: { preset: 'nih' } });
      expect(error.mock.calls.flat()).toContainEqual(
        `template.json:1:${manifest.indexOf('"compliance"') + 1}: warning: /compliance/maxPages the PDF has ${pages} pages, over the limit of 2 (compliance/maxPages, preset nih)`,
      );
    } finally {
      log.mockRestore();
      error.mockRestore();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
