/**
 * Rich text -> document blocks. Rich-text answers arrive as HTML from the planning service's
 * editors; layout templates also produce HTML. The passes, each with one job:
 *
 * 0. Characters the writers cannot carry go, and tags nested deeper than MAX_TREE_DEPTH are cut
 *    (nesting.ts), for answers and layout output alike.
 * 1. For answers only, sanitize-html applies the allow-list: which tags and attributes survive,
 *    which URL schemes, which elements vanish with their content. It also reports (through
 *    `onWarning`) links and images it removes. Layout output skips this pass: the walker below is
 *    an allow-list of its own.
 * 2. htmlparser2 parses the HTML and a walker turns the tree into the AST, the way a browser lays
 *    it out: inline content becomes paragraphs, blocks inside paragraphs split them, whitespace
 *    collapses. It knows only the allowed elements and attributes, re-checks links and images,
 *    and drops scripts and the like with their content, so layout output meets the same rules.
 *
 * Nothing here fetches anything: images come only from data: URIs or, in layout mode, from the
 * caller's resolver.
 */
import { DomHandler, Parser, parseDocument } from 'htmlparser2';
import { blocksToPlainText } from '../text';
import { limitNesting } from '../nesting';
import type { Block } from '../types';
import { sanitize } from './sanitize';
import { withoutXmlInvalidCharacters } from './characters';
import { ROOT_CONTEXT } from './context';
import { FlowBuilder } from './flow';
import { MAX_TREE_DEPTH } from './limits';
import type { HtmlOptions } from './options';
import { BlockWalker } from './walker';

export type { HtmlOptions } from './options';

/** HTML -> blocks. Never throws on bad HTML; what it drops is reported through `onWarning`. */
export function htmlToBlocks(html: string, options: HtmlOptions = {}): Block[] {
  const warn = options.onWarning ?? (() => undefined);
  const valid = withoutXmlInvalidCharacters(html);
  // Answers pass sanitize-html first. Layout output (ours or a tenant's) is read by the walker
  // alone: it never leaves as HTML, and the walker is itself an allow-list (known elements and
  // attributes only, links and images re-checked, scripts dropped with their content). Sanitizing
  // it again cost ~80 ms on a 100-description plan.
  const tree = options.layout ? parseWithinDepth(valid) : undefined;
  const walker = new BlockWalker(options, warn);
  const flow = new FlowBuilder();
  walker.walkChildren(tree ?? parseDocument(boundedHtml(valid, options, warn)), ROOT_CONTEXT, flow);
  return flow.finish();
}

/** The HTML with its nesting limited, and sanitized unless it is layout output. */
function boundedHtml(html: string, options: HtmlOptions, warn: (message: string) => void): string {
  const nesting = limitNesting(html, MAX_TREE_DEPTH);
  if (nesting.cut) warn(`HTML nested more than ${MAX_TREE_DEPTH} levels deep was flattened to its text`);
  return options.layout ? nesting.html : sanitize(nesting.html, warn);
}

const TOO_DEEP = Symbol('nested deeper than MAX_TREE_DEPTH');

/** htmlparser2's tree builder, stopped at the first element that would nest deeper than MAX_TREE_DEPTH. */
class DepthLimitedHandler extends DomHandler {
  override onopentag(name: string, attribs: Record<string, string>): void {
    // The stack holds the document too.
    if (this.tagStack.length > MAX_TREE_DEPTH) throw TOO_DEEP;
    super.onopentag(name, attribs);
  }
}

/**
 * The tree of HTML that nests no deeper than MAX_TREE_DEPTH, parsed once; undefined for deeper
 * HTML, which goes through limitNesting first (its scan is a second pass over the whole text:
 * ~7 ms of a 100-description plan's layout, needed only when the parse stops here).
 */
function parseWithinDepth(html: string): ReturnType<typeof parseDocument> | undefined {
  const handler = new DepthLimitedHandler();
  try {
    new Parser(handler).end(html);
  } catch (error) {
    if (error === TOO_DEEP) return undefined;
    throw error;
  }
  return handler.root;
}

/** HTML as a rich-text answer may hold it: the answers' allow-list applied (for imported text). */
export function sanitizeAnswerHtml(html: string): string {
  return sanitize(limitNesting(withoutXmlInvalidCharacters(html), MAX_TREE_DEPTH).html, () => undefined);
}

/** Plain text of HTML (for RDA descriptions, PDF metadata…): block boundaries -> newlines, entities decoded. */
export function htmlToPlainText(html: string): string {
  // The lookbehind starts a match only where a run of spaces starts: linear on long inner runs.
  return blocksToPlainText(htmlToBlocks(html))
    .replace(/\u00a0/g, ' ')
    .replace(/(?<! ) +$/gm, '')
    .trim();
}
