import { textWidthEm } from '../../document/fontMetrics';
import type { Inline } from '../../document/types';

/**
 * Lines that `content` fills when lines are `maxEm` em wide (words kept whole unless wider than a
 * line; explicit line breaks start a line). Never less than one.
 */
export function lineCount(
  content: readonly Inline[],
  maxEm: number,
  style: { bold?: boolean; italic?: boolean } = {},
): number {
  const max = Math.max(1, maxEm);
  let lines = 1;
  let used = 0;
  const space = textWidthEm(' ');
  const addWord = (width: number) => {
    const gap = used > 0 ? space : 0;
    if (used > 0 && used + gap + width > max) {
      lines += 1;
      used = 0;
    } else {
      used += gap;
    }
    used += width;
    while (used > max) {
      lines += 1;
      used -= max;
    }
  };
  const walk = (inlines: readonly Inline[], bold: boolean, italic: boolean) => {
    for (const inline of inlines) {
      if (inline.type === 'break') {
        lines += 1;
        used = 0;
      } else if (inline.type === 'link') {
        walk(inline.children, bold, italic);
      } else {
        const face = {
          bold: bold || inline.marks?.bold === true,
          italic: italic || inline.marks?.italic === true,
          monospace: inline.marks?.code === true,
        };
        inline.text.split('\n').forEach((segment, i) => {
          if (i > 0) {
            lines += 1;
            used = 0;
          }
          for (const word of segment.split(/\s+/)) if (word) addWord(textWidthEm(word, face));
        });
      }
    }
  };
  walk(content, style.bold === true, style.italic === true);
  return lines;
}
