import type { Block, ImageBlock } from '../types';

/** How `htmlToBlocks` reads its HTML. */
export interface HtmlOptions {
  /** Template output may use layout elements (`dmp-toc`, `dmp-page-break`, `dmp-blocks`, paragraph
   *  classes, `data-toc`, `img width`, asset/ref images); answers may not. Default false. */
  layout?: boolean;
  /** Resolve an <img src> that is not a data: URI (template assets "asset:logo.png", upload refs
   *  "ref:f3"). Return null to drop it. Layout mode only, and only for "asset:" and "ref:" srcs. */
  resolveImage?: (src: string, alt: string | undefined) => ImageBlock | null;
  /** Resolve <dmp-blocks ref="…"> placeholders (layout mode only): blocks spliced in at that point. */
  resolveBlocks?: (ref: string) => Block[] | null;
  /** Called for each thing dropped or degraded (remote image, unsafe link, undecodable image…). */
  onWarning?: (message: string) => void;
}
