/**
 * A list: pdfmake's own `ul`/`ol` when every item reads left to right; a borderless table with the
 * markers on the right when an item reads right to left. An item that is only a nested list has no
 * marker of its own.
 */
import type { Content, ContentText, CustomTableLayout, TableCell as PdfTableCell } from 'pdfmake/interfaces';
import { blockDirection } from '../../../document/direction';
import type { Block, Direction } from '../../../document/types';
import { textWidth } from '../fonts';
import { type Placed, placedText, sumHeights } from '../placed';
import { tagNode, tagOf } from '../tags';
import { paragraphLook, type PdfTheme } from '../theme';
import { type BlockHandler, type DocumentEnv, type Flow, type LayBlocks, MAX_DEPTH, minTextWidth } from './context';
import { flattened } from './flattened';
import { lookText, trimLastMargin } from './lookText';

const BULLET_TYPES = ['disc', 'circle', 'square'] as const;
const BULLET_CHARS = ['\u2022', '\u25e6', '\u25aa'];

/** Item blocks; an item that is only a nested list becomes that list (no marker of its own). */
function listItem(item: Block[], flow: Flow, env: DocumentEnv, depth: number, lay: LayBlocks, key?: number): Placed {
  if (item.length === 1 && item[0].type === 'list') {
    const nested = layList(item[0], flow, env, depth + 1, lay);
    // The item holds the nested list: LI > LBody > L.
    if (tagOf(nested.node)?.role === 'L')
      tagNode(nested.node, { role: 'L', path: [{ role: 'LI', key }, { role: 'LBody' }] });
    return nested;
  }
  const content = trimLastMargin(lay(item, { ...flow, inList: true }, env, depth + 1));
  return {
    node: tagNode({ stack: content.map((placed) => placed.node) }, { role: 'LBody', path: [{ role: 'LI', key }] }),
    height: sumHeights(content),
  };
}

/** pdfmake indents items by the width of "9. " (or of the widest number), in the list's own font. */
export function listGap(block: Extract<Block, { type: 'list' }>, theme: PdfTheme): number {
  const measure = (text: string): number => textWidth(text, theme.bodyFamily, 'normal', theme.fontSize);
  const start = Number.isFinite(block.start) ? Math.floor(block.start as number) : 1;
  return block.ordered && block.items.length > 0
    ? Math.max(measure('9. '), measure(`${start}. `), measure(`${start + block.items.length - 1}. `))
    : measure('9. ');
}

function layList(
  block: Extract<Block, { type: 'list' }>,
  flow: Flow,
  env: DocumentEnv,
  depth: number,
  lay: LayBlocks,
): Placed {
  const { theme } = env;
  const level = flow.listLevel ?? 0;
  const start = Number.isFinite(block.start) ? Math.floor(block.start as number) : 1;
  const markers = block.items.map((_, index) => (block.ordered ? `${start + index}.` : BULLET_CHARS[level % 3]));
  const gap = listGap(block, theme);
  const direction = block.direction ?? flow.direction;
  const itemFlow: Flow = { ...flow, width: flow.width - gap, listLevel: level + 1, direction };
  // Each marker stands where its item's text starts: on the right of a right-to-left item.
  const sides = block.items.map((item): Direction => blockDirection(item[0]) ?? direction ?? 'ltr');
  if (depth >= MAX_DEPTH || itemFlow.width < minTextWidth(env)) return flattened([block], flow, env, lay);
  const spaceAfter = theme.fontSize * 0.6;
  const margin: [number, number, number, number] = [0, 0, 0, spaceAfter];

  if (!sides.includes('rtl')) {
    const listStyle = {
      font: theme.bodyFamily,
      fontSize: theme.fontSize * (flow.fontScale ?? 1),
      bold: false,
      italics: false,
      color: theme.textColor,
      margin,
    };
    const items = block.items.map((item) => listItem(item, itemFlow, env, depth, lay));
    const nodes = items.map((item) => item.node);
    const node: Content = tagNode(
      block.ordered ? { ol: nodes, start, ...listStyle } : { ul: nodes, type: BULLET_TYPES[level % 3], ...listStyle },
      { role: 'L' },
    );
    const height = sumHeights(items);
    return { node, height: height === undefined ? undefined : height + spaceAfter };
  }

  // Markers on the right, as a borderless table: [item, marker]. With items of both directions,
  // three columns [marker, item, marker], each item spanning two of them.
  const markerWidth = gap;
  const mixed = sides.includes('ltr');
  let height: number | undefined = spaceAfter;
  const body = block.items.map((item, index): PdfTableCell[] => {
    const side = sides[index];
    // An item that is only a nested list has no marker of its own (as in pdfmake's lists).
    const markerText = item.length === 1 && item[0].type === 'list' ? '' : markers[index];
    const marker = placedText(
      lookText([{ type: 'text', text: markerText }], paragraphLook('normal', theme), { ...flow, bold: false }, env, {
        width: markerWidth,
        direction: side,
      }),
    );
    (marker.node as ContentText).margin = undefined;
    tagNode(marker.node, markerText ? { role: 'Lbl', path: [{ role: 'LI', key: index }] } : { role: 'Artifact' });
    const content = listItem(item, itemFlow, env, depth, lay, index);
    height =
      height === undefined || content.height === undefined || marker.height === undefined
        ? undefined
        : height + Math.max(content.height, marker.height);
    if (!mixed) return [content.node, marker.node];
    const spanning: PdfTableCell = { stack: [content.node], colSpan: 2 };
    return side === 'rtl' ? [spanning, {}, marker.node] : [marker.node, spanning, {}];
  });
  const widths = mixed
    ? [markerWidth, Math.max(0, itemFlow.width - markerWidth), markerWidth]
    : [itemFlow.width, markerWidth];
  return { node: tagNode({ table: { widths, body }, layout: ZERO_PADDING_LAYOUT, margin }, { role: 'L' }), height };
}

const ZERO_PADDING_LAYOUT: CustomTableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 0,
};

export const list: BlockHandler<'list'> = (block, { flow, env, depth, lay }) =>
  block.items.length > 0 ? layList(block, flow, env, depth, lay) : undefined;
