/**
 * How close the page numbers our DOCX table of contents carries are to LibreOffice's: each DOCX is
 * converted to PDF by LibreOffice (which shows the cached numbers as written, and lays the pages out
 * itself), and each entry's heading is looked up in the PDF's pages, in order, after the contents.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertAllWithLibreOffice } from './libreoffice';
import { pdfPages } from './pdf';
import { bodyParagraphs, openDocx, paragraphStyle, paragraphText } from './ooxml';

export interface ContentsEntryCheck {
  title: string;
  /** The number the DOCX carries (NaN when blank). */
  written: number;
  /**
   * The number LibreOffice shows for the entry on the contents page: NaN when it has no line there,
   * null when the line has right-to-left text (pdftotext then mixes up the order of title and number).
   */
  shown: number | null;
  /** The page LibreOffice puts the heading on (NaN when not found). */
  actual: number;
}

/** The entries of a DOCX's table of contents: title and the cached page number. */
export async function contentsEntries(bytes: Uint8Array): Promise<{ title: string; written: number }[]> {
  const docx = await openDocx(bytes);
  return bodyParagraphs(docx.xml('word/document.xml'))
    .filter((paragraph) => /^TOC\d$/.test(paragraphStyle(paragraph) ?? ''))
    .map((paragraph) => {
      const [title, page] = paragraphText(paragraph).split('\t');
      return { title: title.trim(), written: page?.trim() ? Number(page.trim()) : NaN };
    });
}

/** A line of a table of contents as pdftotext reads it: title, dotted leader, page number (either way round). */
const CONTENTS_LINE = /\.{4,}\s*(\d+)\s*$|^\s*(\d+)\s*\.{4,}/;
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
/** pdftotext marks right-to-left runs with bidi controls; they are not text. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const normalise = (text: string) => text.replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
const pageLinesOf = (page: string) =>
  page
    .split('\n')
    .map((line) => line.replace(BIDI_CONTROLS, ''))
    .filter((line) => line.trim() !== '');

/** The page number a contents line shows, or null when its right-to-left text makes the order unreliable. */
function shownNumber(line: string): number | null {
  if (RIGHT_TO_LEFT.test(line)) return null;
  const match = CONTENTS_LINE.exec(line);
  return Number(match?.[1] ?? match?.[2]);
}

/**
 * Where LibreOffice puts each entry's heading: the page where its title next shows after the previous
 * entry's heading (titles repeat: every description has its "Dataset identity").
 */
export function locateHeadings(pages: string[], titles: string[], headerText: string): number[] {
  // Contents lines end in leaders and a number; the headings come after the last of them.
  const isContentsLine = (line: string) => CONTENTS_LINE.test(line);
  const pageLines = pages.map(pageLinesOf);
  const bodies = pageLines.map((lines) =>
    normalise(
      (normalise(lines[0] ?? '') === normalise(headerText) ? lines.slice(1) : lines)
        .filter((line) => !isContentsLine(line))
        .join('\n'),
    ),
  );
  const starts: number[] = [];
  let text = '';
  for (const body of bodies) {
    starts.push(text.length);
    text += `${body} `;
  }
  const firstBodyPage = pageLines.findLastIndex((lines) => lines.some(isContentsLine)) + 1;
  let cursor = starts[firstBodyPage] ?? text.length;
  return titles.map((title) => {
    const at = text.indexOf(normalise(title), cursor);
    if (at < 0) return NaN;
    cursor = at + 1;
    return starts.findLastIndex((start) => start <= at) + 1;
  });
}

/** Converts the named DOCX files with LibreOffice in one run and compares each entry's number with its heading's page. */
export async function checkContentsPages(
  files: Record<string, Uint8Array>,
  headerText: (name: string) => string,
): Promise<Record<string, ContentsEntryCheck[]>> {
  const folder = await mkdtemp(join(tmpdir(), 'toc-pages-'));
  try {
    const names = Object.keys(files);
    const paths = await Promise.all(
      names.map(async (name) => {
        const path = join(folder, `${name}.docx`);
        await writeFile(path, files[name]);
        return path;
      }),
    );
    const pdfs = await convertAllWithLibreOffice(paths, 'pdf', 240_000);
    const result: Record<string, ContentsEntryCheck[]> = {};
    for (const [i, name] of names.entries()) {
      const entries = await contentsEntries(files[name]);
      const pages = await pdfPages(await readFile(pdfs[i]));
      const actual = locateHeadings(
        pages,
        entries.map((entry) => entry.title),
        headerText(name),
      );
      const shown = pages.flatMap((page) =>
        pageLinesOf(page)
          .filter((line) => CONTENTS_LINE.test(line))
          .map(shownNumber),
      );
      result[name] = entries.map((entry, j) => ({
        ...entry,
        shown: j < shown.length ? shown[j] : NaN,
        actual: actual[j],
      }));
    }
    return result;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Largest and mean difference in pages between written and actual, over all entries. */
export function differences(checks: Record<string, ContentsEntryCheck[]>): {
  max: number;
  mean: number;
  entries: number;
} {
  const all = Object.values(checks).flat();
  const diffs = all.map((entry) => Math.abs(entry.written - entry.actual));
  return {
    max: Math.max(0, ...diffs),
    mean: diffs.reduce((a, b) => a + b, 0) / Math.max(1, diffs.length),
    entries: diffs.length,
  };
}
