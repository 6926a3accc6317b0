/**
 * Tagged PDF. Where tagging lives: the writer marks each pdfmake node with the structure role of
 * the document-model node it draws (`pdfTag`, see tags.ts); layout.ts hooks pdfmake's layout to
 * build the structure tree in logical order and attach every drawn item to its element;
 * render.ts hooks pdfmake's renderer and pdfkit to write marked content, Link annotations and,
 * at the end, pdfkit structure elements. Nothing else in the writer knows about PDF structure.
 */
import { installLayoutHooks } from './layout';
import { installRenderHooks } from './render';

export { beforeTextRun } from './render';

export function installTaggingHooks(): void {
  installLayoutHooks();
  installRenderHooks();
}
