/** A code block: monospaced lines kept as written (left to right, indentation kept) on a shaded box. */
import type { ContentText, TableCell as PdfTableCell } from 'pdfmake/interfaces';
import type { Inline } from '../../../document/types';
import { placedText } from '../placed';
import { tagNode } from '../tags';
import { paragraphLook, type ParagraphLook, type PdfTheme, SHADE_COLOR } from '../theme';
import type { BlockHandler } from './context';
import { lookText } from './lookText';

export const CODE_PADDING = 6;

export const codeLook = (theme: PdfTheme): ParagraphLook => ({
  ...paragraphLook('normal', theme),
  family: theme.codeFamily,
  fontSize: theme.fontSize * 0.9,
  spaceBefore: 0,
  spaceAfter: 0,
});
export const codeInlines = (text: string): Inline[] => [{ type: 'text', text: text.replace(/\t/g, '    ') }];

export const code: BlockHandler<'code'> = ({ text }, { flow, env }) => {
  const { theme } = env;
  const look = codeLook(theme);
  const innerWidth = flow.width - 2 * CODE_PADDING;
  const inlines = codeInlines(text);
  // Code reads left to right whatever the document's direction.
  const code = placedText(
    lookText(inlines, look, { ...flow, bold: false }, env, {
      width: innerWidth,
      direction: 'ltr',
      align: 'left',
      keepIndent: true,
    }),
  );
  const node = code.node as ContentText;
  node.margin = undefined;
  const padding = (): number => CODE_PADDING;
  const cell: PdfTableCell = { ...node, fillColor: SHADE_COLOR };
  const spaceAfter = theme.fontSize * 0.8;
  return {
    node: tagNode(
      {
        table: { widths: [innerWidth], body: [[cell]] },
        layout: {
          hLineWidth: () => 0,
          vLineWidth: () => 0,
          paddingLeft: padding,
          paddingRight: padding,
          paddingTop: padding,
          paddingBottom: padding,
        },
        margin: [0, 0, 0, spaceAfter],
      },
      { role: 'Code' },
    ),
    height: code.height + 2 * CODE_PADDING + spaceAfter,
  };
};
