/**
 * The three libraries the PDF writer reaches into, the copies it reaches, and the versions its
 * hooks were written for. pdfkit is resolved from pdfmake's location and fontkit from pdfkit's, so
 * they are the copies pdfmake draws with; package.json pins all three exactly, and
 * test/formats/pdf/internals/hooks.test.ts fails when an installed version is not the one here.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PDFMAKE_0_3_11 = 'pdfmake 0.3.11';
export const PDFKIT_0_19_1 = 'pdfkit 0.19.1';
export const FONTKIT_2_0_4 = 'fontkit 2.0.4';

/** The library and version a hook was written against. */
export type WrittenFor = typeof PDFMAKE_0_3_11 | typeof PDFKIT_0_19_1 | typeof FONTKIT_2_0_4;

export type Library = 'pdfmake' | 'pdfkit' | 'fontkit';

const pdfmakeDir = (): string => path.dirname(require.resolve('pdfmake/package.json'));
const pdfkitEntry = (): string => require.resolve('pdfkit', { paths: [pdfmakeDir()] });
const fontkitEntry = (): string => require.resolve('fontkit', { paths: [path.dirname(pdfkitEntry())] });

/** The file a library is loaded from (the copy pdfmake uses). */
export function libraryEntry(library: Library): string {
  if (library === 'pdfmake') return require.resolve('pdfmake');
  return library === 'pdfkit' ? pdfkitEntry() : fontkitEntry();
}

/** The version of the copy the writer uses, from the package.json above its entry file. */
export function installedVersion(library: Library): string {
  for (let dir = path.dirname(libraryEntry(library)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (manifest.name === library) return manifest.version ?? 'unknown';
  }
  return 'unknown';
}

/** The class a module of pdfmake (`pdfmake/js/<name>`) exports: not a published path. */
export function pdfmakeClass<T = { prototype: object }>(name: string): T {
  return (require(path.join(pdfmakeDir(), 'js', name)) as { default: T }).default;
}

/** pdfkit's PDFDocument, the copy pdfmake uses. */
export function pdfkitClass<T = { prototype: object }>(): T {
  return require(pdfkitEntry()) as T;
}

/** pdfmake's in-memory file system (Node side; not in @types/pdfmake). */
export interface VirtualFileSystem {
  existsSync(path: string): boolean;
  writeFileSync(path: string, content: Buffer): void;
}

/** The virtual file system of a pdfmake instance: pdfkit reads font files from it instead of the disk. */
export const virtualFileSystem = (pdfmake: object): VirtualFileSystem =>
  (pdfmake as { virtualfs: VirtualFileSystem }).virtualfs;

/**
 * The prototype of pdfkit's PDFReference (a document's object), which pdfkit does not export: the
 * prototype of a reference its `ref()` makes for a stand-in document.
 */
export function pdfkitReferencePrototype(): object {
  const ref = (pdfkitClass().prototype as { ref(this: object, data: object): object }).ref.call(
    { _offsets: [], _waiting: 0, compress: false },
    {},
  );
  return Object.getPrototypeOf(ref) as object;
}
