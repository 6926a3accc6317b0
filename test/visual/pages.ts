/**
 * The visual check's cases and machinery: the first pages of each fixture's PDF (drawn by poppler's
 * pdftoppm) and DOCX (converted by LibreOffice, then pdftoppm) as small PNGs, compared with the
 * approved ones in ./approved with pixelmatch. Used by pages.visual.ts (the check) and approve.ts
 * (regenerates the approved images on purpose).
 */
import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { JAVA_BODY_MARKERS, exportWithJavaShell } from '../builders/javaStyleShell';
import { documentFixtures, exportFixture, fixtureName, type DocumentFormat } from '../builders/fixtureExports';
import { convertAllWithLibreOffice } from '../helpers/libreoffice';

export const APPROVED = resolve(__dirname, 'approved');
/** Low resolution: an A4 page is 331 x 468 pixels, enough to see layout, small to commit. */
export const RESOLUTION_DPI = 40;
export const FIRST_PAGES = 3;
/**
 * Pages are compared in cells of 6 x 6 pixels (about 1/7 inch), each the mean of its pixels: text
 * drawn with other anti-aliasing or hinting keeps its ink in the same cells, while a block that moved
 * puts ink in other cells. pixelmatch then counts cells whose colour differs by more than
 * CELL_THRESHOLD (its YIQ distance, 0-1).
 */
export const CELL_PIXELS = 6;
export const CELL_THRESHOLD = 0.25;
/**
 * Share of a page's cells that may differ. Measured on plan-full's pages: text drawn without
 * anti-aliasing differs in at most 0.12 % of the cells; the lower half of a page moved down by half a
 * line of text (4 pixels) in 0.35-0.75 % (pages.visual.ts checks both).
 */
export const MAX_DIFFERING_SHARE = 0.0025;

export interface VisualCase {
  /** Image names are `${name}-p${page}.png`. */
  name: string;
  format: DocumentFormat;
  /** What was exported, for the approved images' notes. */
  source: string;
  /** What the first pages show, page by page, where the case is known. */
  pages?: string[];
  file: () => Promise<Uint8Array>;
}

const SAMPLE_PAGES = [
  'cover: title block and the plan facts as a table',
  'table of contents, filled, with page numbers',
  'administrative information and data summary',
];

/** plan-full and every fixtures/typography plan, as PDF and as DOCX, and plan-full in a Java-style Word shell. */
export function visualCases(): VisualCase[] {
  const fixtures = documentFixtures(['plan-full.json']);
  const cases = fixtures.flatMap((file) =>
    (['pdf', 'docx'] as const).map((format): VisualCase => ({
      name: `${fixtureName(file)}-${format}`,
      format,
      source: `fixtures/${file} as ${format === 'pdf' ? 'PDF' : 'DOCX, drawn by LibreOffice'}`,
      pages: file === 'plan-full.json' ? SAMPLE_PAGES : undefined,
      file: () => exportFixture(file, format),
    })),
  );
  cases.push({
    name: 'java-shell-docx',
    format: 'docx',
    source: `fixtures/plan-full.json in a Java-style Word shell (body at ${JAVA_BODY_MARKERS[1]}), DOCX drawn by LibreOffice`,
    pages: [
      "the shell's own cover: logo, title, version, funder",
      'our body after the shell cover: plan title and table of contents',
      'administrative information',
    ],
    file: () => exportWithJavaShell(JAVA_BODY_MARKERS[1]),
  });
  return cases;
}

/** The note for an approved image. */
export function imageNote(visualCase: VisualCase, page: number): string {
  return `${visualCase.source}, page ${page}${visualCase.pages?.[page - 1] ? `: ${visualCase.pages[page - 1]}` : ''}`;
}

const run = promisify(execFile);

/**
 * Renders the first pages of every case into `folder`; resolves to image name -> PNG file path.
 * DOCX files go through one LibreOffice run together.
 */
export async function renderCases(
  cases: VisualCase[],
  folder: string,
  pdftoppmOptions: string[] = [],
): Promise<Map<string, string>> {
  const pdfs = new Map<string, string>();
  const docx: { name: string; path: string }[] = [];
  for (const visualCase of cases) {
    const bytes = await visualCase.file();
    const path = join(folder, `${visualCase.name}.${visualCase.format}`);
    await writeFile(path, bytes);
    if (visualCase.format === 'pdf') pdfs.set(visualCase.name, path);
    else docx.push({ name: visualCase.name, path });
  }
  if (docx.length > 0) {
    const converted = await convertAllWithLibreOffice(
      docx.map((file) => file.path),
      'pdf',
      300_000,
    );
    docx.forEach((file, i) => pdfs.set(file.name, converted[i]));
  }
  const images = new Map<string, string>();
  for (const [name, pdf] of pdfs) {
    const prefix = `${name}-page`;
    await run('pdftoppm', [
      '-r',
      String(RESOLUTION_DPI),
      '-f',
      '1',
      '-l',
      String(FIRST_PAGES),
      '-png',
      ...pdftoppmOptions,
      pdf,
      join(folder, prefix),
    ]);
    // pdftoppm numbers the files "-1", or "-01" in a file of 10 pages or more.
    for (const file of await readdir(folder)) {
      const page = file.startsWith(prefix) ? /^-(\d+)\.png$/.exec(file.slice(prefix.length))?.[1] : undefined;
      if (page) images.set(`${name}-p${Number(page)}.png`, join(folder, file));
    }
  }
  return images;
}

export interface Comparison {
  sameSize: boolean;
  /** Cells that differ, and their share of the page's cells. */
  differing: number;
  share: number;
}

/** The image as cells of CELL_PIXELS x CELL_PIXELS pixels, each the mean of its pixels. */
function cells(image: PNG): PNG {
  const width = Math.floor(image.width / CELL_PIXELS);
  const height = Math.floor(image.height / CELL_PIXELS);
  const out = new PNG({ width, height });
  const area = CELL_PIXELS * CELL_PIXELS;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 4; channel++) {
        let sum = 0;
        for (let dy = 0; dy < CELL_PIXELS; dy++) {
          const row = (y * CELL_PIXELS + dy) * image.width;
          for (let dx = 0; dx < CELL_PIXELS; dx++) sum += image.data[(row + x * CELL_PIXELS + dx) * 4 + channel];
        }
        out.data[(y * width + x) * 4 + channel] = Math.round(sum / area);
      }
    }
  }
  return out;
}

/** How a rendering differs from its approved image: cells that pixelmatch finds different. */
export function comparePng(actual: Buffer, approved: Buffer): Comparison {
  const a = PNG.sync.read(actual);
  const b = PNG.sync.read(approved);
  if (a.width !== b.width || a.height !== b.height) return { sameSize: false, differing: Number.NaN, share: 1 };
  const [ca, cb] = [cells(a), cells(b)];
  const differing = pixelmatch(ca.data, cb.data, undefined, ca.width, ca.height, {
    threshold: CELL_THRESHOLD,
    includeAA: true,
  });
  return { sameSize: true, differing, share: differing / (ca.width * ca.height) };
}

/** Whether a rendering passes against its approved image. */
export const passes = (comparison: Comparison): boolean =>
  comparison.sameSize && comparison.share <= MAX_DIFFERING_SHARE;

export const readPng = (path: string): Promise<Buffer> => readFile(path);
