/**
 * The DOCX table of contents is filled at export (issue 13, item 7): LibreOffice, which does not
 * update fields when it opens a file, shows every entry with its page number, and those numbers are
 * the pages LibreOffice itself lays the headings out on, within the page estimate's error. Measured
 * here on the sample plans, every fixtures/typography plan, generated plans of 4 and 30
 * descriptions and a Java-style Word shell (whose cover pages come before the body).
 */
import { generatePlanJson } from '../../fixtures/generate';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/exporters/docx';
import { documentFixtures, exportFixture, fixtureName } from '../helpers/fixtureExports';
import { fixtureJson } from '../helpers/fixtures';
import { exportWithJavaShell, JAVA_BODY_MARKERS } from './javaStyleShell';
import { checkContentsPages, differences, type ContentsEntryCheck } from './tocAccuracy';

const GENERATED = [4, 30];
const generated = (descriptions: number) => JSON.parse(generatePlanJson(descriptions, { seed: 3, indent: 0 }));

describe('the DOCX table of contents, as LibreOffice shows it', () => {
  const files: Record<string, Uint8Array> = {};
  const headerText: Record<string, string> = {};
  let checks: Record<string, ContentsEntryCheck[]>;

  beforeAll(async () => {
    for (const file of documentFixtures()) {
      files[fixtureName(file)] = await exportFixture(file, 'docx');
      const raw = fixtureJson(file);
      headerText[fixtureName(file)] = 'descriptionTemplate' in raw ? raw.plan.label : raw.label;
    }
    for (const count of GENERATED) {
      const raw = generated(count);
      assertValidModel('plan', raw);
      files[`generated-${count}`] = (await docxExporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' })).bytes;
      headerText[`generated-${count}`] = raw.label;
    }
    files['java-shell'] = await exportWithJavaShell(JAVA_BODY_MARKERS[1]);
    headerText['java-shell'] = headerText['plan-full'];
    checks = await checkContentsPages(files, (name) => headerText[name]);
  }, 240_000);

  it('is filled: every entry shows the page number written at export', () => {
    for (const [name, entries] of Object.entries(checks)) {
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect({ name, title: entry.title, written: Number.isInteger(entry.written) && entry.written >= 1 }).toEqual({ name, title: entry.title, written: true });
        expect({ name, title: entry.title, shown: entry.shown }).toEqual({ name, title: entry.title, shown: entry.written });
      }
    }
  });

  it("gives each heading's page within a page of LibreOffice's layout, and mostly exactly", () => {
    for (const [name, entries] of Object.entries(checks)) {
      const found = entries.filter((entry) => Number.isFinite(entry.actual));
      expect({ name, found: found.length }).toEqual({ name, found: entries.length });
      // A shell's own styles (its paragraph spacing) are not modelled; other fixtures' content is not tuned here.
      const allowed = name === 'java-shell' || name.startsWith('typography-') ? 2 : 1;
      expect({ name, max: differences({ [name]: entries }).max <= allowed }).toEqual({ name, max: true });
    }
    expect(differences(checks).mean).toBeLessThan(0.25);
  });
});
