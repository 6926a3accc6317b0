/**
 * The admin's upload in a template configuration field -> what to render with:
 *   .docx        the default layout inside that Word shell (header, footer, styles)
 *   .hbs         a single-file layout template, for plans and descriptions alike
 *   .zip         a template bundle (manifest, entries, partials, assets, optional shell.docx)
 *   nothing      the built-in default layout
 * Anything else is a 400 naming the field.
 */
import { createHash } from 'node:crypto';
import { badRequest } from '../errors';
import { listZip } from '../zip';
import type { FileView } from '../plan/types';
import { BUNDLE_LIMITS, readBundle, SHELL_FILE, singleFileSource, sourceSize } from './bundle';
import { compileTemplate, defaultLayout, type CompiledLayout, type LayoutCore } from './compile';
import { LruCache } from '../lru';

export interface ResolvedTemplate {
  layout: CompiledLayout;
  /** A Word document whose header, footer and styles frame the generated body (DOCX output). */
  shellDocx: Uint8Array | null;
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ZIP_MIMES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip']);
const HANDLEBARS_MIMES = new Set(['text/x-handlebars-template', 'text/x-handlebars', 'text/handlebars']);

/**
 * Bundles that compiled, by upload hash (broken ones are checked again: they are rare and get
 * fixed). Bounded by bytes too: the layouts share their assets with compile.ts' cache.
 */
const bundles = new LruCache<CompiledBundle>(32, {
  maxBytes: 100 * 1024 * 1024,
  sizeOf: (bundle) => bundle.unpackedBytes,
});

interface CompiledBundle {
  layout: LayoutCore;
  shellDocx: Uint8Array | null;
  /** The bundle's files, unpacked: what the entry keeps alive at most. */
  unpackedBytes: number;
}

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/** A ZIP holding word/document.xml is a Word document, whatever its name says. Reads only the directory. */
function isWordDocument(bytes: Uint8Array): boolean {
  try {
    return listZip(bytes).some((entry) => entry.name === 'word/document.xml');
  } catch {
    return false;
  }
}

function baseName(filename: string | null): string {
  return (filename ?? '').split(/[\\/]/).pop()!.trim();
}

export function resolveTemplate(file: FileView | null, fieldCode: string): ResolvedTemplate {
  const bytes = file?.bytes;
  if (!file || !bytes || bytes.length === 0) return { layout: defaultLayout(), shellDocx: null };

  const name = baseName(file.filename);
  const lowerName = name.toLowerCase();
  const mime = (file.mimeType ?? '').toLowerCase().split(';')[0].trim();
  const zip = isZip(bytes);

  if (
    lowerName.endsWith('.docx') ||
    mime === DOCX_MIME ||
    (zip && !lowerName.endsWith('.zip') && isWordDocument(bytes))
  ) {
    if (!zip) throw notA(fieldCode, name, 'is named like a Word document but is not one');
    return { layout: defaultLayout(), shellDocx: bytes };
  }
  if (lowerName.endsWith('.hbs') || lowerName.endsWith('.handlebars') || HANDLEBARS_MIMES.has(mime)) {
    if (zip) throw notA(fieldCode, name, 'is named like a Handlebars template but is a ZIP archive');
    if (bytes.length > BUNDLE_LIMITS.maxTextFileBytes) {
      throw badRequest(
        `The layout template in ${fieldCode} is larger than ${BUNDLE_LIMITS.maxTextFileBytes / (1024 * 1024)} MB.`,
        [{ path: `${fieldCode}:${name}`, message: 'the file is too large for a layout template' }],
      );
    }
    return { layout: compileTemplate(singleFileSource(fieldCode, name || 'template.hbs', bytes)), shellDocx: null };
  }
  if (zip || lowerName.endsWith('.zip') || ZIP_MIMES.has(mime)) {
    // Keyed by the upload itself, so a re-export skips even the unzipping.
    const key = createHash('sha256').update(bytes).digest('hex');
    const known = bundles.get(key);
    if (known) return { layout: { ...known.layout, origin: fieldCode }, shellDocx: known.shellDocx };
    const { source, problems } = readBundle(bytes, fieldCode);
    const shellDocx = source.files.get(SHELL_FILE) ?? null;
    if (shellDocx && !isWordDocument(shellDocx))
      problems.push({ file: SHELL_FILE, message: 'the file is not a Word document' });
    const layout = compileTemplate(source, problems);
    bundles.set(key, { layout, shellDocx, unpackedBytes: sourceSize(source) });
    return { layout, shellDocx };
  }
  const described = name ? `"${name}"${mime ? ` (${mime})` : ''}` : mime || 'the uploaded file';
  throw badRequest(
    `The template in ${fieldCode} must be a Word shell template (.docx), a layout template (.hbs) or a template bundle (.zip); ${described} is none of these.`,
    [{ path: fieldCode, message: `${described} is not a .docx, .hbs or .zip template` }],
  );
}

function notA(fieldCode: string, name: string, message: string) {
  return badRequest(`The template in ${fieldCode} ${message}.`, [{ path: `${fieldCode}:${name}`, message }]);
}
