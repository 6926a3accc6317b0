/**
 * Pass 1, for rich-text answers only: sanitize-html applies the allow-list (allowList.ts) and
 * reports, through `warn`, the links and images it removes.
 */
import sanitizeHtml from 'sanitize-html';
import {
  ALIGNABLE_TAGS,
  ANSWER_TAGS,
  DROPPED_WITH_CONTENT,
  TEXT_ALIGN_PATTERN,
  isDataUri,
  linkTarget,
  remoteImageWarning,
  removedLinkWarning,
} from './allowList';
import { parseAlign } from './attributes';
import { MAX_TREE_DEPTH } from './limits';

const ANSWER_ATTRIBUTES = attributeAllowList(
  {
    '*': ['dir', 'lang'],
    a: ['href'],
    ol: ['start'],
    img: ['src', 'alt'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  Object.fromEntries(ALIGNABLE_TAGS.map((tag) => [tag, ['align']])),
);

function attributeAllowList(...lists: Record<string, string[]>[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const list of lists) {
    for (const [tag, attributes] of Object.entries(list)) merged[tag] = [...(merged[tag] ?? []), ...attributes];
  }
  return merged;
}

/** Where the sanitizer's transforms report, for the call in progress (sanitize-html is synchronous). */
let reportDuringSanitize: (message: string) => void = () => undefined;
const answerSanitizerOptions = sanitizerOptions((message) => reportDuringSanitize(message));

export function sanitize(html: string, warn: (message: string) => void): string {
  reportDuringSanitize = warn;
  try {
    return sanitizeHtml(html, answerSanitizerOptions);
  } finally {
    reportDuringSanitize = () => undefined;
  }
}

/** The allow-list for rich-text answers. */
function sanitizerOptions(warn: (message: string) => void): sanitizeHtml.IOptions {
  const transformTags: Record<string, sanitizeHtml.Transformer> = {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim() ?? '';
      const target = linkTarget(href);
      if (target !== null) {
        attribs.href = target;
      } else {
        delete attribs.href;
        // In-page anchors (Word footnotes, tables of contents) mean nothing in an export: no warning.
        if (href !== '' && !href.startsWith('#')) warn(removedLinkWarning(href));
      }
      return { tagName, attribs };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (isDataUri(src)) {
        attribs.src = src;
      } else {
        delete attribs.src;
        if (src !== '') warn(remoteImageWarning(src));
      }
      return { tagName, attribs };
    },
  };
  for (const tag of ALIGNABLE_TAGS) transformTags[tag] = moveTextAlignToAlignAttribute;
  return {
    allowedTags: ANSWER_TAGS,
    allowedAttributes: ANSWER_ATTRIBUTES,
    allowedClasses: {},
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    nestingLimit: MAX_TREE_DEPTH,
    // Only text-align matters, read by the transform above: no CSS parser on every style attribute.
    parseStyleAttributes: false,
    transformTags,
  };
}

function moveTextAlignToAlignAttribute(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const fromStyle = attribs.style === undefined ? null : TEXT_ALIGN_PATTERN.exec(attribs.style)?.[1];
  const align = parseAlign(fromStyle ?? attribs.align);
  if (align) attribs.align = align;
  else delete attribs.align;
  return { tagName, attribs };
}
