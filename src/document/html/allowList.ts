/**
 * What rich text may hold: the elements and attributes we read, the elements dropped with their
 * content, and where links and images may point. The sanitizer (pass 1, answers only) and the
 * walker (pass 2, answers and layout output) both apply it.
 */
import type { ParagraphStyle } from '../types';

/** Paragraph containers: their inline content becomes paragraphs. */
export const CONTAINER_TAGS = [
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'address',
  'center',
  'figure',
  'figcaption',
  'details',
  'summary',
  'dl',
  'dt',
  'dd',
  'hgroup',
];
export const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
export const TABLE_TAGS = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const INLINE_TAGS = [
  'br',
  'a',
  'b',
  'strong',
  'i',
  'em',
  'cite',
  'dfn',
  'var',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'sub',
  'sup',
  'code',
  'kbd',
  'samp',
  'tt',
];
export const ANSWER_TAGS = [
  ...INLINE_TAGS,
  ...CONTAINER_TAGS,
  ...HEADING_TAGS,
  'ul',
  'ol',
  'menu',
  'li',
  ...TABLE_TAGS,
  'blockquote',
  'pre',
  'hr',
  'img',
];

/**
 * Elements that vanish with everything inside them: code, styles, embedded documents, vector
 * graphics, media and forms. Any other element that is not allowed loses only its tag.
 */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'noframes',
  'object',
  'embed',
  'applet',
  'param',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'picture',
  'map',
  'head',
  'title',
  'xmp',
  'noembed',
  'form',
  'fieldset',
  'legend',
  'label',
  'input',
  'button',
  'select',
  'option',
  'optgroup',
  'datalist',
  'textarea',
  'output',
  'progress',
  'meter',
];

/** Elements whose `style="text-align: …"` (or legacy `align`) sets the alignment of the text inside. */
export const ALIGNABLE_TAGS = [...CONTAINER_TAGS, ...HEADING_TAGS, 'li', 'td', 'th', 'blockquote'];

/**
 * The walker's containers: their inline content becomes paragraphs. Table and list parts found
 * outside their table or list are read the same way.
 */
export const PARAGRAPH_CONTAINERS = new Set([
  ...CONTAINER_TAGS,
  'li',
  'td',
  'th',
  'tr',
  'thead',
  'tbody',
  'tfoot',
  'caption',
]);

/** Layout mode: `<p class="…">` -> paragraph style. */
export const PARAGRAPH_STYLE_CLASSES: ParagraphStyle[] = ['title', 'subtitle', 'label', 'caption', 'note'];

export const DROPPED_TAG_NAMES = new Set(DROPPED_WITH_CONTENT);

export const TEXT_ALIGN_PATTERN = /(?:^|;)\s*text-align\s*:\s*(left|right|center|justify)\s*(?:!important\s*)?(?:;|$)/i;

/** The href as it goes into the model, or null when it is not an http, https or mailto link. */
export function linkTarget(href: string | undefined): string | null {
  if (href === undefined) return null;
  const trimmed = href.trim();
  if (/^mailto:\S/i.test(trimmed)) return trimmed;
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    return new URL(trimmed).href;
  } catch {
    return null;
  }
}

export function isDataUri(src: string): boolean {
  return /^data:/i.test(src);
}

export function isResolvableReference(src: string): boolean {
  return /^(?:asset|ref):./i.test(src);
}

export function quoteForMessage(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}

export const removedLinkWarning = (href: string) =>
  `Removed the link to ${quoteForMessage(href)}: only http, https and mailto links are exported (its text is kept)`;

export const remoteImageWarning = (src: string) =>
  `Removed the image ${quoteForMessage(src)}: only images embedded in the text are exported, nothing is downloaded`;
