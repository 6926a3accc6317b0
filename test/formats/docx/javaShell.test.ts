/**
 * The Java docx plugin's kind of shell (its plan.docx: logo, title, version and plan facts on a
 * cover page, then the content) exported for real, uploaded under the Java plugin's field.
 */
import { bodyParagraphs, openDocx, paragraphText } from '../../helpers/ooxml';
import { exportDescriptionWithJavaShell, exportWithJavaShell, JAVA_BODY_MARKERS } from '../../builders/javaStyleShell';

/** The text of the body's paragraphs of plan-full exported with a Java-style shell. */
async function exportWithShell(marker: string, coverPage?: string): Promise<string[]> {
  const docx = await openDocx(await exportWithJavaShell(marker, { coverPage }));
  return bodyParagraphs(docx.xml('word/document.xml'))
    .map(paragraphText)
    .filter((text) => text.trim() !== '');
}

const versionLines = (lines: string[]) => lines.filter((line) => /^Version 2$/.test(line));

describe.each(JAVA_BODY_MARKERS)('a Java-style Word shell with %s', (marker) => {
  let lines: string[];
  beforeAll(async () => {
    lines = await exportWithShell(marker);
  });

  it("keeps the shell's cover as the only cover", () => {
    expect(lines.slice(0, 3)).toEqual(['Aegean Seagrass Observatory', 'Version 2', 'Funder']);
    expect(versionLines(lines)).toHaveLength(1);
    // Our cover's facts table ("Last updated", the blueprint as subtitle) is not printed after the shell's.
    expect(lines.filter((line) => /^(Last updated|Horizon Europe DMP)$/.test(line))).toEqual([]);
  });

  it('puts the body at the marker: after the shell cover, before what follows the marker', () => {
    const coverEnd = lines.indexOf('End of the shell cover');
    expect(lines.slice(coverEnd + 1, coverEnd + 3)).toEqual(['Aegean Seagrass Observatory', 'Contents']);
    expect(lines.at(-1)).toBe('Powered by the shell');
    expect(lines.indexOf('Seagrass survey observations')).toBeGreaterThan(coverEnd);
    expect(lines.some((line) => line.includes('OPENCDMP'))).toBe(false);
  });
});

it('adds our cover after the shell when cover-page says true explicitly', async () => {
  const lines = await exportWithShell("'{OPENCDMP.PLAN.FORM}'", 'true');
  const coverEnd = lines.indexOf('End of the shell cover');
  // Our title block, then the plan's facts as a table (its cells' paragraphs: label, value).
  expect(lines.slice(coverEnd + 1, coverEnd + 3)).toEqual(['Aegean Seagrass Observatory', 'Horizon Europe DMP']);
  expect(lines.slice(coverEnd + 3).slice(0, 2)).toEqual(['Funder', 'European Commission']);
  expect(lines).toContain('Last updated');
});

describe("a Java-style description shell with '{OPENCDMP.DESCRIPTION.FORM}'", () => {
  let lines: string[];
  beforeAll(async () => {
    const docx = await openDocx(await exportDescriptionWithJavaShell("'{OPENCDMP.DESCRIPTION.FORM}'"));
    lines = bodyParagraphs(docx.xml('word/document.xml'))
      .map(paragraphText)
      .filter((text) => text.trim() !== '');
  });

  it('fills the cover and puts the description body at the marker, before what follows it', () => {
    expect(lines.slice(0, 2)).toEqual(['Part of Aegean Seagrass Observatory', 'Seagrass survey observations']);
    const coverEnd = lines.indexOf('End of the description shell cover');
    expect(coverEnd).toBeGreaterThan(0);
    // The description's pages, in order, between the marker's neighbours.
    const basic = lines.indexOf('Basic information');
    expect(basic).toBeGreaterThan(coverEnd);
    expect(lines.indexOf('Preservation')).toBeGreaterThan(basic);
    expect(lines.at(-1)).toBe('Powered by the description shell');
    expect(lines.some((line) => line.includes('OPENCDMP') || line.includes('FORM}'))).toBe(false);
  });
});
