/**
 * The helpers a layout template may call, and nothing else (compiled with knownHelpersOnly).
 * They build HTML from the context's plain values; none reads files or the network. Context text
 * in the HTML they return is escaped here; the layout walker reads the whole output afterwards and
 * keeps only the elements it knows.
 *
 * Answers are not inlined: `value` and `richText` print `<dmp-blocks ref>` for rich text and
 * `<img src="ref:…">` for uploaded images, resolved from the render's side table later.
 *
 * Every helper, Handlebars' own included, runs through the render guard: each call ticks its
 * clock, and a string it returns (or is about to build) may not exceed the output limit, so
 * `{{#with (concat a a) as |b|}}` nested 30 deep fails at once instead of doubling to gigabytes.
 */
import type { HelperOptions } from 'handlebars';
import type { ReferenceContext, ValueContext } from './context';
import { BUILTIN_HELPERS, handlebars, type BuiltinHelperName, type LayoutHelperName } from './engine';
import { DATE_STYLES, formatDate, type DateStyle } from './format';
import type { OutputBudget } from './budget';
import type { RenderGuard } from './guard';
import { isLabelKey, type Labels } from './labels';
import { positionOf, TemplateRenderError } from './problems';

export interface HelperSession {
  labels: Labels;
  /** The label language, for dates. */
  language: string;
  tableOfContents: boolean;
  hasAsset(name: string): boolean;
  guard: RenderGuard;
  /** Counts page breaks as they are written. */
  budget: OutputBudget;
}

type Options = HelperOptions & { loc?: { start: { line: number; column: number } }; name?: string };
type Helper = (...args: unknown[]) => unknown;

const escape = (value: unknown): string => handlebars.Utils.escapeExpression(value == null ? '' : String(value));
const html = (markup: string) => new handlebars.SafeString(markup);

/** Splits Handlebars' trailing options argument from the template's own arguments. */
function split(args: unknown[]): { params: unknown[]; options: Options } {
  return { params: args.slice(0, -1), options: args[args.length - 1] as Options };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Own properties only: a template's data never reaches prototypes. */
const own = (value: unknown, key: string): unknown =>
  isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;

const VALUE_KINDS = new Set([
  'text',
  'richText',
  'number',
  'date',
  'boolean',
  'options',
  'tags',
  'references',
  'identifier',
  'file',
  'entities',
  'contacts',
  'users',
  'language',
  'accessRights',
  'withheld',
]);

/** A context value (`{kind, display, …}`); also unwraps a field (`{value: {kind…}}`) so `{{value field}}` works. */
function valueOf(candidate: unknown): ValueContext | null {
  if (
    isObject(candidate) &&
    typeof own(candidate, 'kind') === 'string' &&
    VALUE_KINDS.has(own(candidate, 'kind') as string)
  ) {
    return candidate as unknown as ValueContext;
  }
  const nested = own(candidate, 'value');
  return nested !== undefined && nested !== candidate ? valueOf(nested) : null;
}

const link = (text: string, url: string | null): string =>
  url ? `<a href="${escape(url)}">${escape(text)}</a>` : escape(text);

function referenceHtml(reference: ReferenceContext): string {
  return link(reference.label, reference.url);
}

/** Multi-line plain text keeps its line breaks. */
const textHtml = (text: string): string => escape(text.trim()).replace(/\r?\n/g, '<br>');

/** The items of a value that prints as a list when it has more than one. */
function listItems(value: ValueContext): string[] | null {
  switch (value.kind) {
    case 'options':
      return value.options.map((o) => escape(o.label));
    case 'references':
      return value.references.map(referenceHtml);
    case 'contacts':
      return value.contacts.map((c) =>
        c.email
          ? `${escape(c.name ?? c.email)} (<a href="mailto:${escape(c.email)}">${escape(c.email)}</a>)`
          : escape(c.display),
      );
    case 'users':
      return value.users.map((u) => escape(u.display));
    case 'entities':
      return value.items.map((i) => link(i.label, i.url));
    default:
      return null;
  }
}

/** A value as inline HTML (one line of text), or null for values that need blocks. */
function inlineHtml(value: ValueContext): string | null {
  const items = listItems(value);
  if (items) return items.length === 1 ? items[0] : null;
  switch (value.kind) {
    case 'text': {
      const text = value.text.trim();
      if (text.includes('\n')) return null;
      return /^https?:\/\/\S+$/i.test(text) ? link(text, text) : escape(text);
    }
    case 'identifier':
      return value.type
        ? `${link(value.identifier, value.url)} (${escape(value.type)})`
        : link(value.identifier, value.url);
    case 'richText':
      return null;
    case 'file':
      return value.isImage && value.ref ? null : escape(value.display);
    default:
      return escape(value.display);
  }
}

/** A value as block HTML: paragraphs, a list, an image or a rich-text placeholder. */
function blockHtml(value: ValueContext): string {
  if (value.kind === 'richText') return `<dmp-blocks ref="${escape(value.ref)}"></dmp-blocks>`;
  if (value.kind === 'file' && value.isImage && value.ref)
    return `<img src="ref:${escape(value.ref)}" alt="${escape(value.filename ?? '')}">`;
  if (value.kind === 'text') return `<p>${inlineHtml(value) ?? textHtml(value.text)}</p>`;
  if (value.kind === 'withheld') return `<p class="note">${escape(value.display)}</p>`;
  const items = listItems(value);
  if (items && items.length > 1) return `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  return `<p>${inlineHtml(value) ?? escape(value.display)}</p>`;
}

const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

type HelperName = LayoutHelperName | BuiltinHelperName;

/** The helpers of one render, each ticking `session.guard` and held to its output limit. */
export function createHelpers(session: HelperSession): Record<HelperName, Helper> {
  const { guard } = session;
  const helpers: Record<string, Helper> = {
    ...Object.fromEntries(BUILTIN_HELPERS.map((name) => [name, handlebars.helpers[name] as Helper])),
    ...layoutHelpers(session),
  };
  for (const [name, helper] of Object.entries(helpers)) {
    helpers[name] = function guarded(this: unknown, ...args: unknown[]) {
      guard.tick();
      const result = helper.apply(this, args);
      const length =
        typeof result === 'string'
          ? result.length
          : result instanceof handlebars.SafeString
            ? result.toString().length
            : 0;
      guard.checkPiece(length, name, (args[args.length - 1] as Options).loc);
      return result;
    };
  }
  return helpers as Record<HelperName, Helper>;
}

function layoutHelpers(session: HelperSession): Record<LayoutHelperName | 'each', Helper> {
  const { labels, guard } = session;
  const builtinEach = handlebars.helpers.each as Helper;
  const fail = (options: Options, message: string): never => {
    throw new TemplateRenderError(`${options.name ?? 'helper'}: ${message}`, positionOf(options.loc));
  };
  /** `parts.join(separator)`, refused before it is built when it would be over the output limit. */
  const joinWithin = (options: Options, parts: string[], separator: string): string => {
    let length = separator.length * Math.max(parts.length - 1, 0);
    for (const part of parts) length += part.length;
    guard.checkPiece(length, options.name ?? 'helper', options.loc);
    return parts.join(separator);
  };

  return {
    /** Handlebars' each, with every iteration counted against the render limits. */
    each(this: unknown, ...args: unknown[]) {
      const { params, options } = split(args);
      const body = options.fn;
      // guard.measure without a closure per iteration: a plan has thousands of iterations.
      const counted = Object.assign((context: unknown, runtime?: unknown) => {
        guard.enter();
        let output: string;
        try {
          output = body(context, runtime as never);
        } catch (error) {
          guard.abandon();
          throw error;
        }
        guard.leave(output);
        return output;
      }, body);
      return builtinEach.call(this, ...params, { ...options, fn: counted });
    },

    /**
     * `{{value field}}` / `{{value field.value label="Budget"}}`: any value rendered properly. With
     * `label`, short values print as "Label: value" on one line and longer ones under the label;
     * a missing value then prints "Label: Not answered" as a note.
     */
    value(this: unknown, ...args: unknown[]) {
      const { params, options } = split(args);
      // `{{value}}` alone, inside a field, is the field's value (fields have a `value` property).
      const value = valueOf(params.length > 0 ? params[0] : this);
      const label = own(options.hash, 'label');
      if (!value) return label ? html(`<p class="note">${escape(label)}: ${escape(labels.notAnswered)}</p>`) : '';
      if (!label) return html(blockHtml(value));
      const inline = inlineHtml(value);
      return html(
        inline !== null
          ? `<p><strong>${escape(label)}:</strong> ${inline}</p>`
          : `<p><strong>${escape(label)}</strong></p>${blockHtml(value)}`,
      );
    },

    /** `{{richText description.summary style="caption"}}`: rich text as blocks, optionally restyled. */
    richText(...args) {
      const { params, options } = split(args);
      const value = valueOf(params[0]);
      const style = own(options.hash, 'style');
      if (style !== undefined && style !== 'caption' && style !== 'note' && style !== 'normal') {
        fail(options, `style must be "caption", "note" or "normal", not ${JSON.stringify(style)}`);
      }
      if (!value) return '';
      if (value.kind === 'richText') {
        const ref = style && style !== 'normal' ? `${value.ref}.${style}` : value.ref;
        return html(`<dmp-blocks ref="${escape(ref)}"></dmp-blocks>`);
      }
      const cssClass = style && style !== 'normal' ? ` class="${style}"` : '';
      return html(`<p${cssClass}>${textHtml(value.display)}</p>`);
    },

    /** `{{image "logo.png" width=120 align="center"}}` (a bundle asset) or `{{image value}}` (an uploaded image). */
    image(...args) {
      const { params, options } = split(args);
      const source = params[0];
      const width = own(options.hash, 'width');
      const align = own(options.hash, 'align');
      const altText = own(options.hash, 'alt');
      if (width !== undefined && !(toNumber(width) > 0))
        fail(options, `width must be a positive number of pixels, not ${JSON.stringify(width)}`);
      if (align !== undefined && !['left', 'center', 'right'].includes(String(align))) {
        fail(options, `align must be "left", "center" or "right", not ${JSON.stringify(align)}`);
      }
      let src: string;
      let alt: string;
      if (typeof source === 'string') {
        if (!session.hasAsset(source)) fail(options, `there is no asset "${source}" in the template's assets/ folder`);
        src = `asset:${source}`;
        alt = altText !== undefined ? String(altText) : '';
      } else {
        const value = valueOf(source);
        if (!value || value.kind !== 'file' || !value.isImage || !value.ref) return '';
        src = `ref:${value.ref}`;
        alt = altText !== undefined ? String(altText) : (value.filename ?? '');
      }
      const widthAttribute = width !== undefined ? ` width="${toNumber(width)}"` : '';
      const img = `<img src="${escape(src)}" alt="${escape(alt)}"${widthAttribute}>`;
      return html(align ? `<p align="${align}">${img}</p>` : img);
    },

    /** `{{formatDate plan.createdAt "long"}}`: a date in the label language (UTC); long (default), short or iso. */
    formatDate(...args) {
      const { params, options } = split(args);
      const style = (params[1] ?? 'long') as DateStyle;
      if (!DATE_STYLES.includes(style))
        fail(options, `the format must be "long", "short" or "iso", not ${JSON.stringify(params[1])}`);
      const raw = own(params[0], 'kind') === 'date' ? own(params[0], 'date') : params[0];
      if (typeof raw !== 'string' || raw === '') return '';
      return formatDate(new Date(raw), style, session.language);
    },

    /** `{{optionLabels field.value}}`: the chosen options' labels (or tags), joined with ", " or `separator`. */
    optionLabels(...args) {
      const { params, options } = split(args);
      const value = valueOf(params[0]);
      const separator = own(options.hash, 'separator');
      if (!value) return '';
      const labelsOf =
        value.kind === 'options'
          ? value.options.map((o) => o.label)
          : value.kind === 'tags'
            ? value.tags
            : [value.display];
      return joinWithin(options, labelsOf, separator === undefined ? ', ' : String(separator));
    },

    /** `{{#if (answered x)}}`: true for a value, or for a field/question/section/page/description/item with an answer; `{{answered}}` alone asks about the current object. */
    answered(this: unknown, ...args: unknown[]) {
      const { params } = split(args);
      const subject = params.length > 0 ? params[0] : this;
      if (Array.isArray(subject)) return subject.some((entry) => own(entry, 'answered') === true);
      if (typeof own(subject, 'answered') === 'boolean') return own(subject, 'answered');
      return valueOf(subject) !== null;
    },

    /**
     * `{{label "notAnswered"}}`: a word in the label language. `{{label}}` alone prints the current
     * object's own `label` (a field's, a reference's), as it would without this helper.
     */
    label(this: unknown, ...args: unknown[]) {
      const { params, options } = split(args);
      if (params.length === 0) return own(this, 'label') ?? '';
      const key = String(params[0]);
      if (!isLabelKey(key)) fail(options, `there is no label "${key}"`);
      return labels[key as keyof Labels];
    },

    /**
     * `{{pageBreak}}`: a new page. `{{pageBreak "auto"}}`: a new page only where little room is left
     * on this one; `{{pageBreak "never"}}`: nothing (so `{{pageBreak options.descriptionPageBreak}}` works).
     * Every break that may make a page counts against the layout budget's page breaks.
     */
    pageBreak(...args) {
      const { params, options } = split(args);
      const when = params.length > 0 ? params[0] : 'always';
      if (when === 'never') return '';
      if (when !== 'always' && when !== 'auto')
        fail(options, `the argument must be "always", "auto" or "never", not ${JSON.stringify(when)}`);
      session.budget.pageBreak(positionOf(options.loc));
      if (when === 'auto') return html('<dmp-page-break when="auto"></dmp-page-break>');
      return html('<dmp-page-break></dmp-page-break>');
    },

    /** `{{toc}}`: where the table of contents goes (nothing when the table-of-contents option is off). */
    toc(...args) {
      const { options } = split(args);
      if (!session.tableOfContents) return '';
      const title = own(options.hash, 'title');
      return html(`<dmp-toc title="${escape(title === undefined ? labels.contents : title)}"></dmp-toc>`);
    },

    /** `{{#heading 2}}Title{{/heading}}`: a heading of a computed level (clamped to 1–6); `toc=false` keeps it out of the contents. */
    heading(this: unknown, ...args: unknown[]) {
      const { params, options } = split(args);
      if (typeof options.fn !== 'function') fail(options, 'use it as a block: {{#heading 2}}…{{/heading}}');
      const requested = Math.round(toNumber(params[0]));
      const level = Number.isFinite(requested) ? Math.min(6, Math.max(1, requested)) : 1;
      const outline = own(options.hash, 'toc') === false ? ' data-toc="false"' : '';
      return html(`<h${level}${outline}>${options.fn(this)}</h${level}>`);
    },

    eq: (...args) => {
      const [a, b] = split(args).params;
      return a === b;
    },
    ne: (...args) => {
      const [a, b] = split(args).params;
      return a !== b;
    },
    lt: (...args) => {
      const [a, b] = split(args).params;
      return toNumber(a) < toNumber(b);
    },
    gt: (...args) => {
      const [a, b] = split(args).params;
      return toNumber(a) > toNumber(b);
    },
    /** JavaScript semantics: the first falsy argument, else the last. */
    and: (...args) => {
      const { params } = split(args);
      return params.find((p) => !p) ?? params[params.length - 1];
    },
    /** JavaScript semantics: the first truthy argument, else the last (so `{{or title "Untitled"}}` works). */
    or: (...args) => {
      const { params } = split(args);
      return params.find((p) => p) ?? params[params.length - 1];
    },
    not: (...args) => !split(args).params[0],

    /** `{{join plan.descriptions ", " key="title"}}`: list entries (or their `key`) joined. */
    join(...args) {
      const { params, options } = split(args);
      const list = params[0];
      if (!Array.isArray(list)) return '';
      const separator = params[1] === undefined ? ', ' : String(params[1]);
      const key = own(options.hash, 'key');
      const entries = list.map((entry) => (key === undefined ? entry : own(entry, String(key))));
      const texts = entries.filter((entry) => entry !== undefined && entry !== null && entry !== '').map(String);
      return joinWithin(options, texts, separator);
    },

    /** Length of a list or string; number of keys of an object. */
    len(...args) {
      const subject = split(args).params[0];
      if (Array.isArray(subject) || typeof subject === 'string') return subject.length;
      return isObject(subject) ? Object.keys(subject).length : 0;
    },

    add(...args) {
      return split(args).params.reduce<number>((sum, term) => sum + (toNumber(term) || 0), 0);
    },

    concat(...args) {
      const { params, options } = split(args);
      return joinWithin(
        options,
        params.map((part) => (part == null ? '' : String(part))),
        '',
      );
    },
  };
}
