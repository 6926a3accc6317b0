/**
 * Every reach of the PDF writer into pdfmake, pdfkit and fontkit, installed by one function.
 * Each hook is named, says which library version it was written for, and is checked against the
 * library before anything is installed (hook.ts); docs/development/pdf-hooks.md says what each buys.
 */
import { compactColors, pageContentAsText, pageContentCompression, pageContentDeflated } from './compactOutput';
import type { Hook, InstanceHook, PrototypeHook } from './hook';
import { installPrototypeHooks } from './hook';
import { lineDrawing } from './lineDrawing';
import { lineMeasuring } from './lineMeasuring';
import { crossReferenceStream, objectsPacked } from './objectStreams';
import { outputEnds, outputGathered } from './outputChunks';
import { fontInstanceHooks, fontSharing } from './pdfkitFonts';
import { markingHooks } from './tagging/marking';
import { structureHooks } from './tagging/structure';
import { writerListenerLimit } from './writerListeners';
import { xmpEscaped } from './xmpMetadata';

/**
 * The hooks on library classes, in the order they are installed. Order matters only where two
 * wrap the same method, the later one outside: tagging's `renderLine` opens a line's marked
 * content before the line drawing draws it, and the page-content compression's `addPage` runs
 * around tagging's, which closes the marked content still open on the page that ends.
 */
export const PROTOTYPE_HOOKS: readonly PrototypeHook[] = [
  fontSharing,
  lineMeasuring,
  lineDrawing,
  ...structureHooks,
  ...markingHooks,
  xmpEscaped,
  writerListenerLimit,
  compactColors,
  pageContentCompression,
  outputGathered,
  outputEnds,
  objectsPacked,
  crossReferenceStream,
];

/** The hooks on single objects, patched by the hook named in their `patchedBy`. */
export const INSTANCE_HOOKS: readonly InstanceHook[] = [...fontInstanceHooks, pageContentAsText, pageContentDeflated];

export const HOOKS: readonly Hook[] = [...PROTOTYPE_HOOKS, ...INSTANCE_HOOKS];

let installed = false;

/**
 * Installs every hook, once per thread (pdfmake and pdfkit are module singletons). Throws, before
 * installing any, when a library method no longer has the shape its hook was written for.
 * `leaveOut` is for the benchmark of what each hook buys (bench/pdfHooks.js) only.
 */
export function installInternals(options: { leaveOut?: readonly string[] } = {}): void {
  if (installed) return;
  const unknown = (options.leaveOut ?? []).filter((name) => !HOOKS.some((hook) => hook.name === name));
  if (unknown.length > 0) throw new Error(`No such PDF hook: ${unknown.join(', ')}`);
  installPrototypeHooks(PROTOTYPE_HOOKS, options.leaveOut);
  installed = true;
}

export { type VirtualFileSystem, virtualFileSystem } from './libraries';
