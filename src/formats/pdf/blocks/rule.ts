/** A horizontal rule, as wide as the flow. */
import type { CanvasLine } from 'pdfmake/interfaces';
import { RULE_COLOR } from '../theme';
import type { BlockHandler } from './context';

const RULE_WIDTH = 0.75;

export const rule: BlockHandler<'rule'> = (_block, { flow }) => {
  const line: CanvasLine = {
    type: 'line',
    x1: 0,
    y1: 0,
    x2: flow.width,
    y2: 0,
    lineWidth: RULE_WIDTH,
    lineColor: RULE_COLOR,
  };
  return { node: { canvas: [line], margin: [0, 6, 0, 12] }, height: 6 + RULE_WIDTH + 12 };
};
