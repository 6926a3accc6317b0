/** A block quote: its blocks inset beside a bar on the side its text starts. */
import type { ContentTable, CustomTableLayout } from 'pdfmake/interfaces';
import { sumHeights } from '../placed';
import { tagNode } from '../tags';
import { RULE_COLOR } from '../theme';
import { type BlockHandler, type Flow, MAX_DEPTH, minTextWidth, mirrored } from './context';
import { flattened } from './flattened';
import { trimLastMargin } from './lookText';

export const QUOTE_BAR = 2.5;
export const QUOTE_GAP = 10;

export const blockquote: BlockHandler<'blockquote'> = (quote, { flow: outer, env, depth, lay }) => {
  const { children } = quote;
  const flow: Flow = { ...outer, direction: quote.direction ?? outer.direction };
  const innerWidth = flow.width - QUOTE_BAR - QUOTE_GAP;
  if (depth >= MAX_DEPTH || innerWidth < minTextWidth(env)) return flattened(children, flow, env, lay);
  const barOnRight = mirrored(flow);
  const layout: CustomTableLayout = {
    hLineWidth: () => 0,
    vLineWidth: (index) => ((barOnRight ? index === 1 : index === 0) ? QUOTE_BAR : 0),
    vLineColor: () => RULE_COLOR,
    paddingLeft: () => (barOnRight ? 0 : QUOTE_GAP),
    paddingRight: () => (barOnRight ? QUOTE_GAP : 0),
    paddingTop: () => 1,
    paddingBottom: () => 1,
  };
  const content = trimLastMargin(lay(children, { ...flow, width: innerWidth, inList: false }, env, depth + 1));
  const spaceAfter = env.theme.fontSize * 0.6;
  const height = sumHeights(content);
  return {
    node: tagNode<ContentTable>(
      {
        table: { widths: [innerWidth], body: [[{ stack: content.map((placed) => placed.node) }]] },
        layout,
        margin: [0, 0, 0, spaceAfter],
      },
      { role: 'BlockQuote' },
    ),
    height: height === undefined ? undefined : height + 2 + spaceAfter,
  };
};
