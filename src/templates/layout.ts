/**
 * Plan view -> document model, through a layout template. One pipeline for DOCX and PDF:
 *
 *   PlanView -> template context (plain JSON) -> Handlebars -> HTML -> htmlToBlocks -> DocumentModel
 *
 * The template's HTML is small: answers appear in it only as `<dmp-blocks ref>` / `<img src="ref:…">`
 * placeholders, resolved here from the render's side table (rich text parsed once, on demand;
 * upload bytes never encoded into the HTML). A placeholder in a loop can repeat an answer many
 * times over, so repeats are counted against DOCUMENT_LIMITS, and the whole document against the
 * layout budget (budget.ts).
 *
 * The HTML is read by htmlToBlocks' layout walker, which knows only the allowed elements. So
 * `{{{triple-stash}}}` output of context strings adds at most that markup (formatting, headings,
 * tables, page breaks); it cannot splice answers or uploaded images, whose refs it cannot know.
 */
import { type AnswerHeadings, nestAnswerHeadings, recordAnswerHeadings } from '../document/answerHeadings';
import { htmlToBlocks } from '../document/html';
import { imageBlockFromBytes } from '../document/images';
import type { Block, DocumentMeta, DocumentModel, ImageBlock, ParagraphStyle } from '../document/types';
import type { DescriptionExportView, PlanView } from '../plan/types';
import { RenderAttachments } from './attachments';
import type { CompiledLayout, CompiledTemplate } from './compile';
import { DEFAULT_LAYOUT_BUDGET, type LayoutBudget } from '../config';
import { measureBlocks, OutputBudget } from './budget';
import { type TemplateContext } from './context';
import { ContextBuilder } from './contextBuilder';
import { DocumentBudget, RenderGuard, locateError, renderLimitsOf, type PlacedContent } from './guard';
import { createHelpers } from './helpers';
import { directionOf, isLabelKey, labelsFor, type Labels } from './labels';
import { complianceRules } from './compliance';
import { localizedText, MANIFEST_FILE, type TemplateManifest } from './manifest';
import type { ExportOptions } from '../document/options';
import { overBudgetError, templateError, TemplateRenderError, type TemplateProblem } from './problems';

export interface RenderedLayout {
  document: DocumentModel;
  /** Things an operator should know (an image that could not be read…); not fatal. */
  warnings: string[];
}

/** The styles `{{richText x style=…}}` writes after a ref ("r-…-1.caption"). */
const RESTYLES = new Set<ParagraphStyle>(['caption', 'note']);

/** One inch on every side. */
const DEFAULT_MARGINS = { top: 72, right: 72, bottom: 72, left: 72 };
const DEFAULT_LANGUAGE = 'en';
/** Table-of-contents levels unless the `toc-levels` option says: a plan lists its sections and descriptions, a description its pages and sections. */
const DEFAULT_TOC_LEVELS = { plan: 2, description: 3 } as const;

/**
 * What the service knows that the plan does not: where a reader finds other plans, and how much
 * one layout may make (the LAYOUT_* budget).
 */
export interface LayoutEnvironment {
  /** PLAN_URL_TEMPLATE (config.ts): related plans link there; null: they print a short labelled id. */
  planUrlTemplate?: string | null;
  budget?: LayoutBudget;
}

export function renderPlanDocument(
  view: PlanView,
  layout: CompiledLayout,
  options: ExportOptions,
  environment: LayoutEnvironment = {},
): RenderedLayout {
  const render = new LayoutRender(layout, options, DEFAULT_TOC_LEVELS.plan, environment);
  const context = render.builder.planContext(view);
  return render.run(layout.plan, context, {
    title: view.title,
    planTitle: view.title,
    ...(view.blueprint.label && { subject: view.blueprint.label }),
    ...(view.creator?.name && { author: view.creator.name }),
  });
}

export function renderDescriptionDocument(
  view: DescriptionExportView,
  layout: CompiledLayout,
  options: ExportOptions,
  environment: LayoutEnvironment = {},
): RenderedLayout {
  const render = new LayoutRender(layout, options, DEFAULT_TOC_LEVELS.description, environment);
  const context = render.builder.descriptionContext(view);
  const { description, plan } = view;
  return render.run(layout.description, context, {
    title: description.title,
    planTitle: plan.title,
    ...(description.template.label && { subject: description.template.label }),
    ...(plan.creator?.name && { author: plan.creator.name }),
    ...(description.tags.length > 0 && { keywords: description.tags }),
  });
}

/**
 * The context a layout's plan entry receives for a plan (`dmp-transform data`): the same builder,
 * labels and options as a render, without rendering. Rich text and files are `ref`s, as templates see them.
 */
export function planContextFor(
  view: PlanView,
  layout: CompiledLayout,
  options: ExportOptions,
  environment: LayoutEnvironment = {},
): TemplateContext {
  return new LayoutRender(layout, options, DEFAULT_TOC_LEVELS.plan, environment).builder.planContext(view);
}

/** The context a layout's description entry receives for a description. */
export function descriptionContextFor(
  view: DescriptionExportView,
  layout: CompiledLayout,
  options: ExportOptions,
  environment: LayoutEnvironment = {},
): TemplateContext {
  return new LayoutRender(layout, options, DEFAULT_TOC_LEVELS.description, environment).builder.descriptionContext(
    view,
  );
}

interface MetaInput {
  title: string;
  planTitle: string;
  subject?: string;
  author?: string;
  keywords?: string[];
}

type PartialFunction = (context: unknown, options: unknown) => string;

interface ReadImage {
  image: ImageBlock;
  defaultAlt: string | undefined;
}

class LayoutRender {
  readonly builder: ContextBuilder;
  private readonly options: TemplateContext['options'];
  private readonly labels: Labels;
  private readonly attachments: RenderAttachments;
  /** A warning repeated for 100 answers is one thing to know. */
  private readonly warnings = new Set<string>();
  private readonly warn = (message: string) => void this.warnings.add(message);
  private readonly budget = new DocumentBudget();
  private readonly output: OutputBudget;
  /** Per placeholder ref: its blocks (restyled for "r-…-1.caption") and their size, worked out once. */
  private readonly splices = new Map<string, { blocks: Block[]; size: PlacedContent } | null>();
  /** Per image src: the image without alt text (each placement has its own), read once. */
  private readonly images = new Map<string, ReadImage | null>();
  /** The headings of the answers placed, to nest below their sections once the document is whole. */
  private readonly answerHeadings: AnswerHeadings = new WeakMap();
  private readonly tocLevels: number;

  constructor(
    private readonly layout: CompiledLayout,
    options: ExportOptions,
    defaultTocLevels: number,
    environment: LayoutEnvironment,
  ) {
    this.output = new OutputBudget(environment.budget ?? DEFAULT_LAYOUT_BUDGET);
    const labelLanguage = options.labelLanguage ?? DEFAULT_LANGUAGE;
    this.tocLevels = options.tocLevels ?? defaultTocLevels;
    // The PDF profile and the contents' depth are the writers' business, not the layout's: templates do not see them.
    const { pdfProfile: _pdfProfile, tocLevels: _tocLevels, ...shown } = options;
    this.options = { ...shown, pageSize: options.pageSize ?? layout.manifest.pageSize ?? 'A4', labelLanguage };
    this.labels = withOverrides(labelsFor(labelLanguage), layout.manifest.labels, labelLanguage);
    this.attachments = new RenderAttachments(this.warn, this.labels.couldNotRender);
    this.builder = new ContextBuilder(this.options, this.labels, this.attachments, environment.planUrlTemplate ?? null);
  }

  run(entry: CompiledTemplate, context: TemplateContext, input: MetaInput): RenderedLayout {
    const html = compactWhitespace(this.renderHtml(entry, context));
    let blocks: Block[];
    try {
      this.output.scanHtml(html);
      blocks = htmlToBlocks(html, {
        layout: true,
        resolveBlocks: (ref) => this.resolveBlocks(ref),
        resolveImage: (src, alt) => this.resolveImage(src, alt),
        onWarning: this.warn,
      });
      this.output.checkDocument(blocks);
    } catch (error) {
      // The budgets, from the scan, the resolvers or the finished document: the template as a whole makes too much.
      throw error instanceof TemplateRenderError ? this.templateFailure(locateError(error, entry.file)) : error;
    }
    blocks = nestAnswerHeadings(blocks, this.answerHeadings).map((block) =>
      block.type === 'toc' ? { ...block, levels: this.tocLevels } : block,
    );
    return { document: { meta: this.meta(input), blocks }, warnings: [...this.warnings] };
  }

  private renderHtml(entry: CompiledTemplate, context: TemplateContext): string {
    try {
      for (const template of [entry, ...this.layout.partials.values()])
        this.output.checkWritten(template.file, template.pageBreakCalls);
    } catch (error) {
      throw this.templateFailure(error);
    }
    const guard = new RenderGuard(entry.file, renderLimitsOf(this.output.limits));
    const partials: Record<string, PartialFunction> = {};
    for (const [name, partial] of this.layout.partials) {
      partials[name] = (partialContext, options) =>
        guard.partial(partial.file, name, () => partial.render(partialContext, options as RuntimeOptions));
    }
    const helpers = createHelpers({
      labels: this.labels,
      language: this.options.labelLanguage,
      tableOfContents: this.options.tableOfContents,
      hasAsset: (name) => this.layout.assets.has(name),
      guard,
      budget: this.output,
    });
    try {
      const html = entry.render(context, { helpers, partials, decorators: { inline: guardedInline(guard) } });
      guard.checkSize(html.length);
      return html;
    } catch (error) {
      throw this.templateFailure(locateError(error, entry.file));
    }
  }

  /**
   * A template mistake found while rendering -> the located 400 (or, in the built-in layout, our
   * bug); a document over the budget -> the located 422, whichever layout made it.
   */
  private templateFailure(error: unknown): unknown {
    if (!(error instanceof TemplateRenderError)) return error;
    const file = error.file ?? '';
    const problem: TemplateProblem = { file, message: error.message, ...error.position };
    if (!error.position && error.partial)
      Object.assign(problem, this.templateByFile(file)?.partialCalls.get(error.partial));
    if (error.overBudget) return overBudgetError(this.layout.origin, problem);
    return templateError(this.layout.origin, [problem], this.layout.builtIn);
  }

  private templateByFile(file: string): CompiledTemplate | undefined {
    return [this.layout.plan, this.layout.description, ...this.layout.partials.values()].find((t) => t.file === file);
  }

  /** `r-…-7` or `r-…-7.caption` (the same rich text, its paragraphs in another style). */
  private resolveBlocks(ref: string): Block[] | null {
    let splice = this.splices.get(ref);
    if (splice === undefined) {
      splice = this.splice(ref);
      this.splices.set(ref, splice);
    }
    if (splice === null) return null;
    this.budget.place(ref.split('.', 1)[0], splice.size);
    this.output.place(splice.size);
    return splice.blocks;
  }

  private splice(ref: string): { blocks: Block[]; size: PlacedContent } | null {
    const dot = ref.indexOf('.');
    const base = dot === -1 ? ref : ref.slice(0, dot);
    const style = dot === -1 ? undefined : ref.slice(dot + 1);
    const blocks = this.attachments.blocks(base);
    if (!blocks) return null;
    recordAnswerHeadings(blocks, this.answerHeadings);
    if (style === undefined) return { blocks, size: measureBlocks(blocks) };
    if (!RESTYLES.has(style as ParagraphStyle)) {
      this.warn(
        `<dmp-blocks ref=${JSON.stringify(ref)}>: "${style.slice(0, 40)}" is not a style richText writes (caption or note); printed the text unstyled`,
      );
      return this.splices.get(base) ?? this.splice(base);
    }
    const restyled = blocks.map((block) =>
      block.type === 'paragraph' ? { ...block, style: style as ParagraphStyle } : block,
    );
    return { blocks: restyled, size: measureBlocks(restyled) };
  }

  private resolveImage(src: string, alt: string | undefined): ImageBlock | null {
    let read = this.images.get(src);
    if (read === undefined) {
      read = this.readImage(src);
      this.images.set(src, read);
    }
    if (read === null) return null;
    const { image, defaultAlt } = read;
    this.budget.place(src, { blocks: 1, characters: 0, images: 1, imageBytes: image.data.length });
    const text = (alt ?? defaultAlt ?? '').trim();
    return text ? { ...image, alt: text } : image;
  }

  /** An asset or uploaded image, read once per render however often it is placed; uploads default their alt text to the file name. */
  private readImage(src: string): ReadImage | null {
    const colon = src.indexOf(':');
    const scheme = src.slice(0, colon).toLowerCase();
    const name = src.slice(colon + 1);
    if (scheme === 'asset') {
      const bytes = this.layout.assets.get(name);
      const image = bytes ? imageBlockFromBytes(bytes) : null;
      if (bytes && !image) this.warn(`The template asset "${name}" is not a readable PNG, JPEG, GIF or BMP image`);
      return image && { image, defaultAlt: undefined };
    }
    const file = this.attachments.file(name);
    if (!file?.bytes) return null;
    const image = imageBlockFromBytes(file.bytes);
    if (!image)
      this.warn(`The uploaded image "${file.filename ?? name}" could not be read (PNG, JPEG, GIF or BMP up to 5 MB)`);
    return image && { image, defaultAlt: file.filename ?? undefined };
  }

  private meta(input: MetaInput): DocumentMeta {
    const { manifest } = this.layout;
    const language = this.options.labelLanguage;
    const fill = (text: string) => text.replaceAll('{title}', input.planTitle);
    return {
      title: input.title,
      ...(input.subject && { subject: input.subject }),
      ...(input.author && { author: input.author }),
      ...(input.keywords && { keywords: input.keywords }),
      language,
      direction: directionOf(language),
      headerText: fill(localizedText(manifest.header, language) ?? '{title}'),
      footerText: fill(localizedText(manifest.footer, language) ?? this.labels.pageOfPages),
      pageSize: this.options.pageSize,
      orientation: manifest.orientation ?? 'portrait',
      margins: manifest.margins ?? DEFAULT_MARGINS,
      ...(manifest.compliance && {
        compliance: complianceRules(manifest.compliance, `${this.layout.origin}:${MANIFEST_FILE}`),
      }),
      ...((manifest.theme || this.options.compactSpacing) && {
        theme: { ...manifest.theme, ...(this.options.compactSpacing && { spacing: 'compact' as const }) },
      }),
    };
  }
}

/** The label table with a layout manifest's own words in place, in the label language. */
function withOverrides(labels: Labels, overrides: TemplateManifest['labels'], language: string): Labels {
  if (!overrides) return labels;
  const own = Object.entries(overrides).flatMap(([key, text]) => {
    const localized = localizedText(text, language);
    return isLabelKey(key) && localized !== undefined ? [[key, localized]] : [];
  });
  return own.length > 0 ? { ...labels, ...Object.fromEntries(own) } : labels;
}

/**
 * Outside <pre>, a run of HTML whitespace that holds a line break reads as one space, so it can
 * be one character. Template indentation is about a sixth of the output, and every character
 * is tokenised downstream.
 */
function compactWhitespace(html: string): string {
  // The lookbehind starts a match only where a run of spaces starts: a long run without a line
  // break (plan text with 150,000 spaces) is scanned once, not once per character.
  return /<pre[\s>]/i.test(html) ? html : html.replace(/(?<![ \t\r\f])[ \t\r\f]*\n[ \t\n\r\f]*/g, '\n');
}

interface InlineDecoratorProps {
  partials?: Record<string, PartialFunction>;
}

/**
 * Handlebars' `inline` decorator ({{#*inline "row"}}…{{/inline}}), with the inline partial routed
 * through the guard like file partials, so an inline partial including itself is stopped too.
 */
function guardedInline(guard: RenderGuard) {
  return function inline(
    fn: PartialFunction,
    props: InlineDecoratorProps,
    container: { partials: Record<string, PartialFunction> },
    options: { args: unknown[]; fn: PartialFunction },
  ): PartialFunction {
    let wrapped = fn;
    if (!props.partials) {
      const own: Record<string, PartialFunction> = {};
      props.partials = own;
      wrapped = (context, runtimeOptions) => {
        const original = container.partials;
        container.partials = { ...original, ...own };
        try {
          return fn(context, runtimeOptions);
        } finally {
          container.partials = original;
        }
      };
    }
    const name = String(options.args[0]);
    const body = options.fn;
    props.partials[name] = (context, runtimeOptions) =>
      guard.partial(guard.currentFile, name, () => body(context, runtimeOptions));
    return wrapped;
  };
}
