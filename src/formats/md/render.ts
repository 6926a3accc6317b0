/**
 * Document model -> Markdown: CommonMark with GFM tables and strikethrough, built as an mdast
 * tree and serialised by mdast-util-to-markdown (which escapes what needs escaping). What
 * Markdown cannot say is simplified, not lost: underline, sub- and superscript keep their text;
 * a table cell's blocks join into one line (GFM cells hold one line); page breaks are dropped.
 */
import type { BlockContent, List, ListItem, PhrasingContent, Root, RootContent, TableCell, TableRow } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { blocksToPlainText, inlinesToPlainText } from '../../document/text';
import type { Block, DocumentModel, Inline } from '../../document/types';
import type { ExportResult, RenderedDocument } from '../types';

type Wrapper = 'strong' | 'emphasis' | 'delete';

/**
 * `children` wrapped in strong, emphasis or delete, with the whitespace at either end outside the
 * markers: CommonMark does not let `**` close after a space, so a serialiser would otherwise write
 * the space as `&#x20;` ("**DOI:&#x20;**").
 */
function wrapped(type: Wrapper, children: PhrasingContent[]): PhrasingContent[] {
  const inner = [...children];
  const outside = { before: '', after: '' };
  const first = inner[0];
  if (first?.type === 'text') {
    const trimmed = first.value.trimStart();
    outside.before = first.value.slice(0, first.value.length - trimmed.length);
    inner[0] = { type: 'text', value: trimmed };
  }
  const lastIndex = inner.length - 1;
  const last = inner[lastIndex];
  if (last?.type === 'text') {
    const trimmed = last.value.trimEnd();
    outside.after = last.value.slice(trimmed.length);
    inner[lastIndex] = { type: 'text', value: trimmed };
  }
  const kept = inner.filter((node) => node.type !== 'text' || node.value !== '');
  return [
    ...(outside.before ? [{ type: 'text', value: outside.before } as const] : []),
    ...(kept.length > 0 ? [{ type, children: kept } as PhrasingContent] : []),
    ...(outside.after ? [{ type: 'text', value: outside.after } as const] : []),
  ];
}

function phrasing(content: Inline[]): PhrasingContent[] {
  return content.flatMap((inline): PhrasingContent[] => {
    switch (inline.type) {
      case 'break':
        return [{ type: 'break' }];
      case 'link':
        return [{ type: 'link', url: inline.href, children: phrasing(inline.children) }];
      case 'text': {
        const marks = inline.marks ?? {};
        if (marks.code) return [{ type: 'inlineCode', value: inline.text }];
        let nodes: PhrasingContent[] = [{ type: 'text', value: inline.text }];
        if (marks.strike) nodes = wrapped('delete', nodes);
        if (marks.italic) nodes = wrapped('emphasis', nodes);
        if (marks.bold) nodes = wrapped('strong', nodes);
        return nodes;
      }
    }
  });
}

/**
 * A styled paragraph as Markdown says it: labels and titles strong, notes and captions emphasised.
 * Space at either end of a paragraph shows nothing: left out, or Markdown would write it as `&#x20;`.
 */
function paragraph(block: Extract<Block, { type: 'paragraph' }>): RootContent | null {
  const children = trimmedEnds(phrasing(block.content));
  if (children.length === 0) return null;
  switch (block.style) {
    case 'title':
    case 'label':
      return { type: 'paragraph', children: wrapped('strong', children) };
    case 'subtitle':
    case 'caption':
    case 'note':
      return { type: 'paragraph', children: wrapped('emphasis', children) };
    default:
      return { type: 'paragraph', children };
  }
}

/** Phrasing without the whitespace at its start and end (in its first and last text). */
function trimmedEnds(children: PhrasingContent[]): PhrasingContent[] {
  const out = [...children];
  while (out[0]?.type === 'text' && out[0].value.trim() === '') out.shift();
  while (out[out.length - 1]?.type === 'text' && (out[out.length - 1] as { value: string }).value.trim() === '')
    out.pop();
  const first = out[0];
  if (first?.type === 'text') out[0] = { type: 'text', value: first.value.trimStart() };
  const last = out[out.length - 1];
  if (last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value.trimEnd() };
  return out;
}

/**
 * A cell's blocks on one line (GFM cells hold one line), separated by line breaks: paragraphs and
 * headings keep their links and emphasis; other blocks (lists, nested tables) their text.
 */
function cell(blocks: Block[]): TableCell {
  const children: PhrasingContent[] = [];
  const addLine = (line: PhrasingContent[]) => {
    if (line.length === 0) return;
    if (children.length > 0) children.push({ type: 'break' });
    children.push(...line);
  };
  for (const block of blocks) {
    if (block.type === 'paragraph' || block.type === 'heading') {
      // A line break inside a paragraph is a line of its own in the cell.
      const inline = trimmedEnds(phrasing(block.content));
      addLine(block.type === 'heading' || block.style === 'label' ? wrapped('strong', inline) : inline);
    } else {
      for (const line of blocksToPlainText([block]).split('\n')) {
        if (line.trim() !== '') addLine([{ type: 'text', value: line.trim() }]);
      }
    }
  }
  return { type: 'tableCell', children: children.map(cellBreaks) };
}

/** GFM cells hold one line: a line break in a cell is written as `<br>`, which GitHub and most viewers show. */
function cellBreaks(node: PhrasingContent): PhrasingContent {
  if (node.type === 'break') return { type: 'html', value: '<br>' };
  if ('children' in node) return { ...node, children: node.children.map(cellBreaks) } as PhrasingContent;
  return node;
}

class MarkdownBuilder {
  private readonly headings: { level: number; text: string }[] = [];
  private toc: { index: number; title: string; levels: number } | null = null;

  build(blocks: Block[]): Root {
    const children = this.blocks(blocks);
    // The toc block itself writes nothing: the contents go in before the node that followed it.
    if (this.toc) children.splice(this.toc.index, 0, ...this.contents(this.toc.title, this.toc.levels));
    return { type: 'root', children };
  }

  private blocks(blocks: Block[]): RootContent[] {
    const out: RootContent[] = [];
    for (const block of blocks) {
      if (block.type === 'toc') this.toc = { index: out.length, title: block.title, levels: block.levels ?? 3 };
      const node = this.block(block);
      if (node) out.push(node);
    }
    return out;
  }

  private block(block: Block): RootContent | null {
    switch (block.type) {
      case 'heading':
        if (block.toc !== false) this.headings.push({ level: block.level, text: inlinesToPlainText(block.content) });
        return { type: 'heading', depth: block.level, children: phrasing(block.content) };
      case 'paragraph':
        return paragraph(block);
      case 'list':
        return {
          type: 'list',
          ordered: block.ordered,
          start: block.ordered ? (block.start ?? 1) : undefined,
          spread: false,
          children: block.items.map((item): ListItem => ({
            type: 'listItem',
            spread: false,
            children: this.blocks(item) as BlockContent[],
          })),
        };
      case 'table': {
        const width = Math.max(1, ...block.rows.map((r) => r.cells.reduce((n, c) => n + (c.colSpan ?? 1), 0)));
        const rows = block.rows.map((r): TableRow => {
          const cells = r.cells.flatMap((c) => [
            cell(c.blocks),
            ...Array.from({ length: (c.colSpan ?? 1) - 1 }, () => cell([])),
          ]);
          while (cells.length < width) cells.push(cell([]));
          return { type: 'tableRow', children: cells };
        });
        // GFM tables need a header row: an empty one when the table has none.
        if (block.headerRows === 0)
          rows.unshift({ type: 'tableRow', children: Array.from({ length: width }, () => cell([])) });
        return { type: 'table', children: rows };
      }
      case 'blockquote':
        return { type: 'blockquote', children: this.blocks(block.children) as BlockContent[] };
      case 'code':
        return { type: 'code', value: block.text };
      case 'rule':
        return { type: 'thematicBreak' };
      case 'image': {
        const url = `data:${block.mimeType};base64,${Buffer.from(block.data).toString('base64')}`;
        return { type: 'paragraph', children: [{ type: 'image', url, alt: block.alt ?? '' }] };
      }
      case 'pageBreak':
      case 'toc':
        return null;
    }
  }

  /** The contents as nested lists of heading titles (levels 1 to `levels`). */
  private contents(title: string, levels: number): RootContent[] {
    const entries = this.headings.filter((h) => h.level <= levels);
    if (entries.length === 0) return [];
    const root: List = { type: 'list', ordered: false, spread: false, children: [] };
    // The open list at each depth; a deeper heading opens a list inside the last item above it.
    const open: { level: number; list: List }[] = [{ level: 0, list: root }];
    for (const heading of entries) {
      while (open.length > 1 && open[open.length - 1].level >= heading.level) open.pop();
      const parent = open[open.length - 1].list;
      const item: ListItem = {
        type: 'listItem',
        spread: false,
        children: [{ type: 'paragraph', children: [{ type: 'text', value: heading.text }] }],
      };
      parent.children.push(item);
      const nested: List = { type: 'list', ordered: false, spread: false, children: [] };
      item.children.push(nested);
      open.push({ level: heading.level, list: nested });
    }
    prune(root);
    return [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: title }] }] }, root];
  }
}

/** Drops the nested lists no heading went into. */
function prune(list: List): void {
  for (const item of list.children) {
    item.children = item.children.filter((child) => child.type !== 'list' || child.children.length > 0);
    for (const child of item.children) if (child.type === 'list') prune(child);
  }
}

export function documentToMarkdown(document: DocumentModel): string {
  return toMarkdown(new MarkdownBuilder().build(document.blocks), {
    extensions: [gfmToMarkdown()],
    bullet: '-',
    rule: '-',
  });
}

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  return { bytes: new TextEncoder().encode(documentToMarkdown(rendered.document)), warnings: [...rendered.warnings] };
}
