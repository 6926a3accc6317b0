/**
 * The DOCX table of contents is filled at export (issue 13, item 7): LibreOffice, which does not
 * update fields when it opens a file, shows every entry with its page number, and those numbers are
 * the pages LibreOffice itself lays the headings out on, within the page estimate's error. Measured
 * here on the sample plans, every fixtures/typography plan, generated plans of 4 and 30
 * descriptions, a Java-style Word shell (whose cover pages come before the body) and an Arabic plan.
 */
import { generatePlanJson } from '../../../fixtures/generate';
import { decodePlan } from '../../../src/contract/decode';
import { assertValidModel } from '../../../src/contract/validate';
import type { Block, DocumentModel } from '../../../src/document/types';
import { docxExporter } from '../../../src/service/formats';
import { writeDocx } from '../../../src/formats/docx/DocxWriter';
import { documentFixtures, exportFixture, fixtureName } from '../../builders/fixtureExports';
import { fixtureJson } from '../../builders/fixtures';
import { meta, para, text } from '../../builders/documents';
import { exportWithJavaShell, JAVA_BODY_MARKERS } from '../../builders/javaStyleShell';
import { checkContentsPages, differences, type ContentsEntryCheck } from '../../helpers/tocAccuracy';

const GENERATED = [4, 30];
const RTL_HEADER = 'خطة إدارة البيانات';

/** An Arabic plan with Arabic and English headings and long Arabic answers: a right-to-left contents. */
function rightToLeftDocument(): DocumentModel {
  const blocks: Block[] = [{ type: 'toc', title: 'المحتويات' }, { type: 'pageBreak' }];
  for (let i = 1; i <= 8; i++) {
    blocks.push({
      type: 'heading',
      level: i % 3 === 1 ? 1 : 2,
      content: [text(i % 2 ? `إدارة البيانات ${i}` : `English section ${i}`)],
    });
    blocks.push(para(text('تُحفظ البيانات في مستودع مؤسسي مع نسخ احتياطية يومية. '.repeat(12 * i))));
  }
  return { meta: meta({ direction: 'rtl', language: 'ar', headerText: RTL_HEADER }), blocks };
}
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
      files[`generated-${count}`] = (
        await docxExporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' })
      ).bytes;
      headerText[`generated-${count}`] = raw.label;
    }
    files['java-shell'] = await exportWithJavaShell(JAVA_BODY_MARKERS[1]);
    files['right-to-left'] = await writeDocx(rightToLeftDocument());
    headerText['right-to-left'] = RTL_HEADER;
    headerText['java-shell'] = headerText['plan-full'];
    checks = await checkContentsPages(files, (name) => headerText[name]);
  }, 240_000);

  it('is filled: every entry shows the page number written at export', () => {
    for (const [name, entries] of Object.entries(checks)) {
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect({ name, title: entry.title, written: Number.isInteger(entry.written) && entry.written >= 1 }).toEqual({
          name,
          title: entry.title,
          written: true,
        });
        // A right-to-left line's number is not read (null), but the line must be there.
        expect({ name, title: entry.title, shown: entry.shown }).toEqual({
          name,
          title: entry.title,
          shown: entry.shown === null ? null : entry.written,
        });
      }
    }
  });

  it("gives each heading's page within a page of LibreOffice's layout, and mostly exactly", () => {
    for (const [name, entries] of Object.entries(checks)) {
      const found = entries.filter((entry) => Number.isFinite(entry.actual));
      expect({ name, found: found.length }).toEqual({ name, found: entries.length });
      // A shell's own styles (its paragraph spacing) are not modelled.
      const allowed = name === 'java-shell' ? 2 : 1;
      expect({ name, max: differences({ [name]: entries }).max <= allowed }).toEqual({ name, max: true });
    }
    expect(differences(checks).mean).toBeLessThan(0.25);
  });

  it("counts a Word shell's cover pages before the body", () => {
    const [first] = checks['java-shell'];
    // The shell's cover ends in a page break: the body, and its first heading, start on page 2 at the earliest.
    expect(first.written).toBeGreaterThanOrEqual(2);
    expect(first.written).toBe(first.actual);
  });
});
