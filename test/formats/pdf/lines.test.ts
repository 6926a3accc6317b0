import type { Inline } from '../../../src/document/types';
import { fontVariant, textWidth } from '../../../src/formats/pdf/fonts';
import { layoutLines, type LineOptions } from '../../../src/formats/pdf/lines';
import { effectiveFontSize, inlineSegments, type Run, type RunStyle } from '../../../src/formats/pdf/runs';

const base: RunStyle = {
  family: 'DejaVuSans',
  fontSize: 10,
  color: '#000000',
  bold: false,
  italics: false,
  underline: false,
  strike: false,
  sub: false,
  sup: false,
  code: false,
};

const layout = (inlines: Inline[] | string, options: Partial<LineOptions> = {}): Run[][] =>
  layoutLines(
    inlineSegments(typeof inlines === 'string' ? [{ type: 'text', text: inlines }] : inlines, base, {
      linkColor: '#0000ff',
      codeFamily: 'DejaVuSansMono',
    }),
    { direction: 'ltr', maxWidth: 1000, ...options },
  );

const texts = (lines: Run[][]): string[][] => lines.map((line) => line.map((run) => run.text));
/** Right-to-left runs separate their words with no-break spaces; shown here as plain spaces. */
const plain = (lines: Run[][]): string[][] =>
  texts(lines).map((line) => line.map((text) => text.replace(/\u00a0/g, ' ')));
const lineWidth = (line: Run[]): number =>
  line.reduce(
    (sum, run) =>
      sum +
      textWidth(run.text, run.family, fontVariant(run.style.bold, run.style.italics), effectiveFontSize(run.style)),
    0,
  );

describe('layoutLines', () => {
  it('keeps a line of one style as one run, and splits runs where the style or font changes', () => {
    expect(texts(layout('A plain sentence of text.'))).toEqual([['A plain sentence of text.']]);
    const mixed = layout([
      { type: 'text', text: 'Plain ' },
      { type: 'text', text: 'bold', marks: { bold: true } },
      { type: 'text', text: ' 数据' },
    ]);
    expect(mixed[0].map((run) => [run.text, run.family, run.style.bold])).toEqual([
      ['Plain ', 'DejaVuSans', false],
      ['bold', 'DejaVuSans', true],
      [' ', 'DejaVuSans', false],
      ['数据', 'NotoSansSC', false],
    ]);
  });

  it('keeps a line that fits exactly whole, and breaks it at its last space when the line is a hair narrower', () => {
    // Plain ASCII of several runs, spaces between and inside them: every word and run of spaces measured as it is drawn.
    const inlines: Inline[] = [
      { type: 'text', text: 'Data are  kept for ' },
      { type: 'text', text: 'ten', marks: { bold: true } },
      { type: 'text', text: ' years.' },
    ];
    const [whole] = layout(inlines);
    expect(texts([whole])).toEqual([['Data are  kept for ', 'ten', ' years.']]);
    const pieces = ['Data', ' ', 'are', '  ', 'kept', ' ', 'for', ' '].map((text) =>
      textWidth(text, 'DejaVuSans', 'normal', 10),
    );
    const width =
      pieces.reduce((sum, piece) => sum + piece, 0) +
      textWidth('ten', 'DejaVuSans', 'bold', 10) +
      textWidth(' ', 'DejaVuSans', 'normal', 10) +
      textWidth('years.', 'DejaVuSans', 'normal', 10);
    expect(texts(layout(inlines, { maxWidth: width }))).toEqual([['Data are  kept for ', 'ten', ' years.']]);
    expect(texts(layout(inlines, { maxWidth: width - 0.01 }))).toEqual([['Data are  kept for ', 'ten'], ['years.']]);
  });

  it('breaks at spaces so that no line is wider than the limit', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog and keeps running through the field';
    const lines = layout(sentence, { maxWidth: 120 });
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(lineWidth(line)).toBeLessThanOrEqual(120);
    expect(
      texts(lines)
        .map((line) => line.join(''))
        .join(' '),
    ).toBe(sentence);
  });

  it('cuts a word longer than the line into pieces that fit', () => {
    const word = 'x'.repeat(200);
    const lines = layout(`a ${word} b`, { maxWidth: 100 });
    for (const line of lines) expect(lineWidth(line)).toBeLessThanOrEqual(100);
    expect(texts(lines).flat().join('').replace(/ /g, '')).toBe(`a${word}b`);
  });

  it('may break between ideographs, but not before a closing mark', () => {
    const lines = layout('数据管理计划描述了研究数据的处理方式。', { maxWidth: 60 });
    expect(lines.length).toBeGreaterThan(1);
    for (const line of texts(lines)) expect(line.join('')).not.toMatch(/^。/);
  });

  it('orders a right-to-left line: runs right to left, numbers and Latin left to right, brackets mirrored', () => {
    // "in year 2024 (text) of GPS" in Arabic. Runs go left to right on the page; each right-to-left
    // run keeps reading order inside (fontkit lays it out right to left), with mirrored brackets.
    const [line] = layout('في عام 2024 (نص) من GPS', { direction: 'rtl' });
    expect(plain([line])[0]).toEqual(['GPS', ' )نص( من ', '2024', 'في عام ']);
    expect(line[1].text).not.toContain(' ');
  });

  it('keeps a right-to-left phrase inside a left-to-right line as one run', () => {
    const [line] = plain(layout('The title is خطة إدارة البيانات in Arabic.'));
    expect(line).toEqual(['The title is ', 'خطة إدارة البيانات', ' ', 'in Arabic.']);
  });

  it('reverses digits that fontkit would lay out right to left (Arabic-Indic digits)', () => {
    const [line] = plain(layout('العدد ١٢٣ هنا', { direction: 'rtl' }));
    expect(line).toEqual([' هنا', '٣٢١', 'العدد ']);
  });

  it('breaks right-to-left text into lines that read top to bottom', () => {
    const words = ['واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية'];
    const lines = layout(words.join(' '), { direction: 'rtl', maxWidth: 80 });
    expect(lines.length).toBeGreaterThan(1);
    const reading = plain(lines).flatMap((line) => line.join(' ').trim().split(/ +/));
    expect(reading).toEqual(words);
  });

  it('keeps the indentation of the first line of each segment when asked (code)', () => {
    const lines = texts(layout('if x:\n    return 1', { keepIndent: true }));
    expect(lines).toEqual([['if x:'], ['    return 1']]);
    expect(texts(layout('    indented'))).toEqual([['indented']]);
  });

  it('turns line break inlines and empty segments into lines of their own', () => {
    expect(
      texts(
        layout([
          { type: 'text', text: 'first' },
          { type: 'break' },
          { type: 'break' },
          { type: 'text', text: 'third' },
        ]),
      ),
    ).toEqual([['first'], [], ['third']]);
  });
});

describe('layoutLines: break opportunities (UAX #14)', () => {
  const lineTexts = (lines: Run[][]): string[] => texts(lines).map((line) => line.join(''));

  it('moves a URL that fits to the next line whole instead of breaking it after a "/"', () => {
    const lines = lineTexts(layout('Published at https://doi.org/10.5281/zenodo.14285716 today', { maxWidth: 260 }));
    expect(lines).toEqual(['Published at', 'https://doi.org/10.5281/zenodo.14285716 today']);
  });

  it('breaks a URL wider than the line after its "/"s, filling lines', () => {
    const url = 'https://example.org/a-rather/long/path/to/some/resource/that/goes/on/and/on/index.html';
    const lines = lineTexts(layout(`See ${url}`, { maxWidth: 120 }));
    expect(lines.join('')).toBe(`See ${url}`);
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/[/-]$/);
  });

  it('starts no line with a hyphen or dash', () => {
    const text = 'We keep the data - and the notes about it - for ten years – as the funder asks - in the archive';
    for (let maxWidth = 40; maxWidth <= 200; maxWidth += 2) {
      for (const line of lineTexts(layout(text, { maxWidth }))) expect(line).not.toMatch(/^[-\u2013]/);
    }
  });

  it('breaks at zero-width spaces rather than cutting the word', () => {
    const lines = lineTexts(layout('Datenmanagement\u200bplan\u200bverantwortliche', { maxWidth: 110 }));
    expect(lines.map((line) => line.replace(/\u200b/g, ''))).toEqual(['Datenmanagement', 'planverantwortliche']);
  });

  it('hyphenates a word wider than the line in the given language, with a hyphen at the break', () => {
    const lines = lineTexts(layout('Correspondence', { maxWidth: 45 }));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(0, -1).every((line) => line.endsWith('-'))).toBe(true);
    expect(lines.join('').replace(/-/g, '')).toBe('Correspondence');
    // A soft hyphen in the text is a break opportunity too, drawn only where the line breaks.
    expect(lineTexts(layout('Shelf\u00admark and more', { maxWidth: 1000 }))).toEqual(['Shelfmark and more']);
    expect(lineTexts(layout('Shelf\u00admarkandsomething', { maxWidth: 60 }))[0]).toBe('Shelf-');
  });
});
