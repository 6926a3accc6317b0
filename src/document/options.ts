/**
 * The export options as layouts and writers read them, once the pipeline has parsed them from a
 * plan's configuration values (pipeline/options.ts): what to show, how pages look, which PDF.
 */
import type { PageSize } from './types';

export interface ExportOptions {
  /** Print questions nobody answered, with a "Not answered" note. */
  includeUnanswered: boolean;
  /** Print each question's guidance text under it. */
  includeGuidance: boolean;
  tableOfContents: boolean;
  coverPage: boolean;
  /** Null when the admin did not choose: the layout's manifest decides (A4 when it does not say). */
  pageSize: PageSize | null;
  /** Language of the layout's words, dates and numbers; null when neither the admin nor the plan set one. */
  labelLanguage: string | null;
  /** Print each question's text (its title) and field labels; off: answers under their headings only. */
  includeQuestionText: boolean;
  /** Print the description templates' page and section headings. */
  includeSectionHeadings: boolean;
  /** Tighter space around paragraphs and headings (page budgets). */
  compactSpacing: boolean;
  /** Heading levels the table of contents lists (1-6); null: the layout's default for the entity (plan 2, description 3). */
  tocLevels: number | null;
  /** Printed in place of a withheld answer; null: the label language's "[withheld]". */
  withheldNote: string | null;
  /**
   * Where a plan's descriptions start a new page: `auto` only where less than a third of the page is
   * left (look.ts AUTO_PAGE_BREAK_ROOM), `always`, or `never`. Read by the layout.
   */
  descriptionPageBreak: DescriptionPageBreak;
  /** PDF only: untagged (standard), tagged PDF/UA-1 (accessible), PDF/A-2a + PDF/UA-1 (archival), PDF/A-3a + RDA JSON (archival-with-data). */
  pdfProfile: PdfProfile;
}

export const PDF_PROFILES = ['standard', 'accessible', 'archival', 'archival-with-data'] as const;
export type PdfProfile = (typeof PDF_PROFILES)[number];

export const DESCRIPTION_PAGE_BREAKS = ['auto', 'always', 'never'] as const;
export type DescriptionPageBreak = (typeof DESCRIPTION_PAGE_BREAKS)[number];
