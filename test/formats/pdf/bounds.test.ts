/**
 * Extreme input keeps its content and stays fast: very long words, deep nesting, wide tables.
 * What cannot be laid out normally is shown another way, with a visible note, never dropped.
 */
import { execFile } from 'node:child_process';
import type { Block } from '../../../src/document/types';
import { htmlToBlocks } from '../../../src/document/html';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { pdfText, pdfWords } from '../../helpers/pdf';
import { meta, paragraph } from '../../builders/documents';

const bare = meta({ headerText: '', footerText: '' });
const squash = (value: string): string => value.replace(/\s+/g, ' ');

describe('writePdf: very long words', () => {
  // A pasted sequence: 50,000 characters without a space.
  const word = 'ACGT'.repeat(12_500);

  it.each([
    ['left aligned', {}],
    ['justified', { align: 'justify' as const }],
  ])('cuts a 50,000-character word into lines inside the margins (%s), every character kept', async (_case, extra) => {
    // Its time (well under 3 s) is in `npm run bench:hostile`.
    const bytes = await writePdf({ meta: bare, blocks: [paragraph(`Sequence: ${word} end.`, extra)] });
    const words = await pdfWords(bytes);
    for (const placed of words) expect(placed.xMax).toBeLessThanOrEqual(595.28 - 56 + 0.5);
    expect((await pdfText(bytes)).replace(/\s+/g, '')).toContain(`Sequence:${word}end.`);
  });
});

describe('writePdf: deep nesting', () => {
  it('shows the text of 45 nested block quotes, with a note where nesting stops', async () => {
    const html = `${'<blockquote>'.repeat(45)}<p>Quoted reply text</p>${'</blockquote>'.repeat(45)}`;
    const text = squash(
      await pdfText(
        await writePdf({ meta: bare, blocks: [paragraph('before'), ...htmlToBlocks(html), paragraph('after')] }),
      ),
    );
    expect(text).toContain('before [Nested too deeply to lay out: shown as plain text.] Quoted reply text after');
  });

  it('shows the text of a table nested 60 deep', async () => {
    let nested: Block = paragraph('Deep text in cell');
    for (let level = 0; level < 60; level++)
      nested = { type: 'table', headerRows: 0, rows: [{ cells: [{ blocks: [nested] }] }] };
    const text = squash(await pdfText(await writePdf({ meta: bare, blocks: [nested, paragraph('after')] })));
    expect(text).toContain('Deep text in cell');
    expect(text).toContain('[Nested too deeply to lay out: shown as plain text.]');
    expect(text).toContain('after');
  });

  it('shows deeply nested list items as text, each with its marker', async () => {
    let nested: Block = {
      type: 'list',
      ordered: true,
      start: 3,
      items: [[paragraph('innermost item')], [paragraph('its sibling')]],
    };
    for (let level = 0; level < 20; level++)
      nested = { type: 'list', ordered: false, items: [[paragraph(`level ${20 - level}`), nested]] };
    const text = squash(await pdfText(await writePdf({ meta: bare, blocks: [nested] })));
    expect(text).toContain('3. innermost item 4. its sibling');
    for (let level = 1; level <= 20; level++) expect(text).toContain(`level ${level}`);
  });
});

describe('writePdf: wide tables', () => {
  const row = (count: number, prefix: string) => ({
    cells: Array.from({ length: count }, (_, index) => ({ blocks: [paragraph(`${prefix}${index + 1}`)] })),
  });

  it('lays out tables and lists nested as deep as they go without a "memory leak" warning on stderr', async () => {
    // In a process of its own: Node writes the warning to the real process's stderr, which a
    // test's sandboxed \`process\` does not see.
    const script = `
      const { writePdf } = require(${JSON.stringify(require.resolve('../../../src/formats/pdf/PdfWriter'))});
      const { meta, paragraph } = require(${JSON.stringify(require.resolve('../../builders/documents'))});
      let table = paragraph('Deep text in cell');
      for (let level = 0; level < 60; level++) table = { type: 'table', headerRows: 0, rows: [{ cells: [{ blocks: [table] }] }] };
      let list = { type: 'list', ordered: true, items: [[paragraph('innermost item')]] };
      for (let level = 0; level < 20; level++) list = { type: 'list', ordered: false, items: [[paragraph('level ' + (20 - level)), list]] };
      writePdf({ meta: meta(), blocks: [table, list] }).then((bytes) => setImmediate(() => console.log('wrote', bytes.length)));
    `;
    const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--require', require.resolve('tsx/cjs'), '-e', script],
        { timeout: 60_000 },
        (error, out, err) => (error ? reject(error) : resolve({ stdout: out, stderr: err })),
      );
    });
    expect(stdout).toMatch(/^wrote \d+/);
    expect(stderr).not.toContain('MaxListenersExceededWarning');
  });

  it('continues a table too wide for the page in bands of columns, every cell shown', async () => {
    const bytes = await writePdf({
      meta: bare,
      blocks: [{ type: 'table', headerRows: 1, rows: [row(45, 'h'), row(45, 'c')] }, paragraph('after')],
    });
    const words = new Set((await pdfWords(bytes)).map((word) => word.text));
    for (let column = 1; column <= 45; column++) {
      expect(words).toContain(`h${column}`);
      expect(words).toContain(`c${column}`);
    }
    const text = squash(await pdfText(bytes));
    expect(text).toMatch(/\[The table continues: columns \d+–\d+ of 45\.\]/);
    for (const placed of await pdfWords(bytes)) expect(placed.xMax).toBeLessThanOrEqual(595.28 - 56 + 0.5);
  });

  it('says how many columns it leaves out past 63', async () => {
    const bytes = await writePdf({
      meta: meta({ orientation: 'landscape', headerText: '', footerText: '' }),
      blocks: [{ type: 'table', headerRows: 0, rows: [row(70, 'c')] }],
    });
    const words = new Set((await pdfWords(bytes)).map((word) => word.text));
    for (let column = 1; column <= 63; column++) expect(words).toContain(`c${column}`);
    expect(squash(await pdfText(bytes))).toContain(
      '[7 more columns of this table are not shown: a table shows at most 63.]',
    );
  });
});
