/**
 * Bounds how deep HTML nests before anything builds a tree of it. htmlparser2 keeps its
 * open-element stack with `unshift`/`indexOf`, so parsing costs depth x tags, and 100,000 nested
 * tags take seconds there and in sanitize-html.
 *
 * The scan runs htmlparser2's own tokenizer (so comments, raw-text elements such as <script>,
 * quoted attributes and `/>` are read exactly as the parser reads them) and replays the parser's
 * open-element stack: the implied closes of its `openImpliesClose` table (`<li>` closes an open
 * `<li>` on top of the stack, nothing else), void elements, self-closing tags only inside SVG and
 * MathML, a second `<form>` ignored. The copy of those tables follows htmlparser2 12.
 */
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const P_TAG = new Set(['p']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DD_DT_TAGS = new Set(['dd', 'dt']);
const RT_RP_TAGS = new Set(['rt', 'rp']);

/** htmlparser2's openImpliesClose: opening the key closes the top of the stack while it is in the set. */
const OPEN_IMPLIES_CLOSE = new Map<string, ReadonlySet<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag): [string, ReadonlySet<string>] => [tag, HEADING_TAGS]),
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((tag): [string, ReadonlySet<string>] => [
    tag,
    FORM_TAGS,
  ]),
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT_TAGS],
  ['dt', DD_DT_TAGS],
  ...[
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((tag): [string, ReadonlySet<string>] => [tag, P_TAG]),
  ['rt', RT_RP_TAGS],
  ['rp', RT_RP_TAGS],
  ['tbody', TABLE_SECTION_TAGS],
  ['tfoot', TABLE_SECTION_TAGS],
]);

const VOID_TAGS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose content the tokenizer reads as text (outside SVG and MathML): they cannot nest. */
const RAW_TEXT_TAGS = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
]);

const FOREIGN_ROOTS = new Set(['svg', 'math']);
/** HTML integration points inside SVG and MathML (lower-cased, as this scan compares names). */
const HTML_INTEGRATION_TAGS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignobject',
  'desc',
  'title',
]);

/**
 * The HTML with every tag nested deeper than `maxDepth` cut out (its text kept), and whether
 * anything was cut. Comes back unchanged, without copying, when it cannot nest that deep.
 */
export function limitNesting(html: string, maxDepth: number): { html: string; cut: boolean } {
  if (!hasMoreTagsThan(html, maxDepth)) return { html, cut: false };
  const scan = new NestingScan(html, maxDepth);
  const tokenizer = new Tokenizer({ decodeEntities: false }, scan);
  tokenizer.write(html);
  tokenizer.end();
  return scan.result();
}

/** An element needs a "<": with no more of them than `count`, nothing nests deeper. */
function hasMoreTagsThan(html: string, count: number): boolean {
  let seen = 0;
  for (let index = html.indexOf('<'); index !== -1; index = html.indexOf('<', index + 1)) {
    if (++seen > count) return true;
  }
  return false;
}

/** Tokenizer callbacks that replay htmlparser2's open-element stack and record the cuts. */
class NestingScan implements TokenizerCallbacks {
  /** Names of the open elements, innermost last, as the parser will see them after the cuts. */
  private readonly open: string[] = [];
  /** How many times each name is on `open`: an end tag with no open element is answered at once. */
  private readonly openCounts = new Map<string, number>();
  /** Per open SVG/MathML root or integration point: whether its content is foreign (SVG, MathML). */
  private readonly foreign: boolean[] = [false];
  /** Start tags cut and not yet closed, by name; their end tags are cut too. */
  private readonly pendingCuts = new Map<string, number>();
  /** Start, end, start, end… of the cut tags. */
  private readonly cuts: number[] = [];
  /** The start tag being read: where it starts, its name, and whether it is cut. */
  private tag: { start: number; name: string; cut: boolean } | null = null;

  constructor(
    private readonly html: string,
    private readonly maxDepth: number,
  ) {}

  result(): { html: string; cut: boolean } {
    if (this.tag?.cut) this.cuts.push(this.tag.start, this.html.length); // a start tag left open at the end
    const { cuts, html } = this;
    if (cuts.length === 0) return { html, cut: false };
    const kept: string[] = [html.slice(0, cuts[0])];
    for (let index = 1; index < cuts.length; index += 2)
      kept.push(html.slice(cuts[index], cuts[index + 1] ?? html.length));
    return { html: kept.join(''), cut: true };
  }

  isInForeignContext(): boolean {
    return this.foreign[this.foreign.length - 1];
  }

  onopentagname(start: number, endIndex: number): void {
    let name = this.html.slice(start, endIndex).toLowerCase();
    if (name === 'image' && !this.isInForeignContext()) name = 'img';
    this.tag = { start: start - 1, name, cut: false };
    // The parser ignores a <form> inside a form altogether.
    if (name === 'form' && this.openCounts.has('form')) return;
    const closes = this.impliedCloses(name);
    const rawText = RAW_TEXT_TAGS.has(name) && !this.isInForeignContext();
    // Void elements add no depth; raw-text elements add one level that nothing can nest in.
    if (VOID_TAGS.has(name) || rawText || this.open.length - closes < this.maxDepth) {
      for (let count = 0; count < closes; count++) this.pop();
      if (!VOID_TAGS.has(name)) this.push(name);
    } else {
      this.tag.cut = true;
      this.pendingCuts.set(name, (this.pendingCuts.get(name) ?? 0) + 1);
    }
  }

  onopentagend(endIndex: number): void {
    this.endStartTag(endIndex);
  }

  onselfclosingtag(endIndex: number): void {
    const tag = this.tag;
    this.endStartTag(endIndex);
    // Only SVG and MathML content knows `/>`; in HTML the element stays open.
    if (tag && !tag.cut && this.isInForeignContext() && this.open[this.open.length - 1] === tag.name) this.pop();
  }

  onclosetag(start: number, endIndex: number): void {
    this.tag = null;
    const name = this.html.slice(start, endIndex).toLowerCase();
    const pending = this.pendingCuts.get(name) ?? 0;
    if (pending > 0) {
      this.pendingCuts.set(name, pending - 1);
      const end = this.html.indexOf('>', endIndex);
      this.cuts.push(start - 2, end === -1 ? this.html.length : end + 1);
      return;
    }
    if (VOID_TAGS.has(name) || !this.openCounts.has(name)) return;
    const target = this.open.lastIndexOf(name);
    while (this.open.length > target) this.pop();
  }

  /** How many elements on top of the stack opening `name` closes (htmlparser2's openImpliesClose). */
  private impliedCloses(name: string): number {
    const closes = OPEN_IMPLIES_CLOSE.get(name);
    if (!closes) return 0;
    let count = 0;
    while (count < this.open.length && closes.has(this.open[this.open.length - 1 - count])) count++;
    return count;
  }

  private endStartTag(endIndex: number): void {
    if (this.tag?.cut) this.cuts.push(this.tag.start, endIndex + 1);
    this.tag = null;
  }

  private push(name: string): void {
    this.open.push(name);
    this.openCounts.set(name, (this.openCounts.get(name) ?? 0) + 1);
    if (FOREIGN_ROOTS.has(name)) this.foreign.push(true);
    else if (HTML_INTEGRATION_TAGS.has(name)) this.foreign.push(false);
  }

  private pop(): void {
    const name = this.open.pop()!;
    const count = this.openCounts.get(name)! - 1;
    if (count === 0) this.openCounts.delete(name);
    else this.openCounts.set(name, count);
    if (FOREIGN_ROOTS.has(name) || HTML_INTEGRATION_TAGS.has(name)) this.foreign.pop();
    // Cut elements were inside the one that just closed: they are closed with it.
    if (this.open.length < this.maxDepth) this.pendingCuts.clear();
  }

  // The rest of the token stream does not change the stack.
  readonly onattribdata = ignore;
  readonly onattribentity = ignore;
  readonly onattribend = ignore;
  readonly onattribname = ignore;
  readonly oncdata = ignore;
  readonly oncomment = ignore;
  readonly ondeclaration = ignore;
  readonly onend = ignore;
  readonly onprocessinginstruction = ignore;
  readonly ontext = ignore;
  readonly ontextentity = ignore;
}

function ignore(): void {
  // Nothing to do: see NestingScan.
}
