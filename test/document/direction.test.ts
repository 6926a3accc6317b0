/**
 * The base direction of blocks (document/direction.ts) and the one list of right-to-left
 * languages (document/languages.ts): the rules both writers follow.
 */
import { firstStrongDirection, resolveDirections } from '../../src/document/direction';
import { htmlToBlocks } from '../../src/document/html';
import { languageDirection } from '../../src/document/languages';
import type { Block, Direction } from '../../src/document/types';
import { directionOf } from '../../src/templates/labels';

const paragraph = (text: string, dir?: Direction): Block => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
  ...(dir && { dir }),
});
const cell = (text: string) => ({ blocks: [paragraph(text)] });
const directionOfBlock = (block: Block): Direction | undefined => ('direction' in block ? block.direction : undefined);

describe('firstStrongDirection (bidi rules P2-P3)', () => {
  it.each([
    ['Data management plan', 'ltr'],
    ['خطة إدارة البيانات', 'rtl'],
    ['תוכנית ניהול נתונים', 'rtl'],
    ['2024: «خطة» plan', 'rtl'],
    ['  (1) Δεδομένα', 'ltr'],
    ['数据管理', 'ltr'],
    ['\u{1E900}\u{1E901}', 'rtl'], // Adlam, outside the Basic Multilingual Plane
  ] as const)('%s -> %s', (text, expected) => {
    expect(firstStrongDirection(text)).toBe(expected);
  });

  it('finds none in neutral text (digits, punctuation, spaces)', () => {
    expect(firstStrongDirection('12 345 - (2024) ...')).toBeUndefined();
    expect(firstStrongDirection('')).toBeUndefined();
  });

  it('skips text inside isolates (RLI ... PDI), as rule P2 says', () => {
    expect(firstStrongDirection('\u2067مرحبا\u2069 hello')).toBe('ltr');
    expect(firstStrongDirection('\u2066hello\u2069 مرحبا')).toBe('rtl');
  });
});

describe('resolveDirections', () => {
  it('gives each paragraph the direction of its own first strong character, neutral ones the fallback', () => {
    const [english, arabic, neutral] = resolveDirections(
      [paragraph('Visible-light images.'), paragraph('صور خام'), paragraph('12')],
      'rtl',
    );
    expect([english, arabic, neutral].map(directionOfBlock)).toEqual(['ltr', 'rtl', 'rtl']);
    expect(directionOfBlock(resolveDirections([paragraph('12')], 'ltr')[0])).toBe('ltr');
  });

  it('follows an explicit dir over the text', () => {
    const [block] = resolveDirections([paragraph('English words', 'rtl')], 'ltr');
    expect(directionOfBlock(block)).toBe('rtl');
  });

  it('gives a table the direction of its first strong cell; its neutral cells follow the table', () => {
    const table: Block = {
      type: 'table',
      headerRows: 1,
      rows: [{ cells: [cell('2024'), cell('Data type')] }, { cells: [cell('42'), cell('صور')] }],
    };
    const [resolved] = resolveDirections([table], 'rtl');
    if (resolved.type !== 'table') throw new Error('not a table');
    expect(resolved.direction).toBe('ltr');
    expect(resolved.rows.flatMap((row) => row.cells.map((c) => directionOfBlock(c.blocks[0])))).toEqual([
      'ltr',
      'ltr',
      'ltr',
      'rtl',
    ]);
  });

  it('gives lists and quotes the direction of their content, and their items their own', () => {
    const list: Block = {
      type: 'list',
      ordered: false,
      items: [[paragraph('...')], [paragraph('صور خام')], [paragraph('TIFF')]],
    };
    const quote: Block = { type: 'blockquote', children: [paragraph('Quoted')] };
    const [resolvedList, resolvedQuote] = resolveDirections([list, quote], 'ltr');
    if (resolvedList.type !== 'list') throw new Error('not a list');
    expect(resolvedList.direction).toBe('rtl');
    expect(resolvedList.items.map((item) => directionOfBlock(item[0]))).toEqual(['rtl', 'rtl', 'ltr']);
    expect(directionOfBlock(resolvedQuote)).toBe('ltr');
  });

  it('is pure and idempotent: the input is left as it was, a resolved tree comes back as it is', () => {
    const blocks = [paragraph('English'), { type: 'list', ordered: true, items: [[paragraph('عربي')]] } as Block];
    const copy = structuredClone(blocks);
    const once = resolveDirections(blocks, 'rtl');
    expect(blocks).toEqual(copy);
    const twice = resolveDirections(once, 'rtl');
    expect(twice[0]).toBe(once[0]);
    expect(twice).toEqual(once);
  });

  it('keeps a block used twice one object (writers list a heading once)', () => {
    const heading: Block = { type: 'heading', level: 2, content: [{ type: 'text', text: 'Scope' }] };
    const [first, second] = resolveDirections([heading, heading], 'ltr');
    expect(first).toBe(second);
  });
});

describe('dir in rich text', () => {
  it('keeps dir="rtl"/"ltr" on tables, lists and quotes, and inherits it into their paragraphs', () => {
    const [table, list, quote] = htmlToBlocks(
      '<table dir="rtl"><tr><td>Data</td></tr></table><ul dir="rtl"><li>Item</li></ul><blockquote dir="ltr"><p>نص</p></blockquote>',
    );
    expect(table).toMatchObject({ type: 'table', dir: 'rtl', rows: [{ cells: [{ blocks: [{ dir: 'rtl' }] }] }] });
    expect(list).toMatchObject({ type: 'list', dir: 'rtl', items: [[{ dir: 'rtl' }]] });
    expect(quote).toMatchObject({ type: 'blockquote', dir: 'ltr', children: [{ dir: 'ltr' }] });
  });

  it('reads dir="auto" as the paragraph deciding by its own text, even inside an element with a dir', () => {
    const blocks = htmlToBlocks('<div dir="rtl"><p dir="auto">English text</p><p>More English</p></div>');
    expect(blocks.map((block) => ('dir' in block ? block.dir : undefined))).toEqual([undefined, 'rtl']);
    expect(resolveDirections(blocks, 'ltr').map(directionOfBlock)).toEqual(['ltr', 'rtl']);
  });
});

describe('languageDirection: one list of right-to-left languages', () => {
  it.each([
    'ar',
    'he',
    'fa',
    'ur',
    'ps',
    'yi',
    'ckb',
    'ug',
    'sd',
    'ks',
    'syr',
    'dv',
    'ar-EG',
    'ckb_IQ',
    'pa-Arab',
    'iw',
  ])('%s is right to left', (tag) => {
    expect(languageDirection(tag)).toBe('rtl');
  });

  it.each(['en', 'el', 'de', 'zh-Hant', 'ku', 'ks-Deva', 'dv-Latn', 'gr', 'not a tag', ''])(
    '"%s" is left to right',
    (tag) => {
      expect(languageDirection(tag)).toBe('ltr');
    },
  );

  it('is what the layouts use for the document direction', () => {
    expect(directionOf('ps')).toBe('rtl');
    expect(directionOf('yi')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});
