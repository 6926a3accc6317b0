/**
 * Answer headings nest below the section their answer sits in, whatever level the editor gave them.
 */
import { type AnswerHeadings, nestAnswerHeadings, recordAnswerHeadings } from '../../src/document/answerHeadings';
import { htmlToBlocks } from '../../src/document/html';
import type { Block } from '../../src/document/types';

const heading = (level: 1 | 2 | 3 | 4 | 5 | 6, text: string): Block => ({
  type: 'heading',
  level,
  content: [{ type: 'text', text }],
});
const paragraph = (text: string): Block => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/** Level, answer mark and contents flag of every heading, at any depth, as "4 Title" or "6* Title". */
function headingLevels(blocks: Block[]): string[] {
  const out: string[] = [];
  const walk = (items: Block[]) => {
    for (const block of items) {
      if (block.type === 'heading')
        out.push(
          `${block.level}${block.answer ? '*' : ''}${block.toc === false ? '-' : ''} ${block.content.map((inline) => (inline.type === 'text' ? inline.text : '')).join('')}`,
        );
      else if (block.type === 'list') block.items.forEach(walk);
      else if (block.type === 'blockquote') walk(block.children);
      else if (block.type === 'table') for (const row of block.rows) for (const cell of row.cells) walk(cell.blocks);
    }
  };
  walk(blocks);
  return out;
}

function answer(html: string, answers: AnswerHeadings): Block[] {
  const blocks = htmlToBlocks(html);
  recordAnswerHeadings(blocks, answers);
  return blocks;
}

describe('nestAnswerHeadings', () => {
  it("puts an answer's headings one level below the section it is in, keeping their steps, out of the contents", () => {
    const answers: AnswerHeadings = new WeakMap();
    const scope = answer('<h2>1. Scope of the corpus</h2><p>Text.</p><h3>1.1 Periods</h3><p>More.</p>', answers);
    const document = [
      heading(1, 'Datasets'),
      heading(2, 'Parish registers'),
      heading(3, 'Scope'),
      paragraph('Question'),
      ...scope,
    ];
    expect(headingLevels(nestAnswerHeadings(document, answers))).toEqual([
      '1 Datasets',
      '2 Parish registers',
      '3 Scope',
      '4*- 1. Scope of the corpus',
      '5*- 1.1 Periods',
    ]);
  });

  it('places the same answer at each place by the section there, and never past level 6', () => {
    const answers: AnswerHeadings = new WeakMap();
    const guidance = answer('<h1>Read this</h1><h2>Then this</h2><h4>And this</h4>', answers);
    const document = [heading(2, 'Shallow'), ...guidance, heading(5, 'Deep'), ...guidance];
    expect(headingLevels(nestAnswerHeadings(document, answers))).toEqual([
      '2 Shallow',
      '3*- Read this',
      '4*- Then this',
      '6*- And this',
      '5 Deep',
      '6*- Read this',
      '6*- Then this',
      '6*- And this',
    ]);
    // The parsed answer itself is untouched: it is shared by every place that prints it.
    expect(headingLevels(guidance)).toEqual(['1 Read this', '2 Then this', '4 And this']);
  });

  it('nests headings inside lists, quotes and table cells of an answer', () => {
    const answers: AnswerHeadings = new WeakMap();
    const nested = answer(
      '<ul><li><h1>In a list</h1></li></ul><blockquote><h3>In a quote</h3></blockquote><table><tr><td><h2>In a cell</h2></td></tr></table>',
      answers,
    );
    expect(headingLevels(nestAnswerHeadings([heading(4, 'Section'), ...nested], answers))).toEqual([
      '4 Section',
      '5*- In a list',
      '6*- In a quote',
      '6*- In a cell',
    ]);
  });

  it('leaves a document without answer headings as it is (the same array)', () => {
    const document = [heading(1, 'Title'), paragraph('Text')];
    expect(nestAnswerHeadings(document, new WeakMap())).toBe(document);
  });
});
