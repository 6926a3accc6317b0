/**
 * The per-render side table behind the context's `ref`s: rich-text HTML and uploaded files.
 * Rich text is sanitised and parsed (htmlToBlocks) at most once per distinct HTML, and only when
 * something asks for it: a `<dmp-blocks>` placeholder in the output, or a template reading the
 * value's `display`.
 *
 * Refs carry a random part drawn per render ("r-3f9c0a1b2d4e-7"): plan text, written before the
 * render, cannot name one, so plan text a template prints raw ({{{triple}}}) cannot splice answers
 * or uploaded images into the document.
 */
import { randomBytes } from 'node:crypto';
import { htmlToBlocks } from '../document/html';
import { blocksToPlainText } from '../document/text';
import type { Block } from '../document/types';
import type { FileView } from '../plan/types';

interface RichTextEntry {
  html: string;
  blocks: Block[] | null;
}

export class RenderAttachments {
  private readonly richText = new Map<string, RichTextEntry>();
  private readonly refByHtml = new Map<string, string>();
  private readonly files = new Map<string, FileView>();
  private readonly nonce = randomBytes(6).toString('hex');

  constructor(
    private readonly warn: (message: string) => void,
    /** Printed instead of an answer whose HTML cannot be converted, so one answer never fails a document. */
    private readonly couldNotRender: string,
  ) {}

  /** Equal HTML (a template's guidance repeated in 100 descriptions) shares one ref, hence one parse. */
  richTextRef(html: string): string {
    let ref = this.refByHtml.get(html);
    if (ref === undefined) {
      ref = `r-${this.nonce}-${this.richText.size + 1}`;
      this.richText.set(ref, { html, blocks: null });
      this.refByHtml.set(html, ref);
    }
    return ref;
  }

  fileRef(file: FileView): string {
    const ref = `f-${this.nonce}-${this.files.size + 1}`;
    this.files.set(ref, file);
    return ref;
  }

  file(ref: string): FileView | undefined {
    return this.files.get(ref);
  }

  /** The blocks of a rich-text ref; null for an unknown ref. */
  blocks(ref: string): Block[] | null {
    const entry = this.richText.get(ref);
    if (!entry) return null;
    if (entry.blocks === null) {
      try {
        entry.blocks = htmlToBlocks(entry.html, { onWarning: this.warn });
      } catch (error) {
        this.warn(`A rich-text answer could not be converted (${(error as Error).message}); printed a note instead`);
        entry.blocks = [{ type: 'paragraph', style: 'note', content: [{ type: 'text', text: this.couldNotRender }] }];
      }
    }
    return entry.blocks;
  }

  plainText(ref: string): string {
    return blocksToPlainText(this.blocks(ref) ?? [])
      .replace(/\u00a0/g, ' ')
      .trim();
  }
}
