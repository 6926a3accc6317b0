/**
 * The answer pack's layout: every question in form order with its answer as plain text and its
 * character and word counts, for pasting into funders' web forms (NSF Research.gov, NIH DMSP). It
 * reads the same template context as the layouts (options and withheld fields applied), not a
 * layout's output: a form asks question by question, whatever a layout prints. The document it
 * makes is flat: a title, a heading per description or plan section, and per question a label
 * paragraph, the answer, and the counts as a caption (formats/txt writes it as text).
 *
 * Counts are what a web form counts: characters are user-perceived characters (grapheme clusters,
 * from Intl.Segmenter: "é" and "👍🏽" are one each), spaces and line breaks included; words are
 * runs between spaces that hold a letter or digit.
 */
import type { ExportOptions } from '../document/options';
import type { Block, DocumentModel } from '../document/types';
import type { DescriptionExportView, PlanView } from '../plan/types';
import { RenderAttachments } from './attachments';
import {
  type DescriptionContext,
  type FieldSetContext,
  type SectionContext,
  type TemplateContext,
  type ValueContext,
} from './context';
import { ContextBuilder } from './contextBuilder';
import { formatNumber } from './format';
import { labelsFor, type Labels } from './labels';

export interface AnswerCounts {
  characters: number;
  words: number;
}

/** Characters and words of an answer, as pasted into a form. */
export function countAnswer(text: string, language: string): AnswerCounts {
  const normalized = text.replace(/\r\n?/g, '\n');
  let characters = 0;
  for (const _ of new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(normalized)) characters++;
  // Words as word processors and form counters count them: runs between spaces that hold a letter
  // or digit ("long-term" is one word, a lone "-" none).
  const words = normalized.split(/\s+/u).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
  return { characters, words };
}

const paragraph = (text: string, style: 'title' | 'label' | 'normal' | 'caption'): Block => ({
  type: 'paragraph',
  style,
  content: [{ type: 'text', text }],
});

class AnswerPack {
  readonly blocks: Block[] = [];

  constructor(
    private readonly labels: Labels,
    private readonly language: string,
  ) {}

  title(text: string): void {
    this.blocks.push(paragraph(text, 'title'));
  }

  heading(text: string): void {
    this.blocks.push({ type: 'heading', level: 1, content: [{ type: 'text', text }] });
  }

  /** One question: its text, the answer, and the counts (a withheld answer has no counts to paste). */
  question(title: string, answer: string, withheld: boolean): void {
    this.blocks.push(paragraph(title, 'label'), paragraph(answer, 'normal'));
    if (!withheld && answer !== this.labels.notAnswered) {
      const counts = countAnswer(answer, this.language);
      const text = this.labels.answerCounts
        .replace('{characters}', formatNumber(counts.characters, this.language))
        .replace('{words}', formatNumber(counts.words, this.language));
      this.blocks.push(paragraph(text, 'caption'));
    }
  }
}

const display = (value: ValueContext | null): string => value?.display.trim() ?? '';

function fieldSetAnswer(fieldSet: FieldSetContext, labels: Labels): { answer: string; withheld: boolean } {
  if (!fieldSet.answered) return { answer: labels.notAnswered, withheld: false };
  const labelled = !fieldSet.singleField;
  const items = fieldSet.items.map((item) =>
    item.fields
      .map((field) => {
        const value = field.answered ? display(field.value) : labels.notAnswered;
        return labelled && field.label ? `${field.label}: ${value}` : value;
      })
      .join('\n'),
  );
  const answer = fieldSet.repeats ? items.map((item, i) => `${i + 1}. ${item}`).join('\n') : items.join('\n');
  const fields = fieldSet.items.flatMap((item) => item.fields);
  return { answer, withheld: fields.length > 0 && fields.every((f) => f.withheld) };
}

function sections(pack: AnswerPack, views: SectionContext[], path: string[], labels: Labels): void {
  for (const section of views) {
    const here = section.title ? [...path, section.title] : path;
    for (const fieldSet of section.fieldSets) {
      const { answer, withheld } = fieldSetAnswer(fieldSet, labels);
      const title =
        fieldSet.title ??
        fieldSet.fields
          .map((f) => f.label)
          .filter(Boolean)
          .join(' / ');
      pack.question([...here, title].filter(Boolean).join(' › '), answer, withheld);
    }
    sections(pack, section.sections, here, labels);
  }
}

function description(pack: AnswerPack, view: DescriptionContext, labels: Labels): void {
  pack.heading(view.title);
  for (const page of view.pages) sections(pack, page.sections, page.title ? [page.title] : [], labels);
}

function packOf(context: TemplateContext, labels: Labels): AnswerPack {
  const pack = new AnswerPack(labels, context.language);
  const { plan } = context;
  if (context.description) {
    pack.title(context.description.title);
    description(pack, context.description, labels);
  } else {
    pack.title(plan.title);
    for (const section of plan.sections) {
      if (section.fields.length > 0) {
        pack.heading(section.title);
        for (const field of section.fields) {
          pack.question(field.label, field.answered ? display(field.value) : labels.notAnswered, field.withheld);
        }
      }
      for (const d of section.descriptions) description(pack, d, labels);
    }
  }
  return pack;
}

const isDescriptionExport = (view: PlanView | DescriptionExportView): view is DescriptionExportView =>
  'plan' in view && 'description' in view;

/** The answer pack of a plan or a description, with its warnings (each once). */
export function answerPackDocument(
  view: PlanView | DescriptionExportView,
  options: ExportOptions,
): { document: DocumentModel; warnings: string[] } {
  const warnings: string[] = [];
  const labelLanguage = options.labelLanguage ?? 'en';
  const labels = labelsFor(labelLanguage);
  const attachments = new RenderAttachments((warning) => warnings.push(warning), labels.couldNotRender);
  const contexts = new ContextBuilder(
    { ...options, pageSize: options.pageSize ?? 'A4', labelLanguage },
    labels,
    attachments,
  );
  const context = isDescriptionExport(view) ? contexts.descriptionContext(view) : contexts.planContext(view);
  const pack = packOf(context, labels);
  const title = context.description?.title ?? context.plan.title;
  const meta = {
    title,
    language: context.language,
    direction: 'ltr' as const,
    headerText: title,
    footerText: '',
    pageSize: 'A4' as const,
    orientation: 'portrait' as const,
    margins: { top: 0, right: 0, bottom: 0, left: 0 },
  };
  return { document: { meta, blocks: pack.blocks }, warnings: [...new Set(warnings)] };
}
