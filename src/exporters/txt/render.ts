/**
 * Plan view -> template context -> answer pack. Counts are what a web form counts: characters
 * are user-perceived characters (grapheme clusters, from Intl.Segmenter: "é" and "👍🏽" are one
 * each), spaces and line breaks included; words are runs between spaces that hold a letter or digit.
 */
import type { DescriptionModel, PlanModel } from '../../contract/model';
import { buildDescriptionExportView, buildPlanView } from '../../plan/buildPlanView';
import type { ConfigurationValues } from '../../plan/types';
import { RenderAttachments } from '../../templates/attachments';
import { ContextBuilder, type DescriptionContext, type FieldSetContext, type SectionContext, type TemplateContext, type ValueContext } from '../../templates/context';
import { formatNumber } from '../../templates/format';
import { labelsFor, type Labels } from '../../templates/labels';
import { exportOptionsFrom } from '../../templates/options';
import type { ExportContext, ExportResult } from '../types';

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

const RULE = '='.repeat(72);
const THIN_RULE = '-'.repeat(72);

class AnswerPack {
  private readonly lines: string[] = [];

  constructor(
    private readonly labels: Labels,
    private readonly language: string,
  ) {}

  title(text: string): void {
    this.lines.push(text, RULE, '');
  }

  heading(text: string): void {
    this.lines.push('', text, THIN_RULE, '');
  }

  /** One question: its text, the answer, and the counts (a withheld answer has no counts to paste). */
  question(title: string, answer: string, withheld: boolean): void {
    this.lines.push(`[${title}]`, answer);
    if (!withheld && answer !== this.labels.notAnswered) {
      const counts = countAnswer(answer, this.language);
      this.lines.push(
        `(${this.labels.answerCounts
          .replace('{characters}', formatNumber(counts.characters, this.language))
          .replace('{words}', formatNumber(counts.words, this.language))})`,
      );
    }
    this.lines.push('');
  }

  text(): string {
    return `${this.lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
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
      const title = fieldSet.title ?? fieldSet.fields.map((f) => f.label).filter(Boolean).join(' / ');
      pack.question([...here, title].filter(Boolean).join(' › '), answer, withheld);
    }
    sections(pack, section.sections, here, labels);
  }
}

function description(pack: AnswerPack, view: DescriptionContext, labels: Labels): void {
  pack.heading(view.title);
  for (const page of view.pages) sections(pack, page.sections, page.title ? [page.title] : [], labels);
}

function write(context: TemplateContext, labels: Labels): ExportResult {
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
  return { bytes: new TextEncoder().encode(pack.text()), warnings: [] };
}

function builder(configuration: ConfigurationValues, planLanguage: string | null, warnings: string[]) {
  const options = exportOptionsFrom(configuration, planLanguage);
  const labelLanguage = options.labelLanguage ?? 'en';
  const labels = labelsFor(labelLanguage);
  const attachments = new RenderAttachments((warning) => warnings.push(warning), labels.couldNotRender);
  return { labels, builder: new ContextBuilder({ ...options, pageSize: options.pageSize ?? 'A4', labelLanguage }, labels, attachments) };
}

export function planAnswerPack(model: PlanModel, context: ExportContext): ExportResult {
  const view = buildPlanView(model, context);
  const warnings: string[] = [];
  const { labels, builder: contexts } = builder(view.configuration, view.language, warnings);
  const result = write(contexts.planContext(view), labels);
  return { ...result, warnings: [...new Set(warnings)] };
}

export function descriptionAnswerPack(model: DescriptionModel, context: ExportContext): ExportResult {
  const view = buildDescriptionExportView(model, context);
  const warnings: string[] = [];
  const { labels, builder: contexts } = builder(view.description.configuration, view.plan.language, warnings);
  const result = write(contexts.descriptionContext(view), labels);
  return { ...result, warnings: [...new Set(warnings)] };
}
