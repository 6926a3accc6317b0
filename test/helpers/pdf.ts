/**
 * PDF checks with poppler-utils and qpdf, for any suite that produces PDFs. Each helper writes the
 * bytes to a temporary file, runs the tool and removes the file again.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

interface ToolResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

function runTool(command: string, args: string[]): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ stdout, stderr, exitCode: typeof error?.code === 'number' ? error.code : 0 });
    });
  });
}

async function withPdfFile<T>(bytes: Uint8Array, use: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-check-'));
  const path = join(dir, 'document.pdf');
  try {
    await writeFile(path, bytes);
    return await use(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function tool(command: string, args: (path: string) => string[], bytes: Uint8Array): Promise<string> {
  return withPdfFile(bytes, async (path) => {
    const result = await runTool(command, args(path));
    if (result.exitCode !== 0) throw new Error(`${command} failed (${result.exitCode}): ${result.stderr}`);
    return result.stdout;
  });
}

/**
 * A PDF's bytes as text, each deflated stream inflated in place: what a search for an entry of any
 * object must read, since most objects are in (deflated) object streams.
 */
export function pdfSource(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const source = buffer.toString('latin1');
  const parts: string[] = [];
  let copied = 0;
  for (const match of source.matchAll(/\/FlateDecode[^]*?stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    parts.push(source.slice(copied, start), inflateSync(buffer.subarray(start, end)).toString('latin1'));
    copied = end;
  }
  parts.push(source.slice(copied));
  return parts.join('');
}

/** Poppler wraps right-to-left text in these embedding controls; they are not part of the text. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;

export interface PdfTextOptions {
  /** Only these pages (1-based, inclusive). */
  firstPage?: number;
  lastPage?: number;
  /** Keep the page layout (columns side by side) instead of reading order. */
  layout?: boolean;
}

/** The text of a PDF as pdftotext extracts it (reading order), without bidi embedding controls. */
export async function pdfText(bytes: Uint8Array, options: PdfTextOptions = {}): Promise<string> {
  const text = await tool(
    'pdftotext',
    (path) => [
      '-enc',
      'UTF-8',
      ...(options.layout ? ['-layout'] : []),
      ...(options.firstPage ? ['-f', String(options.firstPage)] : []),
      ...(options.lastPage ? ['-l', String(options.lastPage)] : []),
      path,
      '-',
    ],
    bytes,
  );
  return text.replace(BIDI_CONTROLS, '');
}

/** Text per page (pdftotext separates pages with form feeds). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pages = (await pdfText(bytes)).split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

const decodeXml = (value: string): string =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every word with its box on the page (pdftotext -bbox; points, origin top left), in content order. */
export async function pdfWords(bytes: Uint8Array): Promise<PdfWord[]> {
  const html = await tool('pdftotext', (path) => ['-enc', 'UTF-8', '-bbox', path, '-'], bytes);
  const words: PdfWord[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (match) {
      words.push({
        page,
        xMin: Number(match[1]),
        yMin: Number(match[2]),
        xMax: Number(match[3]),
        yMax: Number(match[4]),
        text: decodeXml(match[5]).replace(BIDI_CONTROLS, ''),
      });
    }
  }
  return words;
}

export interface PdfFont {
  name: string;
  type: string;
  encoding: string;
  embedded: boolean;
  subset: boolean;
  hasToUnicode: boolean;
}

/** The fonts listed by pdffonts. */
export async function pdfFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  const output = await tool('pdffonts', (path) => [path], bytes);
  return output
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      // name, type (may contain spaces), encoding, emb, sub, uni, object, generation
      const match = /^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
      if (!match) throw new Error(`Unexpected pdffonts line: ${line}`);
      return {
        name: match[1],
        type: match[2].trim(),
        encoding: match[3],
        embedded: match[4] === 'yes',
        subset: match[5] === 'yes',
        hasToUnicode: match[6] === 'yes',
      };
    });
}

/** pdfinfo's fields ("Title", "Pages", "Page size", ...). */
export async function pdfInfo(bytes: Uint8Array): Promise<Record<string, string>> {
  const output = await tool('pdfinfo', (path) => ['-enc', 'UTF-8', path], bytes);
  const info: Record<string, string> = {};
  for (const line of output.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) info[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return info;
}

export interface PdfImage {
  page: number;
  width: number;
  height: number;
  type: string;
  color: string;
}

/** Embedded images (pdfimages -list). Soft masks (alpha channels) are left out. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const output = await tool('pdfimages', (path) => ['-list', path], bytes);
  return output
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length > 5 && columns[2] === 'image')
    .map((columns) => ({
      page: Number(columns[0]),
      width: Number(columns[3]),
      height: Number(columns[4]),
      color: columns[5],
      type: columns[2],
    }));
}

export interface QpdfCheck {
  ok: boolean;
  output: string;
}

/** qpdf --check: structure, cross-reference table and streams. */
export async function qpdfCheck(bytes: Uint8Array): Promise<QpdfCheck> {
  return withPdfFile(bytes, async (path) => {
    const result = await runTool('qpdf', ['--check', path]);
    return {
      ok: result.exitCode === 0 && /No syntax or stream encoding errors/.test(result.stdout),
      output: result.stdout + result.stderr,
    };
  });
}

/**
 * The file as qpdf rewrites it in QDF form: objects renumbered in the order they are reached, no
 * object streams, no original numbers, a fixed /ID. Two files holding the same objects, however
 * numbered and stored, give the same bytes (after the header's version).
 */
export async function qpdfNormalized(bytes: Uint8Array): Promise<Buffer> {
  return withPdfFile(bytes, async (path) => {
    const out = `${path}.qdf.pdf`;
    const result = await runTool('qpdf', [
      '--qdf',
      '--object-streams=disable',
      '--static-id',
      '--no-original-object-ids',
      path,
      out,
    ]);
    if (result.exitCode !== 0) throw new Error(`qpdf failed (${result.exitCode}): ${result.stderr}`);
    return readFile(out);
  });
}

/** qpdf's listing of the cross-reference entries: `12/0: compressed; stream = 40, index = 3`, one per line. */
export const qpdfXrefListing = (bytes: Uint8Array): Promise<string> =>
  tool('qpdf', (path) => ['--show-xref', path], bytes);

/** Where each object is (qpdf --show-xref): at an offset of the file, or in an object stream. */
export async function qpdfXref(bytes: Uint8Array): Promise<Map<number, 'uncompressed' | 'compressed'>> {
  const listing = await qpdfXrefListing(bytes);
  return new Map(
    [...listing.matchAll(/^(\d+)\/0: (uncompressed|compressed)/gm)].map(
      (match) => [Number(match[1]), match[2] as 'uncompressed' | 'compressed'] as const,
    ),
  );
}

export interface QpdfJson {
  outlines: QpdfOutline[];
  /** [header, { "obj:1 0 R": { value | stream }, ..., trailer }] */
  qpdf: [unknown, Record<string, { value?: unknown; stream?: { dict: Record<string, unknown> } }>];
}

export interface QpdfOutline {
  title: string;
  destpageposfrom1: number;
  kids: QpdfOutline[];
}

/** The document's objects as qpdf's JSON (version 2): outline, annotations, named destinations... */
export async function qpdfJson(bytes: Uint8Array): Promise<QpdfJson> {
  return JSON.parse(await tool('qpdf', (path) => ['--json=2', path], bytes)) as QpdfJson;
}

/** Plain values of all objects (dictionaries, strings...), streams left out. */
export function pdfObjects(json: QpdfJson): unknown[] {
  return Object.values(json.qpdf[1])
    .map((entry) => entry.value)
    .filter((value) => value !== undefined);
}

/** The document catalog (/Type /Catalog) dictionary. */
export function pdfCatalog(json: QpdfJson): Record<string, unknown> {
  const catalog = pdfObjects(json).find((value) => (value as Record<string, unknown> | null)?.['/Type'] === '/Catalog');
  if (!catalog) throw new Error('No catalog in the PDF');
  return catalog as Record<string, unknown>;
}

export interface PdfLine {
  page: number;
  /** The line's words joined by single spaces. */
  text: string;
  words: PdfWord[];
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every text line with its box and words (pdftotext -bbox-layout; points, origin top left), page by page in content order. */
export async function pdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  const xml = await tool('pdftotext', (path) => ['-enc', 'UTF-8', '-bbox-layout', path, '-'], bytes);
  const lines: PdfLine[] = [];
  let page = 0;
  let line: PdfLine | undefined;
  const box = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/;
  for (const row of xml.split('\n')) {
    if (row.includes('<page ')) page++;
    else if (row.includes('<line ')) {
      const [, xMin, yMin, xMax, yMax] = box.exec(row)!.map(Number);
      line = { page, text: '', words: [], xMin, yMin, xMax, yMax };
      lines.push(line);
    } else if (line && row.includes('<word ')) {
      const match = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(row);
      if (match) {
        const text = decodeXml(match[5]).replace(BIDI_CONTROLS, '');
        line.words.push({
          page,
          xMin: Number(match[1]),
          yMin: Number(match[2]),
          xMax: Number(match[3]),
          yMax: Number(match[4]),
          text,
        });
        line.text = line.text ? `${line.text} ${text}` : text;
      }
    }
  }
  return lines;
}

/** Each page rendered by pdftoppm as a greyscale bitmap (PGM bytes), for comparing what is drawn. */
export async function pdfPageBitmaps(bytes: Uint8Array, dpi = 72): Promise<Buffer[]> {
  return withPdfFile(bytes, async (path) => {
    const prefix = join(path, '..', 'page');
    const result = await runTool('pdftoppm', ['-r', String(dpi), '-gray', path, prefix]);
    if (result.exitCode !== 0) throw new Error(`pdftoppm failed (${result.exitCode}): ${result.stderr}`);
    const files = (await readdir(join(path, '..'))).filter((name) => name.startsWith('page')).sort();
    return Promise.all(files.map((name) => readFile(join(path, '..', name))));
  });
}
