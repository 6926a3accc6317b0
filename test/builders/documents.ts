/**
 * Hand-built document models for the writers' tests and benchmarks: one that uses every block
 * type, plan-shaped ones of any size, and images of every kind (real, huge, corrupt).
 */
import { deflateSync } from 'node:zlib';
import { encodePng, pngChunk } from '../../fixtures/lib/png';
import type { Block, DocumentMeta, DocumentModel, Inline, TableRow } from '../../src/document/types';

export const text = (value: string, marks?: Extract<Inline, { type: 'text' }>['marks']): Inline => ({
  type: 'text',
  text: value,
  marks,
});
export const para = (...content: Inline[]): Block => ({ type: 'paragraph', content });
export const paragraph = (value: string, extra: Partial<Extract<Block, { type: 'paragraph' }>> = {}): Block => ({
  type: 'paragraph',
  content: [text(value)],
  ...extra,
});
export const heading = (
  level: 1 | 2 | 3 | 4 | 5 | 6,
  value: string,
  extra: Partial<Extract<Block, { type: 'heading' }>> = {},
): Block => ({
  type: 'heading',
  level,
  content: [text(value)],
  ...extra,
});

export function meta(overrides: Partial<DocumentMeta> = {}): DocumentMeta {
  return {
    title: 'Data management plan',
    author: 'Ada Lovelace',
    subject: 'Research data',
    keywords: ['data', 'plan'],
    language: 'en',
    direction: 'ltr',
    headerText: 'Running header of the plan',
    footerText: 'Page {page} of {pages}',
    pageSize: 'A4',
    orientation: 'portrait',
    margins: { top: 56, right: 56, bottom: 56, left: 56 },
    ...overrides,
  };
}

/** A real PNG: RGB, or RGBA when `alpha` (pdfkit decodes those in a zlib callback). */
export function makePng(width: number, height: number, alpha = false): Uint8Array {
  return new Uint8Array(
    encodePng(width, height, (x, y) => [(x * 255) / width, (y * 255) / height, 160, 200], { alpha }),
  );
}

/**
 * A large RGB PNG of one grey shade, cheap to build and a few kilobytes small: its pixels
 * compress to almost nothing, as in a decompression bomb.
 */
export function makeBlankPng(width: number, height: number, shade = 0): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const scanline = Buffer.alloc(1 + width * 3, shade);
  scanline[0] = 0; // filter type: none
  const raw = Buffer.concat(Array.from({ length: height }, () => scanline));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A PNG whose compressed pixels are garbage, with valid chunk checksums. */
export function makeCorruptPng(alpha: boolean): Uint8Array {
  const valid = Buffer.from(makePng(8, 8, alpha));
  const header = Buffer.alloc(13);
  valid.copy(header, 0, 16, 29);
  return new Uint8Array(
    Buffer.concat([
      valid.subarray(0, 8),
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.from('definitely not zlib data')),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

type Rgb = [number, number, number];

/**
 * A GIF whose pixels are palette indices, row by row. Its LZW stream uses literal codes only
 * (a clear code every 254 codes keeps the code size at 9 bits), which any decoder must accept.
 * `screen`: the logical screen around the frame (default: the frame's size).
 */
export function makeGif(
  width: number,
  height: number,
  palette: Rgb[],
  indexAt: (x: number, y: number) => number,
  options: { interlaced?: boolean; transparentIndex?: number; screen?: { width: number; height: number } } = {},
): Uint8Array {
  const bytes: number[] = [...Buffer.from('GIF89a', 'latin1')];
  const u16 = (value: number): number[] => [value & 0xff, value >> 8];
  const table = Array.from({ length: 256 }, (_, index) => palette[index] ?? [0, 0, 0]).flat();
  const screen = options.screen ?? { width, height };
  bytes.push(...u16(screen.width), ...u16(screen.height), 0xf7, 0, 0, ...table); // global colour table of 256 entries
  if (options.transparentIndex !== undefined) bytes.push(0x21, 0xf9, 4, 1, 0, 0, options.transparentIndex, 0);
  bytes.push(0x2c, ...u16(0), ...u16(0), ...u16(width), ...u16(height), options.interlaced ? 0x40 : 0);
  const rows = Array.from({ length: height }, (_, y) => y);
  const stored = options.interlaced
    ? [
        [0, 8],
        [4, 8],
        [2, 4],
        [1, 2],
      ].flatMap(([start, step]) => rows.filter((y) => y >= start && (y - start) % step === 0))
    : rows;
  const codes: number[] = [];
  let sinceClear = 0;
  for (const y of stored) {
    for (let x = 0; x < width; x++) {
      if (sinceClear % 254 === 0) codes.push(256);
      codes.push(indexAt(x, y));
      sinceClear++;
    }
  }
  codes.push(257);
  const packed: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const code of codes) {
    buffer |= code << bits;
    bits += 9;
    while (bits >= 8) {
      packed.push(buffer & 0xff);
      buffer >>>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) packed.push(buffer & 0xff);
  bytes.push(8);
  for (let offset = 0; offset < packed.length; offset += 255) {
    const block = packed.slice(offset, offset + 255);
    bytes.push(block.length, ...block);
  }
  bytes.push(0, 0x3b);
  return new Uint8Array(bytes);
}

/** An uncompressed 24-bit BMP, stored bottom-up (or top-down). */
export function makeBmp(
  width: number,
  height: number,
  colorAt: (x: number, y: number) => Rgb,
  topDown = false,
): Uint8Array {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const data = Buffer.alloc(54 + stride * height);
  data.write('BM', 0, 'latin1');
  data.writeUInt32LE(data.length, 2);
  data.writeUInt32LE(54, 10);
  data.writeUInt32LE(40, 14);
  data.writeInt32LE(width, 18);
  data.writeInt32LE(topDown ? -height : height, 22);
  data.writeUInt16LE(1, 26);
  data.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    const row = 54 + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = colorAt(x, y);
      data[row + x * 3] = b;
      data[row + x * 3 + 1] = g;
      data[row + x * 3 + 2] = r;
    }
  }
  return new Uint8Array(data);
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
  return { meta: meta(), blocks };
}

/** A plan-shaped document: per description a heading, sections, label + answer pairs, lists, a table. */
export function planDocument(descriptions: number): DocumentModel {
  const blocks: Block[] = [
    paragraph('Benchmark plan', { style: 'title' }),
    paragraph('Version 1', { style: 'subtitle' }),
    { type: 'pageBreak' },
    { type: 'toc', title: 'Contents' },
    { type: 'pageBreak' },
  ];
  const logo = makePng(120, 60);
  for (let d = 1; d <= descriptions; d++) {
    blocks.push(heading(1, `Description ${d}: soil samples of site ${d}`));
    if (d % 5 === 1)
      blocks.push({ type: 'image', data: logo, mimeType: 'image/png', width: 120, height: 60, alt: 'Logo' });
    for (let s = 1; s <= 4; s++) {
      blocks.push(heading(2, `Section ${s}`));
      for (let q = 1; q <= 6; q++) {
        blocks.push(paragraph(`Question ${q} of section ${s}?`, { style: 'label' }));
        blocks.push({
          type: 'paragraph',
          content: [
            text('We will collect '),
            text('georeferenced', { bold: true }),
            text(' measurements every week and store them in a '),
            { type: 'link', href: 'https://zenodo.org/records/123', children: [text('trusted repository')] },
            text(
              d % 10 === 3 && q === 1
                ? '. Résumé: données 数据 δεδομένα بيانات 데이터.'
                : '. Files are versioned and checked for quality before release.',
            ),
          ],
        });
      }
      blocks.push({
        type: 'list',
        ordered: s % 2 === 0,
        items: [
          [paragraph('Raw files as CSV')],
          [paragraph('Processed files as NetCDF')],
          [paragraph('Documentation as PDF/A')],
        ],
      });
    }
    const rows: TableRow[] = [
      {
        cells: [{ blocks: [paragraph('Dataset')] }, { blocks: [paragraph('Format')] }, { blocks: [paragraph('Size')] }],
      },
      ...[1, 2, 3].map((r) => ({
        cells: [
          { blocks: [paragraph(`Samples ${d}.${r}`)] },
          { blocks: [paragraph('CSV')] },
          { blocks: [paragraph(`${r * 12} MB`)] },
        ],
      })),
    ];
    blocks.push({ type: 'table', headerRows: 1, rows });
  }
  return { meta: meta({ title: `Plan with ${descriptions} descriptions` }), blocks };
}

export function countBlocks(blocks: Block[]): number {
  let count = 0;
  for (const block of blocks) {
    count++;
    if (block.type === 'list') for (const item of block.items) count += countBlocks(item);
    if (block.type === 'table')
      for (const row of block.rows) for (const cell of row.cells) count += countBlocks(cell.blocks);
    if (block.type === 'blockquote') count += countBlocks(block.children);
  }
  return count;
}
