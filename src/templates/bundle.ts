/**
 * Template uploads -> the files of a template, within bounds: a ZIP bundle is checked entry by
 * entry before anything is inflated (size, count, paths that would leave the bundle, files the
 * layout does not know), so a zip bomb or a traversal never gets unpacked, and each member is
 * then inflated against its declared size (src/zip.ts), refused at the first byte past it.
 *
 * Bundle layout:
 *   template.json          manifest (required)
 *   plan.hbs               entry for plan exports        } optional: missing entries come
 *   description.hbs        entry for description exports } from the default layout
 *   partials/**.hbs        partials, named by path without .hbs ("partials/questions/budget.hbs" -> "questions/budget")
 *   assets/**              images (PNG, JPEG, GIF, BMP) for {{image "logo.png"}}
 *   shell.docx             optional Word shell (header, footer, styles) for DOCX output
 *   README.md, LICENSE     documentation, ignored
 */
import { badRequest } from '../errors';
import { listZip, TooManyZipEntries, unzipEntry, ZipError, type ZipEntry } from '../zip';
import { MANIFEST_FILE } from './manifest';
import type { TemplateProblem } from './problems';

export interface TemplateSource {
  /** Names the template in error paths: the configuration field ("plan-template") or a local path. */
  origin: string;
  /** A bundle has template.json; a single .hbs file is one entry used for plans and descriptions. */
  kind: 'bundle' | 'single';
  /** Path inside the template ("partials/question.hbs") -> bytes. */
  files: Map<string, Uint8Array>;
}

/** Bytes of all of a source's files. */
export function sourceSize(source: TemplateSource): number {
  let bytes = 0;
  for (const file of source.files.values()) bytes += file.length;
  return bytes;
}

export const BUNDLE_LIMITS = {
  /** Largest upload (compressed). */
  maxBundleBytes: 20 * 1024 * 1024,
  /** Largest total of the files once unpacked. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxEntries: 500,
  /** Largest single .hbs or template.json. */
  maxTextFileBytes: 1024 * 1024,
};

export const SHELL_FILE = 'shell.docx';
export const PARTIALS_FOLDER = 'partials/';
export const ASSETS_FOLDER = 'assets/';

const MB = 1024 * 1024;
const DOCUMENTATION = /^(?:README|LICENSE|LICENCE|CHANGELOG)(?:\.(?:md|txt))?$/i;
const IMAGE_ASSET = /\.(?:png|jpe?g|gif|bmp)$/i;
/** Operating-system debris that archivers add; skipped silently. */
const DEBRIS = /(?:^|\/)(?:__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/** Why a path may not be in a template, or null when it may. */
function pathProblem(path: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(path)) return 'the file name contains backslashes or control characters';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'absolute paths are not allowed in a template';
  const segments = path.split('/');
  if (segments.includes('..')) return 'the path leaves the template folder ("..")';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'the path has an empty or "." segment';
  if (path === MANIFEST_FILE || path === SHELL_FILE || DOCUMENTATION.test(path)) return null;
  if (!path.includes('/') && path.endsWith('.hbs')) return null;
  if (path.startsWith(PARTIALS_FOLDER)) return path.endsWith('.hbs') ? null : 'partials/ holds only .hbs files';
  if (path.startsWith(ASSETS_FOLDER))
    return IMAGE_ASSET.test(path) ? null : 'assets/ holds only PNG, JPEG, GIF and BMP images';
  return `unexpected file: a template holds ${MANIFEST_FILE}, entry .hbs files, partials/, assets/, ${SHELL_FILE} and README/LICENSE`;
}

const isTextFile = (path: string) => path.endsWith('.hbs') || path === MANIFEST_FILE;

/**
 * Files from any container (a ZIP, a folder on disk) -> a template source: the same path rules
 * and limits for every way a template arrives. A common top folder ("my-template/template.json",
 * what zipping a folder gives) is taken off.
 */
export function sourceFromEntries(
  origin: string,
  entries: Iterable<[string, Uint8Array]>,
): { source: TemplateSource; problems: TemplateProblem[] } {
  const kept = [...entries].filter(([path]) => !path.endsWith('/') && !DEBRIS.test(path));
  const prefix = commonTopFolder(kept.map(([path]) => path));
  const files = new Map<string, Uint8Array>();
  const problems: TemplateProblem[] = [];
  for (const [rawPath, bytes] of kept) {
    const path = rawPath.slice(prefix.length);
    const problem = pathProblem(path);
    if (problem) problems.push({ file: path, message: problem });
    else if (isTextFile(path) && bytes.length > BUNDLE_LIMITS.maxTextFileBytes) {
      problems.push({ file: path, message: `the file is larger than ${BUNDLE_LIMITS.maxTextFileBytes / MB} MB` });
    } else files.set(path, bytes);
  }
  if (!files.has(MANIFEST_FILE)) {
    problems.push({ file: MANIFEST_FILE, message: 'a template bundle needs a template.json at its root' });
  }
  return { source: { origin, kind: 'bundle', files }, problems };
}

function commonTopFolder(paths: string[]): string {
  if (paths.includes(MANIFEST_FILE)) return '';
  const manifest = paths.find((p) => /^[^/]+\/template\.json$/.test(p));
  if (!manifest) return '';
  const prefix = manifest.slice(0, manifest.indexOf('/') + 1);
  return paths.every((p) => p.startsWith(prefix)) ? prefix : '';
}

/**
 * A ZIP upload -> template source. Whole-archive problems (too large, too many entries, not a
 * ZIP) are thrown as a 400 at once; problems with single entries are returned with the rest.
 */
export function readBundle(bytes: Uint8Array, origin: string): { source: TemplateSource; problems: TemplateProblem[] } {
  const fail = (message: string) =>
    badRequest(`The template bundle in ${origin} ${message}.`, [{ path: origin, message }]);
  if (bytes.length > BUNDLE_LIMITS.maxBundleBytes) throw fail(`is larger than ${BUNDLE_LIMITS.maxBundleBytes / MB} MB`);
  let unpacked = 0;
  const refused: TemplateProblem[] = [];
  const wanted: ZipEntry[] = [];
  let unzipped: [string, Uint8Array][];
  try {
    // The directory alone, checked before anything is inflated: members that claim data the file
    // does not hold or share their data (a zip bomb) are refused by listZip.
    for (const entry of listZip(bytes, { maxEntries: BUNDLE_LIMITS.maxEntries })) {
      if (entry.name.endsWith('/') || DEBRIS.test(entry.name)) continue;
      unpacked += entry.size;
      if (unpacked > BUNDLE_LIMITS.maxUnpackedBytes)
        throw fail(`unpacks to more than ${BUNDLE_LIMITS.maxUnpackedBytes / MB} MB`);
      const traversal =
        /(?:^|\/)\.\.(?:\/|$)/.test(entry.name) || entry.name.startsWith('/') || entry.name.includes('\\');
      if (traversal)
        refused.push({ file: entry.name, message: pathProblem(entry.name) ?? 'the path leaves the template folder' });
      else wanted.push(entry);
    }
    unzipped = wanted.map((entry) => [entry.name, unzipEntry(bytes, entry)]);
  } catch (error) {
    if (error instanceof TooManyZipEntries) throw fail(`has more than ${BUNDLE_LIMITS.maxEntries} files`);
    if (error instanceof ZipError) throw fail(`is not a readable ZIP archive: ${error.message}`);
    throw error;
  }
  const { source, problems } = sourceFromEntries(origin, unzipped);
  return { source, problems: [...refused, ...problems] };
}

/** A single .hbs upload: one entry for both plan and description exports. */
export function singleFileSource(origin: string, filename: string, bytes: Uint8Array): TemplateSource {
  return { origin, kind: 'single', files: new Map([[filename, bytes]]) };
}
