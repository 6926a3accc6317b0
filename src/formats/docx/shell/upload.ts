/**
 * An admin's Word shell template, checked before anything parses it. `checkTemplatePackage` reads
 * only the ZIP's central directory (names, declared sizes), so a zip bomb or a member claiming
 * data the file does not hold is refused before it is inflated, and before the document is laid
 * out (the pipeline calls it first); each file is then inflated against its declared size
 * (src/zip.ts), refused at the first byte past it. When filling a template fails,
 * `malformedPartError` tells whether one of its parts is to blame.
 */
import { ImportedXmlComponent } from 'docx';
import { strFromU8 } from 'fflate';
import { ServiceError } from '../../../errors';
import { listZip, TooManyZipEntries, unzipEntry, ZipError, type ZipEntry } from '../../../zip';
import { sanitizePackage, type TemplatePackage } from './sanitize';

export const TEMPLATE_LIMITS = {
  /** Largest upload accepted. */
  maxBytes: 20 * 1024 * 1024,
  /** Largest sum of the files' uncompressed sizes. */
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxEntries: 2_000,
  /** More than this many times smaller than its content: only a zip bomb compresses like that. */
  maxCompressionRatio: 200,
} as const;

const MEGABYTE = 1024 * 1024;
const MACRO_ENABLED_DOCUMENT = 'application/vnd.ms-word.document.macroEnabled.main+xml';

export type { TemplatePackage } from './sanitize';

function rejected(fieldCode: string, problem: string): ServiceError {
  return new ServiceError(
    'bad-request',
    `The Word template in the configuration field "${fieldCode}" cannot be used: ${problem}`,
    [{ path: fieldCode, message: problem }],
  );
}

const startsWith = (data: Uint8Array, bytes: number[]) => bytes.every((byte, i) => data[i] === byte);

/**
 * The checks that need only the ZIP's directory (size, kind of file, declared sizes, macros): a
 * bad-request ServiceError naming the configuration field, in milliseconds. Returns the members.
 */
export function checkTemplatePackage(template: Uint8Array, fieldCode: string): ZipEntry[] {
  if (template.length > TEMPLATE_LIMITS.maxBytes) {
    throw rejected(
      fieldCode,
      `the file is ${(template.length / MEGABYTE).toFixed(1)} MB; the limit is ${TEMPLATE_LIMITS.maxBytes / MEGABYTE} MB.`,
    );
  }
  if (startsWith(template, [0xd0, 0xcf, 0x11, 0xe0])) {
    throw rejected(
      fieldCode,
      'it is a password-protected document or an old binary .doc file; save it as an unprotected Word document (.docx).',
    );
  }
  if (!startsWith(template, [0x50, 0x4b, 0x03, 0x04])) {
    throw rejected(
      fieldCode,
      'it is not a Word document (.docx); a .docx file is a ZIP package, and this file is not one.',
    );
  }

  let entries: ZipEntry[];
  try {
    entries = listZip(template, { maxEntries: TEMPLATE_LIMITS.maxEntries });
  } catch (error) {
    if (error instanceof TooManyZipEntries) throw rejected(fieldCode, `${error.message}.`);
    if (!(error instanceof ZipError)) throw error;
    throw rejected(fieldCode, `the file is damaged or a zip bomb: ${error.message}.`);
  }
  checkSizes(entries, template.length, fieldCode);

  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('word/document.xml')) {
    throw rejected(fieldCode, 'it is not a Word document (.docx): it has no word/document.xml.');
  }
  if (entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name))) {
    throw rejected(fieldCode, 'it contains macros (.docm); save it as a Word document without macros (.docx).');
  }
  return entries;
}

/** Reads a .docx shell template, or throws a bad-request ServiceError naming the configuration field. */
export function readTemplatePackage(template: Uint8Array, fieldCode: string): TemplatePackage {
  const entries = checkTemplatePackage(template, fieldCode);
  let files: TemplatePackage;
  try {
    files = new Map(
      entries.filter((entry) => !entry.name.endsWith('/')).map((entry) => [entry.name, unzipEntry(template, entry)]),
    );
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    throw rejected(fieldCode, `the file is damaged or a zip bomb: ${error.message}.`);
  }
  const contentTypes = files.get('[Content_Types].xml');
  if (contentTypes && strFromU8(contentTypes).includes(MACRO_ENABLED_DOCUMENT)) {
    throw rejected(
      fieldCode,
      'it is a macro-enabled document (.docm); save it as a Word document without macros (.docx).',
    );
  }
  // No remote resource, DTD or UTF-16 part goes further.
  sanitizePackage(files);
  return files;
}

/** Longest excerpt of a parser's complaint quoted back: it may quote the part's text. */
const MAX_PROBLEM_CHARACTERS = 200;
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/**
 * The 400 for the first XML part of the template that is not well-formed, or undefined when all
 * are. Parts are read with docx's strict parser, as patchDocument read them before the shell was
 * spliced as text (it passes UTF-16 parts through unparsed).
 */
export function malformedPartError(files: TemplatePackage, fieldCode: string): ServiceError | undefined {
  for (const [path, bytes] of files) {
    if (!/\.(xml|rels)$/.test(path) || UTF16_BOMS.some((bom) => startsWith(bytes, bom))) continue;
    try {
      ImportedXmlComponent.fromXmlString(strFromU8(bytes));
    } catch (error) {
      const problem = (error instanceof Error ? error.message : String(error)).replace(/^Invalid XML:\s*/, '');
      const shown = problem.length > MAX_PROBLEM_CHARACTERS ? `${problem.slice(0, MAX_PROBLEM_CHARACTERS)}…` : problem;
      return rejected(fieldCode, `${path} is not well-formed XML: ${shown}`);
    }
  }
  return undefined;
}

function checkSizes(entries: ZipEntry[], packageBytes: number, fieldCode: string): void {
  let total = 0;
  for (const entry of entries) {
    total += entry.size;
    // Overlapping entries and declared sizes DEFLATE cannot reach were refused by listZip.
    const ratio = entry.size / Math.max(entry.compressedSize, 1);
    if (entry.size > MEGABYTE && ratio > TEMPLATE_LIMITS.maxCompressionRatio) {
      throw rejected(fieldCode, `"${entry.name}" expands ${Math.round(ratio)} times: the file looks like a zip bomb.`);
    }
  }
  if (total > TEMPLATE_LIMITS.maxUncompressedBytes) {
    throw rejected(
      fieldCode,
      `it unpacks to ${(total / MEGABYTE).toFixed(0)} MB; the limit is ${TEMPLATE_LIMITS.maxUncompressedBytes / MEGABYTE} MB.`,
    );
  }
  if (total > 10 * MEGABYTE && total / Math.max(packageBytes, 1) > TEMPLATE_LIMITS.maxCompressionRatio) {
    throw rejected(fieldCode, 'it expands far beyond its size: the file looks like a zip bomb.');
  }
}
