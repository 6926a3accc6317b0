import { EXPORT_OPTION_FIELDS, exportOptionsFrom } from '../../src/pipeline/options';
import type { ConfigurationValues } from '../../src/plan/types';
import { serviceErrorOf } from '../builders/templates';
import { statusOf } from '../../src/http/errors';

const values = (texts: Record<string, string | null>): ConfigurationValues =>
  Object.fromEntries(Object.entries(texts).map(([code, text]) => [code, { text, file: null }]));

describe('export options from configuration values', () => {
  it('declares one String field per option, for plans and descriptions, with a label for the admin UI', () => {
    expect(EXPORT_OPTION_FIELDS.map((f) => f.code)).toEqual([
      'include-unanswered',
      'include-guidance',
      'table-of-contents',
      'cover-page',
      'page-size',
      'label-language',
      'include-question-text',
      'include-section-headings',
      'compact-spacing',
      'toc-levels',
      'withhold',
      'withheld-note',
      'description-page-break',
      'pdf-profile',
    ]);
    for (const field of EXPORT_OPTION_FIELDS) {
      // Where a plan's descriptions start a page means nothing to a description's own export.
      const appliesTo = field.code === 'description-page-break' ? ['plan'] : ['plan', 'description'];
      expect(field).toMatchObject({ type: 'string', appliesTo });
      expect(field.label.length).toBeGreaterThan(20);
    }
  });

  it('uses the defaults when nothing is set, with the plan language for labels', () => {
    expect(exportOptionsFrom({}, 'el')).toEqual({
      includeUnanswered: false,
      includeGuidance: false,
      tableOfContents: true,
      coverPage: true,
      pageSize: null,
      labelLanguage: 'el',
      includeQuestionText: true,
      includeSectionHeadings: true,
      compactSpacing: false,
      tocLevels: null,
      withheldNote: null,
      descriptionPageBreak: 'auto',
      pdfProfile: 'accessible',
    });
    expect(exportOptionsFrom(values({ 'cover-page': '  ', 'page-size': null }), null)).toMatchObject({
      coverPage: true,
      labelLanguage: null,
    });
  });

  it('reads true/false/yes/no in any case, page sizes and language codes', () => {
    const options = exportOptionsFrom(
      values({
        'include-unanswered': 'YES',
        'include-guidance': 'True',
        'table-of-contents': 'no',
        'cover-page': 'FALSE',
        'page-size': 'letter',
        'label-language': 'pt-br',
        'include-question-text': 'No',
        'include-section-headings': 'false',
        'compact-spacing': 'yes',
        'toc-levels': ' 4 ',
        'withheld-note': ' (not public) ',
        'description-page-break': 'Always',
        'pdf-profile': 'Archival-With-Data',
      }),
      'en',
    );
    expect(options).toEqual({
      includeUnanswered: true,
      includeGuidance: true,
      tableOfContents: false,
      coverPage: false,
      pageSize: 'Letter',
      labelLanguage: 'pt-BR',
      includeQuestionText: false,
      includeSectionHeadings: false,
      compactSpacing: true,
      tocLevels: 4,
      withheldNote: '(not public)',
      descriptionPageBreak: 'always',
      pdfProfile: 'archival-with-data',
    });
  });

  it('answers a value it cannot read with a 400 naming every field concerned', () => {
    const error = serviceErrorOf(() =>
      exportOptionsFrom(
        values({
          'cover-page': 'maybe',
          'toc-levels': '7',
          'page-size': 'A5',
          'label-language': 'Greek!',
          'description-page-break': 'sometimes',
          'pdf-profile': 'PDF/A',
        }),
        'en',
      ),
    );
    expect(statusOf(error)).toBe(400);
    expect(error.message).toBe('The export option cover-page must be true, false, yes or no, not "maybe".');
    expect(error.details).toEqual([
      { path: 'cover-page', message: 'must be true, false, yes or no, not "maybe"' },
      { path: 'toc-levels', message: 'must be a whole number from 1 to 6, not "7"' },
      { path: 'page-size', message: 'must be A4 or Letter, not "A5"' },
      { path: 'label-language', message: 'must be a language code such as en or el, not "Greek!"' },
      { path: 'description-page-break', message: 'must be auto, always, never, not "sometimes"' },
      { path: 'pdf-profile', message: 'must be standard, accessible, archival, archival-with-data, not "PDF/A"' },
    ]);
  });

  it('ignores a plan language that is not a language code', () => {
    expect(exportOptionsFrom({}, 'not a language').labelLanguage).toBeNull();
  });
});
