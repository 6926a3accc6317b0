/**
 * Export options: what an admin can switch per blueprint (plan exports) or description template
 * (description exports) in the planning service, as String configuration fields of this plugin,
 * declared for `/formats` and read from a plan's configuration values (document/options.ts says
 * what each one means to layouts and writers).
 */
import {
  DESCRIPTION_PAGE_BREAKS,
  type DescriptionPageBreak,
  PDF_PROFILES,
  type ExportOptions,
  type PdfProfile,
} from '../document/options';
import type { PageSize } from '../document/types';
import type { ConfigurationFieldSpec } from '../contract/formats';
import { badRequest, type ErrorDetail } from '../errors';
import type { ConfigurationValues } from '../plan/types';
import { WITHHOLD_FIELD } from '../plan/withhold';
import { DEFAULT_PDF_PROFILE } from '../formats/pdf/profile';
import { labelLanguageCode } from '../templates/labels';

export const EXPORT_OPTION_FIELDS: ConfigurationFieldSpec[] = [
  {
    code: 'include-unanswered',
    type: 'string',
    label: 'Include unanswered questions, marked "Not answered" (true/false, default false)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'include-guidance',
    type: 'string',
    label: 'Include the guidance text of each question (true/false, default false)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'table-of-contents',
    type: 'string',
    label: 'Add a table of contents (true/false, default true)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'cover-page',
    type: 'string',
    label:
      'Start with a cover page (true/false; default true, but false for DOCX exports into a Word shell template, which has its own cover)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'page-size',
    type: 'string',
    label: "Page size: A4 or Letter (default: the layout template's, else A4)",
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'label-language',
    type: 'string',
    label:
      "Language of headings, dates and Yes/No, as an ISO 639-1 code such as en or el (default: the plan's language; OpenCDMP's gr and baq work too)",
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'include-question-text',
    type: 'string',
    label:
      'Print the question text above each answer (true/false, default true; false: answers under their section headings only)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'include-section-headings',
    type: 'string',
    label: 'Print the headings of description pages and sections (true/false, default true)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'compact-spacing',
    type: 'string',
    label: 'Less space around paragraphs and headings, to fit a page limit (true/false, default false)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'toc-levels',
    type: 'string',
    label:
      'Heading levels the table of contents lists, 1 to 6 (default 2 for a plan: its sections and descriptions; 3 for a description: its pages and sections)',
    appliesTo: ['plan', 'description'],
  },
  WITHHOLD_FIELD,
  {
    code: 'withheld-note',
    type: 'string',
    label: 'Text printed in place of a withheld answer (default "[withheld]" in the label language)',
    appliesTo: ['plan', 'description'],
  },
  {
    code: 'description-page-break',
    type: 'string',
    label:
      'Start each description of a plan on a new page: auto (only where less than a third of the page is left), always or never; default auto',
    appliesTo: ['plan'],
  },
  {
    code: 'pdf-profile',
    type: 'string',
    label:
      'PDF profile: accessible (tagged, PDF/UA-1; the default), standard (untagged), archival (PDF/A-2a + PDF/UA-1) or archival-with-data (PDF/A-3a with the RDA JSON attached)',
    appliesTo: ['plan', 'description'],
  },
];

const TRUE_WORDS = new Set(['true', 'yes']);
const FALSE_WORDS = new Set(['false', 'no']);
/** ISO 639-1/-2 language, optionally with a region or script ("en", "pt-BR", "zh-Hant"). */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

/**
 * Reads the export options from configuration values. An empty value means "default"; a value
 * that cannot be understood is a 400 naming the field, so an admin learns of a typo at once.
 * `defaults` stand where the writer knows better than the usual default (a Word shell brings its cover).
 */
export function exportOptionsFrom(
  configuration: ConfigurationValues,
  planLanguage: string | null,
  defaults: { coverPage?: boolean } = {},
): ExportOptions {
  const problems: ErrorDetail[] = [];
  const text = (code: string): string | null => configuration[code]?.text?.trim() || null;

  const flag = (code: string, fallback: boolean): boolean => {
    const value = text(code);
    if (value === null) return fallback;
    const word = value.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    problems.push({ path: code, message: `must be true, false, yes or no, not "${value}"` });
    return fallback;
  };

  // In field order, so problems are listed as the admin UI shows the fields.
  const includeUnanswered = flag('include-unanswered', false);
  const includeGuidance = flag('include-guidance', false);
  const tableOfContents = flag('table-of-contents', true);
  const coverPage = flag('cover-page', defaults.coverPage ?? true);
  const includeQuestionText = flag('include-question-text', true);
  const includeSectionHeadings = flag('include-section-headings', true);
  const compactSpacing = flag('compact-spacing', false);

  const tocLevels = ((): number | null => {
    const value = text('toc-levels');
    if (value === null) return null;
    if (/^[1-6]$/.test(value)) return Number(value);
    problems.push({ path: 'toc-levels', message: `must be a whole number from 1 to 6, not "${value}"` });
    return null;
  })();
  const withheldNote = text('withheld-note')?.slice(0, 200) ?? null;

  const pageSize = ((): PageSize | null => {
    const value = text('page-size');
    if (value === null) return null;
    const size = value.toLowerCase();
    if (size === 'a4') return 'A4';
    if (size === 'letter') return 'Letter';
    problems.push({ path: 'page-size', message: `must be A4 or Letter, not "${value}"` });
    return null;
  })();

  const labelLanguage = ((): string | null => {
    const value = text('label-language');
    if (value === null) return languageTag(planLanguage);
    const tag = languageTag(value);
    if (tag === null)
      problems.push({ path: 'label-language', message: `must be a language code such as en or el, not "${value}"` });
    return tag;
  })();

  const descriptionPageBreak = ((): DescriptionPageBreak => {
    const value = text('description-page-break');
    if (value === null) return 'auto';
    const choice = DESCRIPTION_PAGE_BREAKS.find((name) => name === value.toLowerCase());
    if (!choice)
      problems.push({
        path: 'description-page-break',
        message: `must be ${DESCRIPTION_PAGE_BREAKS.join(', ')}, not "${value}"`,
      });
    return choice ?? 'auto';
  })();

  const pdfProfile = ((): PdfProfile => {
    const value = text('pdf-profile');
    if (value === null) return DEFAULT_PDF_PROFILE;
    const profile = PDF_PROFILES.find((name) => name === value.toLowerCase());
    if (!profile) problems.push({ path: 'pdf-profile', message: `must be ${PDF_PROFILES.join(', ')}, not "${value}"` });
    return profile ?? DEFAULT_PDF_PROFILE;
  })();

  if (problems.length > 0) {
    throw badRequest(`The export option ${problems[0].path} ${problems[0].message}.`, problems);
  }
  return {
    includeUnanswered,
    includeGuidance,
    tableOfContents,
    coverPage,
    pageSize,
    labelLanguage,
    includeQuestionText,
    includeSectionHeadings,
    compactSpacing,
    tocLevels,
    withheldNote,
    descriptionPageBreak,
    pdfProfile,
  };
}

/** A well-formed language tag in canonical case ("pt-BR"), or null. */
function languageTag(value: string | null): string | null {
  const candidate = value && labelLanguageCode(value.trim());
  if (!candidate || !LANGUAGE_TAG.test(candidate)) return null;
  try {
    return Intl.getCanonicalLocales(candidate)[0] ?? null;
  } catch {
    return null;
  }
}
