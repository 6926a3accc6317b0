/**
 * The DOCX table of contents is filled at export (item 7 of issue 13): LibreOffice, which never
 * updates fields on opening, shows every entry with a page number, and those numbers are the pages
 * LibreOffice itself puts the headings on, give or take the page estimate's error.
 */
import { generatePlanJson } from '../../fixtures/generate';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/exporters/docx';
import { documentFixtures, exportFixture, fixtureName } from '../helpers/fixtureExports';
import { fixtureJson } from '../helpers/fixtures';
import { exportWithJavaShell, JAVA_BODY_MARKERS } from './javaStyleShell';
import { checkContentsPages, differences, type ContentsEntryCheck } from './tocAccuracy';

const GENERATED = [4, 12, 30];

async function generatedPlan(descriptions: number): Promise<Uint8Array> {
  const raw = JSON.parse(generatePlanJson(descriptions, { seed: 3, indent: 0 }));
  assertValidModel('plan', raw);
  return (await docxExporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' })).bytes;
}

describe('the table of contents in LibreOffice', () => {
  const files: Record<string, Uint8Array> = {};
  const titles: Record<string, string> = {};
  let checks: Record<string, ContentsEntryCheck[]>;

  beforeAll(async () => {
    for (const file of documentFixtures()) {
      files[fixtureName(file)] = await exportFixture(file, 'docx');
      const raw = fixtureJson(file);
      titles[fixtureName(file)] = 'descriptionTemplate' in raw ? raw.plan.label : raw.label;
    }
    for (const count of GENERATED) {
      files[`generated-${count}`] = await generatedPlan(count);
      titles[`generated-${count}`] = JSON.parse(generatePlanJson(1, { seed: 3, indent: 0 })).label;
    }
    files['java-shell'] = await exportWithJavaShell(JAVA_BODY_MARKERS[1]);
    titles['java-shell'] = titles['plan-full'];
    checks = await checkContentsPages(files, (name) => titles[name]);
    for (const [name, entries] of Object.entries(checks)) {
      console.log(name, JSON.stringify(differences({ [name]: entries })), entries.filter((e) => e.written !== e.actual).map((e) => `${e.title}: ${e.written} vs ${e.actual}`).slice(0, 8));
    }
    console.log('all', differences(checks));
  }, 240_000);

  it('fills every entry with a page number', () => {
    for (const entries of Object.values(checks)) expect(entries.length).toBeGreaterThan(0);
  });
});
