/**
 * Hand-built document models for the DOCX tests and the benchmark: one that uses every block type,
 * and plan-shaped ones of any size.
 */
import { encodePng } from '../../fixtures/lib/png';
import type { Block, DocumentMeta, DocumentModel, Inline } from '../../src/document/types';

/** A real PNG of one colour (RGB, 8 bits). */
export function makePng(width: number, height: number, rgb: [number, number, number] = [30, 120, 200]): Uint8Array {
  return new Uint8Array(encodePng(width, height, () => rgb));
}

export const text = (value: string, marks?: Extract<Inline, { type: 'text' }>['marks']): Inline => ({
  type: 'text',
  text: value,
  marks,
});
export const para = (...content: Inline[]): Block => ({ type: 'paragraph', content });

export function baseMeta(overrides: Partial<DocumentMeta> = {}): DocumentMeta {
  return {
    title: 'Data management plan for the Ocean Survey',
    subject: 'Data management plan',
    author: 'Maria Papadopoulou',
    keywords: ['oceanography', 'open data'],
    language: 'en',
    direction: 'ltr',
    headerText: 'Ocean Survey DMP',
    footerText: 'Page {page} of {pages}',
    pageSize: 'A4',
    orientation: 'portrait',
    margins: { top: 72, right: 72, bottom: 72, left: 72 },
    ...overrides,
  };
}

/** Every block type, every mark, a link, a right-to-left paragraph, a picture, spans, nested lists, a TOC. */
export function richDocument(png: Uint8Array = makePng(1600, 400)): DocumentModel {
  const blocks: Block[] = [
    { type: 'paragraph', style: 'title', content: [text('Ocean Survey')] },
    { type: 'paragraph', style: 'subtitle', content: [text('A data management plan')] },
    { type: 'toc', title: 'Contents' },
    { type: 'heading', level: 1, content: [text('Data collection')] },
    {
      type: 'paragraph',
      content: [
        text('Plain, '),
        text('bold', { bold: true }),
        text(', '),
        text('italic', { italic: true }),
        text(', '),
        text('underlined', { underline: true }),
        text(', '),
        text('struck', { strike: true }),
        text(', H'),
        text('2', { sub: true }),
        text('O, E=mc'),
        text('2', { sup: true }),
        text(', '),
        text('npm test', { code: true }),
        text('.'),
        { type: 'break' },
        text('See '),
        { type: 'link', href: 'https://example.org/ocean', children: [text('the survey site')] },
        text(' for details.'),
      ],
    },
    { type: 'paragraph', style: 'label', content: [text('Which data will you collect?')] },
    { type: 'paragraph', content: [text('Temperature and salinity readings.')] },
    { type: 'paragraph', style: 'caption', content: [text('Template: Horizon Europe')] },
    { type: 'paragraph', style: 'note', content: [text('Not answered')] },
    { type: 'heading', level: 2, content: [text('Instruments')] },
    {
      type: 'list',
      ordered: false,
      items: [
        [para(text('CTD probes'))],
        [
          para(text('Buoys')),
          {
            type: 'list',
            ordered: true,
            start: 3,
            items: [[para(text('Moored buoy'))], [para(text('Drifting buoy'))]],
          },
        ],
      ],
    },
    { type: 'list', ordered: true, items: [[para(text('First step'))], [para(text('Second step'))]] },
    {
      type: 'table',
      headerRows: 1,
      rows: [
        {
          cells: [
            { blocks: [para(text('Dataset'))] },
            { blocks: [para(text('Format'))] },
            { blocks: [para(text('Size'))] },
          ],
        },
        {
          cells: [
            { blocks: [para(text('Readings'))], rowSpan: 2 },
            { blocks: [para(text('CSV'))] },
            { blocks: [para(text('2 GB'))] },
          ],
        },
        { cells: [{ blocks: [para(text('NetCDF'))] }, { blocks: [para(text('40 GB'))] }] },
        {
          cells: [{ blocks: [para(text('Total across all formats'))], colSpan: 2 }, { blocks: [para(text('42 GB'))] }],
        },
      ],
    },
    { type: 'heading', level: 2, content: [text('Appendix notes')], toc: false },
    {
      type: 'blockquote',
      children: [para(text('Data is a public good.')), { type: 'blockquote', children: [para(text('Nested quote'))] }],
    },
    { type: 'code', text: 'station,depth\n  A1,  200\n  A2,  350' },
    { type: 'rule' },
    { type: 'image', data: png, mimeType: 'image/png', width: 1600, height: 400, alt: 'Map of the survey area' },
    { type: 'paragraph', dir: 'rtl', lang: 'ar', content: [text('خطة إدارة البيانات')] },
    { type: 'pageBreak' },
    { type: 'heading', level: 1, content: [text('Storage and backup')] },
    { type: 'paragraph', align: 'justify', content: [text('Backups run nightly to two sites.')] },
  ];
  return { meta: baseMeta(), blocks };
}

/**
 * A plan with `descriptions` descriptions of about 60 blocks each (counting list items and table
 * cells): headings, label + answer pairs, lists, a small table.
 */
export function planDocument(descriptions: number): DocumentModel {
  const blocks: Block[] = [
    { type: 'paragraph', style: 'title', content: [text('Ocean Survey')] },
    { type: 'toc', title: 'Contents' },
  ];
  for (let d = 1; d <= descriptions; d++) {
    blocks.push({ type: 'heading', level: 1, content: [text(`Description ${d}: dataset of station ${d}`)] });
    blocks.push({ type: 'paragraph', style: 'caption', content: [text('Template: Horizon Europe DMP')] });
    for (let s = 1; s <= 4; s++) {
      blocks.push({ type: 'heading', level: 2, content: [text(`${d}.${s} Section about data handling`)] });
      for (let q = 1; q <= 4; q++) {
        blocks.push({
          type: 'paragraph',
          style: 'label',
          content: [text(`Question ${q}: how will the data be handled at this stage?`)],
        });
        blocks.push(
          para(
            text('The data will be stored on institutional servers with nightly backups, and '),
            text('published', { bold: true }),
            text(' under an open licence after the embargo period of twelve months.'),
          ),
        );
      }
      blocks.push({
        type: 'list',
        ordered: s % 2 === 0,
        items: [[para(text('CSV files'))], [para(text('NetCDF files'))], [para(text('Photos'))]],
      });
    }
    blocks.push({
      type: 'table',
      headerRows: 1,
      rows: [
        {
          cells: [
            { blocks: [para(text('Name'))] },
            { blocks: [para(text('Format'))] },
            { blocks: [para(text('Size'))] },
          ],
        },
        {
          cells: [
            { blocks: [para(text('Readings'))] },
            { blocks: [para(text('CSV'))] },
            { blocks: [para(text('2 GB'))] },
          ],
        },
        {
          cells: [
            { blocks: [para(text('Profiles'))] },
            { blocks: [para(text('NetCDF'))] },
            { blocks: [para(text('40 GB'))] },
          ],
        },
      ],
    });
    blocks.push({ type: 'pageBreak' });
  }
  return { meta: baseMeta(), blocks };
}

/** Top-level and nested blocks, as the size of a model is counted in the report. */
export function countBlocks(blocks: readonly Block[]): number {
  let count = 0;
  for (const block of blocks) {
    count += 1;
    if (block.type === 'list') count += block.items.reduce((sum, item) => sum + countBlocks(item), 0);
    if (block.type === 'blockquote') count += countBlocks(block.children);
    if (block.type === 'table')
      count += block.rows.reduce((sum, row) => sum + row.cells.reduce((s, cell) => s + countBlocks(cell.blocks), 0), 0);
  }
  return count;
}
