/**
 * The built-in layout on the fixtures: what a reader must see and must not, in order, and how
 * each export option changes the document.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { htmlToPlainText } from '../../src/document/html';
import { blocksToPlainText } from '../../src/document/text';
import type { Block, DocumentModel } from '../../src/document/types';
import { readPackageJson } from '../../src/paths';
import type { FieldSetView, PlanView, SectionView } from '../../src/plan/types';
import { RenderAttachments } from '../../src/templates/attachments';
import { defaultLayout } from '../../src/templates/compile';
import { type TemplateContext } from '../../src/templates/context';
import { ContextBuilder } from '../../src/templates/contextBuilder';
import { labelsFor } from '../../src/templates/labels';
import { renderDescriptionDocument, renderPlanDocument } from '../../src/templates/layout';
import { type ExportOptions } from '../../src/document/options';
import {
  allBlocks,
  DEFAULT_OPTIONS,
  descriptionView,
  expectations,
  headingsOf,
  paragraphsWithStyle,
  planView,
  textOf,
} from '../builders/templates';

const plan = planView();
const description = descriptionView();
const renderPlan = (options: Partial<ExportOptions> = {}) =>
  renderPlanDocument(plan, defaultLayout(), { ...DEFAULT_OPTIONS, ...options }).document;

/** Expected strings appear in order among the headings (other headings may come between). */
function inOrder(headings: string[], expected: string[]): string[] {
  let next = 0;
  for (const heading of headings) if (heading === expected[next]) next++;
  return expected.slice(next);
}

function fieldSetsOf(view: PlanView): FieldSetView[] {
  const walk = (sections: SectionView[]): FieldSetView[] =>
    sections.flatMap((s) => [...s.fieldSets, ...walk(s.sections)]);
  return view.sections.flatMap((s) => s.descriptions).flatMap((d) => d.pages.flatMap((p) => walk(p.sections)));
}

const tables = (document: DocumentModel) =>
  allBlocks(document.blocks).filter((b): b is Extract<Block, { type: 'table' }> => b.type === 'table');

describe('the default layout on the full plan', () => {
  const { document, warnings } = renderPlanDocument(plan, defaultLayout(), DEFAULT_OPTIONS);
  const text = textOf(document);
  const expected = expectations('plan-full.expect.json');

  it('shows every visible phrase and none of the hidden, excluded, canceled or unsafe ones', () => {
    expect(expected.visible.filter((phrase) => !text.includes(phrase))).toEqual([]);
    expect(expected.absent.filter((phrase) => text.includes(phrase))).toEqual([]);
  });

  it('puts blueprint sections and descriptions in reading order, at heading levels 1 and 2', () => {
    const headings = headingsOf(document);
    expect(inOrder(headings, expected.headingsInOrder)).toEqual([]);
    const levelOf = (title: string) =>
      document.blocks.find((b) => b.type === 'heading' && blocksToPlainText([b]) === title);
    expect(levelOf('Administrative information')).toMatchObject({ level: 1 });
    expect(levelOf('Seagrass survey observations')).toMatchObject({ level: 2 });
  });

  it('prints a table-view question as a table with a header row of field labels and a row per item', () => {
    const question = fieldSetsOf(plan).find((fs) => fs.multiplicity?.tableView && fs.answered)!;
    const table = tables(document).find(
      (t) => blocksToPlainText(t.rows[0].cells[0].blocks) === question.fields[0].label,
    )!;
    expect(table.headerRows).toBe(1);
    expect(table.rows[0].cells.map((cell) => blocksToPlainText(cell.blocks))).toEqual(
      question.fields.map((f) => f.label),
    );
    expect(table.rows).toHaveLength(question.items.filter((item) => item.fields.some((f) => f.answered)).length + 1);
  });

  it('prints other repeating questions as numbered items', () => {
    const lists = allBlocks(document.blocks).filter((b) => b.type === 'list' && b.ordered);
    expect(lists.length).toBeGreaterThan(0);
  });

  it('embeds uploaded images and images inside rich text', () => {
    const images = allBlocks(document.blocks).filter((b) => b.type === 'image');
    expect(images.map((image) => image.type === 'image' && `${image.width}x${image.height}`)).toEqual(
      expect.arrayContaining(['120x60', '8x8']),
    );
  });

  it('links references whose URL, DOI or ORCID is known', () => {
    const links = JSON.stringify(document.blocks).match(/"href":"[^"]+"/g) ?? [];
    expect(links).toEqual(
      expect.arrayContaining([
        '"href":"https://orcid.org/0000-0002-1825-0097"',
        '"href":"https://doi.org/10.5281/zenodo.7654321"',
      ]),
    );
  });

  it('fills the document meta from the plan', () => {
    expect(document.meta).toMatchObject({
      title: plan.title,
      headerText: plan.title,
      footerText: 'Page {page} of {pages}',
      language: 'en',
      direction: 'ltr',
      pageSize: 'A4',
      orientation: 'portrait',
    });
  });

  it('reports what it dropped from hostile rich text', () => {
    expect(warnings.join('\n')).toMatch(/tracker\.example/);
  });
});

describe('the default layout on a description export', () => {
  const { document } = renderDescriptionDocument(description, defaultLayout(), DEFAULT_OPTIONS);
  const expected = expectations('description-full.expect.json');
  const text = textOf(document);

  it('shows what it must, hides what it must, headings in order', () => {
    expect(expected.visible.filter((phrase) => !text.includes(phrase))).toEqual([]);
    expect(expected.absent.filter((phrase) => text.includes(phrase))).toEqual([]);
    expect(inOrder(headingsOf(document), expected.headingsInOrder)).toEqual([]);
  });

  it('is headed by the plan it belongs to, with the description as the top heading', () => {
    expect(paragraphsWithStyle(document, 'title')).toEqual([description.description.title]);
    expect(paragraphsWithStyle(document, 'subtitle')).toContain(`Part of the plan: ${description.plan.title}`);
    expect(document.blocks.find((b) => b.type === 'heading')).toMatchObject({ level: 1 });
    expect(document.meta).toMatchObject({ title: description.description.title, headerText: description.plan.title });
  });
});

describe('the cover and where descriptions start (issue 34, item 3)', () => {
  const document = renderPlan();
  const cover = document.blocks.slice(
    0,
    document.blocks.findIndex((b) => b.type === 'pageBreak'),
  );
  const coverText = blocksToPlainText(cover);

  it('opens with a title block, then the plan facts as a table of two columns', () => {
    expect(cover[0]).toMatchObject({ type: 'paragraph', style: 'title', content: [{ text: plan.title }] });
    expect(cover[1]).toMatchObject({ type: 'paragraph', style: 'subtitle', content: [{ text: 'Horizon Europe DMP' }] });
    const facts = cover.find((b): b is Extract<Block, { type: 'table' }> => b.type === 'table');
    expect(facts?.headerRows).toBe(0);
    const rows = facts!.rows.map((row) => row.cells.map((cell) => blocksToPlainText(cell.blocks)));
    expect(rows.map((cells) => cells.length)).toEqual(rows.map(() => 2));
    expect(rows.map(([label]) => label)).toEqual([
      'Funder',
      'Grant',
      'Project',
      'DOI',
      'Version',
      'Status',
      'Created',
      'Last updated',
      'Finalized',
      'Contacts',
    ]);
    expect(rows[3][1]).toBe('10.5281/zenodo.14567890');
  });

  it("gives a description's cover its template, status and date, then its plan's facts", () => {
    const { document: exported } = renderDescriptionDocument(description, defaultLayout(), DEFAULT_OPTIONS);
    const facts = exported.blocks.find((b): b is Extract<Block, { type: 'table' }> => b.type === 'table')!;
    const labels = facts.rows.map((row) => blocksToPlainText(row.cells[0].blocks));
    expect(labels.slice(0, 2)).toEqual(['Template', 'Status']);
    expect(labels).toContain('Funder');
    // The plan's own status and dates would read as the description's.
    expect(labels.filter((label) => label === 'Status')).toHaveLength(1);
    expect(labels).not.toContain('Last updated');
    const created = facts.rows.find((row) => blocksToPlainText(row.cells[0].blocks) === 'Created');
    if (description.description.createdAt) expect(created).toBeDefined();
    else expect(created).toBeUndefined();
  });

  it("prints the plan's summary once: in its blueprint section, not on the cover", () => {
    const summary = 'This plan describes how the observatory handles data';
    expect(coverText).not.toContain(summary);
    expect(textOf(document).split(summary)).toHaveLength(2);
  });

  it('prints the summary and the collaborators on the cover when no section shows them', () => {
    const bare = planView('plan-minimal.json');
    const minimal = renderPlanDocument(bare, defaultLayout(), DEFAULT_OPTIONS).document;
    const context = new ContextBuilder(
      { ...DEFAULT_OPTIONS, pageSize: 'A4', labelLanguage: 'en' },
      labelsFor('en'),
      new RenderAttachments(() => undefined, 'could not render'),
    ).planContext(bare);
    expect(context.plan.shownInSections).toEqual({ summary: false, contacts: false, users: false });
    if (context.plan.summary) expect(textOf(minimal)).toContain(context.plan.summary.display.slice(0, 30));
  });

  it('names a related plan by a short labelled id, or links it where PLAN_URL_TEMPLATE is set', () => {
    expect(textOf(document)).toContain('Plan 3cf0120d');
    expect(textOf(document)).not.toContain('3cf0120d-7604');
    const linked = renderPlanDocument(plan, defaultLayout(), DEFAULT_OPTIONS, {
      planUrlTemplate: 'https://dmp.example.org/plans/overview/{id}',
    }).document;
    const links = allBlocks(linked.blocks).flatMap((b) =>
      b.type === 'paragraph' ? b.content.filter((inline) => inline.type === 'link') : [],
    );
    expect(links).toContainEqual({
      type: 'link',
      href: 'https://dmp.example.org/plans/overview/3cf0120d-7604-5a27-a9c6-f228696e91ac',
      children: [{ type: 'text', text: 'Plan 3cf0120d' }],
    });
  });

  it('starts descriptions on a new page as description-page-break says: auto, always or never', () => {
    const breaks = (options: Partial<ExportOptions>) =>
      allBlocks(renderPlan(options).blocks).filter((b) => b.type === 'pageBreak');
    // Each of plan-full's four descriptions follows its section's fields; the cover and the
    // contents end with a page break each.
    const descriptions = plan.sections.flatMap((section) => section.descriptions).length;
    expect(descriptions).toBe(4);
    const auto = breaks({});
    expect(auto.filter((b) => b.type === 'pageBreak' && b.auto)).toHaveLength(descriptions);
    expect(auto.filter((b) => b.type === 'pageBreak' && !b.auto)).toHaveLength(2);
    const always = breaks({ descriptionPageBreak: 'always' });
    expect(always.filter((b) => b.type === 'pageBreak' && b.auto)).toHaveLength(0);
    expect(always).toHaveLength(2 + descriptions);
    expect(breaks({ descriptionPageBreak: 'never' })).toHaveLength(2);
    // A description right under its section's heading stays with it.
    const thirty = renderPlanDocument(planView('typography/thirty-descriptions.json'), defaultLayout(), {
      ...DEFAULT_OPTIONS,
      descriptionPageBreak: 'always',
    }).document.blocks;
    const headingBefore = thirty.flatMap((block, index) =>
      block.type === 'heading' && block.level === 2 ? [thirty[index - 1]] : [],
    );
    expect(headingBefore.filter((b) => b.type === 'heading' && b.level === 1).length).toBeGreaterThan(0);
    expect(headingBefore.every((b) => b.type === 'pageBreak' || (b.type === 'heading' && b.level === 1))).toBe(true);
  });
});

describe('each export option', () => {
  it('cover-page: title page with the plan facts, or just the title', () => {
    const withCover = renderPlan();
    const without = renderPlan({ coverPage: false });
    expect(textOf(withCover)).toContain('Last updated');
    expect(withCover.blocks.findIndex((b) => b.type === 'pageBreak')).toBeLessThan(
      withCover.blocks.findIndex((b) => b.type === 'toc'),
    );
    expect(paragraphsWithStyle(without, 'title')).toEqual([plan.title]);
    expect(textOf(without)).not.toContain('Last updated');
    expect(without.blocks[1].type).toBe('toc');
  });

  it('table-of-contents: a toc marker titled in the label language, or none', () => {
    expect(renderPlan().blocks.filter((b) => b.type === 'toc')).toEqual([
      { type: 'toc', title: 'Contents', levels: 2 },
    ]);
    expect(renderPlan({ tableOfContents: false }).blocks.some((b) => b.type === 'toc')).toBe(false);
  });

  it('include-unanswered: unanswered questions appear with a "Not answered" note', () => {
    const answeredTitles = new Set(
      fieldSetsOf(plan)
        .filter((fs) => fs.answered)
        .map((fs) => fs.title),
    );
    const unanswered = fieldSetsOf(plan).find((fs) => !fs.answered && fs.title && !answeredTitles.has(fs.title))!;
    const shown = renderPlan({ includeUnanswered: true });
    const hidden = renderPlan();
    expect(paragraphsWithStyle(shown, 'label')).toContain(unanswered.title);
    expect(paragraphsWithStyle(shown, 'note')).toContain('Not answered');
    expect(paragraphsWithStyle(hidden, 'label')).not.toContain(unanswered.title);
    expect(textOf(hidden)).not.toContain('Not answered');
  });

  it('include-guidance: question guidance appears as captions', () => {
    const guided = fieldSetsOf(plan).find((fs) => fs.answered && fs.description)!;
    const guidance = htmlToPlainText(guided.description!);
    expect(paragraphsWithStyle(renderPlan({ includeGuidance: true }), 'caption')).toContain(guidance);
    expect(textOf(renderPlan())).not.toContain(guidance);
  });

  it('page-size: the option, else the manifest (A4)', () => {
    expect(renderPlan({ pageSize: 'Letter' }).meta.pageSize).toBe('Letter');
    expect(renderPlan({ pageSize: null }).meta.pageSize).toBe('A4');
  });

  it('label-language: words, Yes/No and dates in that language', () => {
    const english = renderPlan();
    const greek = renderPlan({ labelLanguage: 'el' });
    expect(allBlocks(english.blocks).map((b) => blocksToPlainText([b]))).toEqual(expect.arrayContaining(['Yes', 'No']));
    expect(allBlocks(greek.blocks).map((b) => blocksToPlainText([b]))).toEqual(expect.arrayContaining(['Ναι', 'Όχι']));
    expect(textOf(english)).toContain('November 4, 2024');
    expect(textOf(greek)).toContain('4 Νοεμβρίου 2024');
    expect(textOf(greek)).not.toMatch(/November|Not answered|Last updated/);
    expect(greek.meta).toMatchObject({ language: 'el', direction: 'ltr', footerText: 'Σελίδα {page} από {pages}' });
    expect(greek.blocks.find((b) => b.type === 'toc')).toEqual({ type: 'toc', title: 'Περιεχόμενα', levels: 2 });
  });

  it.each(['ar', 'he', 'fa', 'ur', 'he-IL'])(
    'label-language %s: right to left, English words where no table exists',
    (language) => {
      const rendered = renderPlan({ labelLanguage: language });
      expect(rendered.meta).toMatchObject({ language, direction: 'rtl' });
      expect(textOf(rendered)).toContain('Last updated');
    },
  );

  it.each(['en', 'el', 'de', 'tr', 'hi'])('label-language %s: left to right', (language) => {
    expect(renderPlan({ labelLanguage: language }).meta).toMatchObject({ language, direction: 'ltr' });
  });
});

describe('the template context', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  const validate = ajv.compile(readPackageJson<object>('schemas/template-context.schema.json'));
  const options = (overrides: Partial<ExportOptions>): TemplateContext['options'] => {
    // As the layout does: the PDF profile and the contents' depth are not part of the template context.
    const { pdfProfile: _pdfProfile, tocLevels: _tocLevels, ...shown } = { ...DEFAULT_OPTIONS, ...overrides };
    return { ...shown, pageSize: 'A4', labelLanguage: 'en' };
  };
  const builder = (overrides: Partial<ExportOptions> = {}) =>
    new ContextBuilder(options(overrides), labelsFor('en'), new RenderAttachments(() => undefined, 'could not render'));

  const contexts = {
    'plan-full': builder().planContext(plan),
    'plan-full with every option': builder({ includeUnanswered: true, includeGuidance: true }).planContext(plan),
    'plan-minimal': builder().planContext(planView('plan-minimal.json')),
    'plan-1.3 (reference details, blueprint type)': builder().planContext(planView('plan-1.3.json')),
    'description-full': builder({ includeUnanswered: true, includeGuidance: true }).descriptionContext(description),
  };

  it.each(Object.entries(contexts))(
    'of %s is plain JSON matching schemas/template-context.schema.json',
    (_name, context) => {
      const json = JSON.parse(JSON.stringify(context));
      expect(json).toEqual(context);
      expect(validate(json) ? [] : validate.errors).toEqual([]);
    },
  );

  it('lists the plan descriptions flat, in reading order, and carries rich text and files as refs', () => {
    const context = contexts['plan-full'];
    expect(context.plan.descriptions.map((d) => d.title)).toEqual(
      plan.sections.flatMap((s) => s.descriptions.map((d) => d.title)),
    );
    const json = JSON.stringify(context);
    expect(json).not.toContain('<script');
    expect(json).toMatch(/"kind":"richText","ref":"r-[0-9a-f]{12}-\d+"/);
    expect(json).toMatch(
      /"kind":"file","filename":"[^"]+","mimeType":"image\/png","isImage":true,"ref":"f-[0-9a-f]{12}-\d+"/,
    );
  });
});
