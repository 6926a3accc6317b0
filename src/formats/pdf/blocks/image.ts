/**
 * An image: embedded once per document however often it appears, described for screen readers
 * (its alt text, else its caption, else what it answers), or a note saying why it is not shown.
 */
import { createHash } from 'node:crypto';
import type { ContentImage } from 'pdfmake/interfaces';
import type { ImageBlock } from '../../../document/types';
import { embeddableImage, imageDataUrl, imageDisplayWidth } from '../images';
import { inlineText } from '../runs';
import { tagNode } from '../tags';
import { type BlockHandler, type DocumentEnv, type EmbeddedImage, mirrored } from './context';
import { note } from './lookText';

/** pdfmake 0.3 honours `maxHeight` on images; @types/pdfmake does not list it. */
type ImageNode = ContentImage & { maxHeight?: number };

/** The image checked (and converted) once per document, whatever object holds its bytes. */
function embedded(block: ImageBlock, env: DocumentEnv): EmbeddedImage {
  const hash = createHash('sha256').update(block.mimeType).update(block.data).digest('base64');
  let entry = env.embeddedImages.get(hash);
  if (!entry) {
    const embeddable = embeddableImage(block, env.imagePixelsLeft);
    if (embeddable.ok) {
      const key = `image-${env.embeddedImages.size + 1}`;
      env.images[key] = imageDataUrl(embeddable);
      env.imagePixelsLeft -= embeddable.decodedPixels;
      entry = { key, width: embeddable.width, height: embeddable.height, widthShare: embeddable.widthShare };
    } else {
      entry = { reason: embeddable.reason };
    }
    env.embeddedImages.set(hash, entry);
  }
  return entry;
}

/** The description of an image: its alt text, else its caption, else the question or heading it answers. */
function altText(block: ImageBlock, caption: string | undefined, env: DocumentEnv): string {
  const alt = block.alt?.replace(/\s+/g, ' ').trim() || caption?.replace(/\s+/g, ' ').trim() || env.lastLabel;
  return alt ? alt : `Image ${env.embeddedImages.size}`;
}

export const image: BlockHandler<'image'> = (block, { flow, env, next }) => {
  const caption = next?.type === 'paragraph' && next.style === 'caption' ? inlineText(next.content) : undefined;
  const entry = embedded(block, env);
  if ('reason' in entry) {
    const alt = block.alt?.trim();
    return note(`[Image not shown: ${entry.reason}${alt ? `. ${alt}` : ''}]`, flow, env);
  }
  const alignment =
    block.align === 'center' || block.align === 'right' || block.align === 'left'
      ? block.align
      : mirrored(flow)
        ? 'right'
        : 'left';
  const width = Math.max(1, imageDisplayWidth(block, flow.width) * entry.widthShare);
  const maxHeight = env.geometry.textHeight * 0.9;
  const spaceAfter = env.theme.fontSize * 0.8;
  const node: ImageNode = tagNode(
    { image: entry.key, width, maxHeight, alignment, margin: [0, 2, 0, spaceAfter] },
    { role: 'Figure', alt: altText(block, caption, env) },
  );
  const height = Math.min(maxHeight, (width * entry.height) / entry.width) + 2;
  return { node, height: height + spaceAfter, lead: height };
};
