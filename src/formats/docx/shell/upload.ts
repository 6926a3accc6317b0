/**
 * An admin's Word shell template, checked before anything parses it. The checks read only the
 * ZIP's central directory (names, declared sizes), so a zip bomb is refused before it is inflated;
 * fflate then inflates each file into a buffer of its declared size, never more. When filling a
 * template fails, `malformedPartError` tells whether one of its parts is to blame.
 */
import { ImportedXmlComponent } from 'docx';
import { strFromU8, unzipSync, type UnzipFileInfo } from 'fflate';
import { ServiceError } from '../../../errors';
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

/** Reads a .docx shell template, or throws a bad-request ServiceError naming the configuration field. */
export function readTemplatePackage(template: Uint8Array, fieldCode: string): TemplatePackage {
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

  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(template, {
      filter: (entry) => {
        entries.push(entry);
        if (entries.length > TEMPLATE_LIMITS.maxEntries)
          throw new TooLarge(`it holds more than ${TEMPLATE_LIMITS.maxEntries} files.`);
        return false; // look, don't inflate
      },
    });
  } catch (error) {
    if (error instanceof TooLarge) throw rejected(fieldCode, error.message);
    throw rejected(fieldCode, 'the file is damaged: its ZIP structure cannot be read.');
  }
  checkSizes(entries, template.length, fieldCode);

  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('word/document.xml')) {
    throw rejected(fieldCode, 'it is not a Word document (.docx): it has no word/document.xml.');
  }
  if (entries.some((entry) => /(^|\/)vbaProject\.bin$/i.test(entry.name))) {
    throw rejected(fieldCode, 'it contains macros (.docm); save it as a Word document without macros (.docx).');
  }

  let files: TemplatePackage;
  try {
    files = new Map(Object.entries(unzipSync(template, { filter: (entry) => !entry.name.endsWith('/') })));
  } catch {
    throw rejected(fieldCode, 'the file is damaged: its content cannot be unpacked.');
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

class TooLarge extends Error {}

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

function checkSizes(entries: UnzipFileInfo[], packageBytes: number, fieldCode: string): void {
  let total = 0;
  let compressed = 0;
  for (const entry of entries) {
    total += entry.originalSize;
    compressed += entry.size;
    // Entries that share their data (overlapping entries) add up to more than the file holds.
    if (compressed > packageBytes) throw rejected(fieldCode, 'its entries overlap: the file looks like a zip bomb.');
    // DEFLATE cannot expand data more than ~1032 times; declared sizes past that are lies.
    const ratio = entry.originalSize / Math.max(entry.size, 1);
    if (ratio > 1032 || (entry.originalSize > MEGABYTE && ratio > TEMPLATE_LIMITS.maxCompressionRatio)) {
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
