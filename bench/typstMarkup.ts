/**
 * Our document model as Typst markup, for the peer bench (bench/peers.ts): the same content our
 * PDF writer typesets (cover lines, headings, a table of contents, paragraphs with their marks and
 * links, nested lists, tables with header rows and spans, quotes, code, images with their alt
 * text, page breaks), in the same fonts, page size, margins and running header and footer. Text
 * goes in as Typst strings (`#"..."`), so nothing in an answer is read as markup.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Block, DocumentModel, Inline } from '../src/document/types';

const str = (text: string): string => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function inlines(content: Inline[]): string {
  return content
    .map((inline): string => {
      if (inline.type === 'break') return '#linebreak()';
      if (inline.type === 'link') return `#link(${str(inline.href)})[${inlines(inline.children)}]`;
      const marks = inline.marks ?? {};
      let text = marks.code ? `#raw(${str(inline.text)})` : `#${str(inline.text)}`;
      if (marks.bold) text = `#strong[${text}]`;
      if (marks.italic) text = `#emph[${text}]`;
      if (marks.underline) text = `#underline[${text}]`;
      if (marks.strike) text = `#strike[${text}]`;
      if (marks.sub) text = `#sub[${text}]`;
      if (marks.sup) text = `#super[${text}]`;
      return text;
    })
    .join('');
}

const PARAGRAPH_STYLES: Record<string, (text: string) => string> = {
  title: (text) => `#align(center, text(size: 22pt, weight: "bold")[${text}])`,
  subtitle: (text) => `#align(center, text(size: 14pt)[${text}])`,
  label: (text) => `#strong[${text}]`,
  caption: (text) => `#text(size: 9pt, fill: rgb("#555555"))[${text}]`,
  note: (text) => `#emph[${text}]`,
};

/** Writes images into `dir` (Typst reads them from its workspace). */
export function typstMarkup(document: DocumentModel, dir: string): string {
  let images = 0;
  const block = (item: Block): string => {
    switch (item.type) {
      case 'heading':
        return `#heading(level: ${item.level}, outlined: ${item.toc !== false})[${inlines(item.content)}]`;
      case 'paragraph': {
        const styled = PARAGRAPH_STYLES[item.style ?? 'normal'];
        const text = inlines(item.content);
        return styled ? styled(text) : text;
      }
      case 'list': {
        const items = item.items.map((blocks) => `[${blocks.map(block).join('\n\n')}]`).join(', ');
        return item.ordered ? `#enum(start: ${item.start ?? 1}, ${items})` : `#list(${items})`;
      }
      case 'table': {
        const columns = Math.max(1, ...item.rows.map((row) => row.cells.reduce((n, c) => n + (c.colSpan ?? 1), 0)));
        const cell = (cell: (typeof item.rows)[number]['cells'][number]): string =>
          `table.cell(colspan: ${cell.colSpan ?? 1}, rowspan: ${cell.rowSpan ?? 1})[${cell.blocks.map(block).join('\n\n')}]`;
        const rows = item.rows.map((row) => row.cells.map(cell).join(', '));
        const header = rows.slice(0, item.headerRows);
        const body = rows.slice(item.headerRows);
        return `#table(columns: ${columns}, ${header.length > 0 ? `table.header(${header.join(', ')}), ` : ''}${body.join(', ')})`;
      }
      case 'blockquote':
        return `#quote(block: true)[${item.children.map(block).join('\n\n')}]`;
      case 'code':
        return `#raw(${str(item.text)}, block: true)`;
      case 'rule':
        return '#line(length: 100%)';
      case 'image': {
        const file = `image-${++images}.${item.mimeType.split('/')[1]}`;
        fs.writeFileSync(path.join(dir, file), item.data);
        return `#image(${str(file)}, alt: ${str(item.alt ?? '')}, width: 100%)`;
      }
      case 'pageBreak':
        return '#pagebreak()';
      case 'toc':
        return `#outline(title: ${str(item.title)}, depth: ${item.levels ?? 3})`;
    }
  };
  const { meta } = document;
  const margins = meta.margins ?? { top: 56, right: 56, bottom: 56, left: 56 };
  const setup = [
    `#set document(title: ${str(meta.title)}, author: ${str(meta.author ?? '')})`,
    `#set text(font: "DejaVu Sans", size: 10pt, lang: ${str(meta.language.split('-')[0])})`,
    `#set page(paper: "${meta.pageSize === 'Letter' ? 'us-letter' : 'a4'}", ` +
      `margin: (top: ${margins.top}pt, right: ${margins.right}pt, bottom: ${margins.bottom}pt, left: ${margins.left}pt), ` +
      `header: text(size: 8pt)[#${str(meta.headerText ?? '')}], ` +
      `footer: context align(center, text(size: 8pt)[#${str((meta.footerText ?? '').replace(/\{page\}|\{pages\}/g, ''))} #counter(page).display()]))`,
    '#show raw: set text(font: "DejaVu Sans Mono")',
  ];
  return `${setup.join('\n')}\n\n${document.blocks.map(block).join('\n\n')}\n`;
}
