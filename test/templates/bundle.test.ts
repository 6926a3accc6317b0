/**
 * Uploaded templates: a bundle's theme, page setup, assets and partials reach the document; what
 * a bundle leaves out comes from the default layout.
 */
import { coastalLogoPng } from '../../fixtures/lib/png';
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { docxExporter } from '../../src/service/formats';
import { pdfExporter } from '../../src/service/formats';
import type { Exporter } from '../../src/formats/types';
import { openDocx } from '../helpers/ooxml';
import { fixtureJson } from '../builders/fixtures';
import { pdfImages, pdfInfo, pdfText } from '../helpers/pdf';
import type { ImageBlock } from '../../src/document/types';
import { renderDescriptionDocument, renderPlanDocument } from '../../src/templates/layout';
import { resolveTemplate } from '../../src/templates/resolve';
import {
  allBlocks,
  DEFAULT_OPTIONS,
  descriptionView,
  headingsOf,
  paragraphsWithStyle,
  planView,
  textOf,
  upload,
  zip,
} from '../builders/templates';

const logo = new Uint8Array(coastalLogoPng());
const theme = {
  fontSize: 10.5,
  headingSizes: [20, 16, 13],
  textColor: '#222222',
  headingColor: '#003399',
  linkColor: '#0055AA',
  bodyFont: 'Noto Sans',
};

/** The worked example of the designer's guide: logo, theme, a custom question partial. */
const funderBundle = {
  'template.json': JSON.stringify({
    name: 'Funder DMP',
    version: '1.0.0',
    contextVersion: 1,
    pageSize: 'Letter',
    margins: { top: 54, right: 54, bottom: 54, left: 54 },
    theme,
    header: { en: '{title} — Funder DMP', el: '{title} — Σχέδιο χρηματοδότη' },
    footer: 'Funder DMP · {page}/{pages}',
  }),
  'assets/logo.png': logo,
  'partials/cover.hbs': [
    '{{image "logo.png" width=160 align="center"}}',
    '<p class="title">{{plan.title}}</p>',
    '{{#each plan.referencesByType.grants}}<p class="subtitle">{{label "grant"}}: {{label}}</p>{{/each}}',
    '{{pageBreak}}',
  ].join('\n'),
  'partials/question.hbs': [
    '<p class="label">Q: {{title}}</p>',
    '{{richText guidance style="caption"}}',
    '{{#if answered}}',
    '  {{#each items}}{{#each fields}}{{value value label=label}}{{/each}}{{/each}}',
    '{{else}}',
    '  <p class="note">{{label "notAnswered"}}</p>',
    '{{/if}}',
  ].join('\n'),
  'README.md': '# Funder DMP',
};

describe('a funder bundle', () => {
  const plan = planView();
  const { layout, shellDocx } = resolveTemplate(
    upload('funder.zip', zip(funderBundle), 'application/zip'),
    'plan-template',
  );
  const { document } = renderPlanDocument(plan, layout, DEFAULT_OPTIONS);

  it('puts the logo from its assets on the cover, at the width asked for, with the grant under the title', () => {
    const image = document.blocks[0] as ImageBlock;
    expect(image).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
      width: 120,
      height: 60,
      align: 'center',
      displayWidth: 120,
    });
    expect(Buffer.from(image.data).equals(Buffer.from(logo))).toBe(true);
    const grants = plan.references.filter((r) => r.typeCode === 'grants').map((r) => `Grant: ${r.label}`);
    expect(grants.length).toBeGreaterThan(0);
    expect(paragraphsWithStyle(document, 'subtitle')).toEqual(grants);
  });

  it('carries its theme, page size, margins, header and footer into the document', () => {
    expect(document.meta).toMatchObject({
      theme,
      pageSize: 'Letter',
      margins: { top: 54, right: 54, bottom: 54, left: 54 },
      headerText: `${plan.title} — Funder DMP`,
      footerText: 'Funder DMP · {page}/{pages}',
    });
    expect(shellDocx).toBeNull();
  });

  it('uses its own question partial and the default layout for everything else', () => {
    const labels = paragraphsWithStyle(document, 'label');
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.every((label) => label.startsWith('Q: '))).toBe(true);
    expect(headingsOf(document)).toContain('Seagrass survey observations');
    expect(document.blocks.some((b) => b.type === 'toc')).toBe(true);
  });

  it('serves description exports too, with the header in the label language', () => {
    const view = descriptionView();
    const greek = renderDescriptionDocument(view, layout, { ...DEFAULT_OPTIONS, labelLanguage: 'el' }).document;
    expect(greek.meta.headerText).toBe(`${view.plan.title} — Σχέδιο χρηματοδότη`);
    expect(greek.blocks[0].type).toBe('image');
    expect(paragraphsWithStyle(greek, 'label')[0]).toMatch(/^Q: /);
  });

  it('lets the page-size option override the manifest', () => {
    const a4 = renderPlanDocument(plan, layout, { ...DEFAULT_OPTIONS, pageSize: 'A4' }).document;
    expect(a4.meta.pageSize).toBe('A4');
  });

  it('is compiled once and reused for the same upload', () => {
    const again = resolveTemplate(upload('renamed.zip', zip(funderBundle)), 'description-template');
    expect(again.layout.partials.get('question')).toBe(layout.partials.get('question'));
    expect(again.layout.origin).toBe('description-template');
  });
});

describe('a funder bundle in the files themselves', () => {
  /** plan-full with the bundle uploaded as its plan-template value, exported for real. */
  async function exportWithBundle(exporter: Exporter): Promise<Uint8Array> {
    const raw = fixtureJson('plan-full.json');
    raw.planBlueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [
          {
            code: 'plan-template',
            textValue: null,
            file: {
              filename: 'funder.zip',
              fileRef: null,
              mimeType: 'application/zip',
              file: Buffer.from(zip(funderBundle)).toString('base64'),
            },
          },
        ],
      },
    ];
    assertValidModel('plan', raw);
    return (await exporter.exportPlan(decodePlan(raw), { transformerId: 'dmp-file-transformer' })).bytes;
  }

  it('renders in DOCX with the logo embedded, Letter pages, the theme colours and the header', async () => {
    const docx = await openDocx(await exportWithBundle(docxExporter));
    const media = docx.paths.filter((p) => p.startsWith('word/media/'));
    expect(media.length).toBeGreaterThan(0);
    expect(docx.raw('word/document.xml')).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(docx.raw('word/styles.xml')).toMatch(/w:color w:val="003399"/);
    const headers = docx.paths
      .filter((p) => /^word\/header\d*\.xml$/.test(p))
      .map((p) => docx.raw(p))
      .join('');
    expect(headers).toContain('Funder DMP');
  });

  it('renders in PDF with the logo embedded, Letter pages, the funder footer and the Q: questions', async () => {
    const pdf = await exportWithBundle(pdfExporter);
    expect((await pdfInfo(pdf))['Page size']).toMatch(/^612 x 792/);
    const images = await pdfImages(pdf);
    expect(images.some((image) => image.width === 120 && image.height === 60)).toBe(true);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Funder DMP · 1\/\d+/);
    expect(text).toMatch(/^Q: Dataset title$/m);
  });
});

describe('other template uploads', () => {
  const plan = planView('plan-minimal.json');

  it('accepts a bundle zipped with its folder around it', () => {
    const files = Object.fromEntries(
      Object.entries(funderBundle).map(([path, content]) => [`funder-dmp/${path}`, content]),
    );
    const { layout } = resolveTemplate(upload('funder-dmp.zip', zip(files)), 'plan-template');
    expect(renderPlanDocument(plan, layout, DEFAULT_OPTIONS).document.blocks[0].type).toBe('image');
  });

  it('uses a single .hbs file for plan and description exports, telling them apart by `entity`', () => {
    const source =
      '<h1>{{#if (eq entity "plan")}}Plan {{plan.title}}{{else}}Description {{description.title}}{{/if}}</h1>';
    const { layout } = resolveTemplate(upload('simple.hbs', source, 'text/x-handlebars-template'), 'plan-template');
    expect(headingsOf(renderPlanDocument(plan, layout, DEFAULT_OPTIONS).document)).toEqual([`Plan ${plan.title}`]);
    const view = descriptionView();
    expect(headingsOf(renderDescriptionDocument(view, layout, DEFAULT_OPTIONS).document)).toEqual([
      `Description ${view.description.title}`,
    ]);
  });

  it('reads entry files named in the manifest', () => {
    const bundle = zip({
      'template.json': JSON.stringify({ name: 'x', version: '1.0.0', entries: { plan: 'main.hbs' } }),
      'main.hbs': '<p>Main entry for {{plan.title}}</p>',
    });
    const { layout } = resolveTemplate(upload('x.zip', bundle), 'plan-template');
    expect(textOf(renderPlanDocument(plan, layout, DEFAULT_OPTIONS).document)).toBe(`Main entry for ${plan.title}`);
  });

  it('takes a Word document as the shell around the default layout', () => {
    const docx = zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' });
    const resolved = resolveTemplate(upload('letterhead.docx', docx), 'plan-docx-template-id');
    expect(resolved.shellDocx).toBe(docx);
    expect(resolved.layout.builtIn).toBe(true);
  });

  it('takes the shell.docx of a bundle', () => {
    const docx = zip({ 'word/document.xml': '<w:document/>' });
    const resolved = resolveTemplate(upload('x.zip', zip({ ...funderBundle, 'shell.docx': docx })), 'plan-template');
    expect(resolved.shellDocx && Buffer.from(resolved.shellDocx).equals(Buffer.from(docx))).toBe(true);
  });

  it('renders with the default layout when nothing is uploaded', () => {
    expect(resolveTemplate(null, 'plan-template').layout.origin).toBe('default layout');
    const { document } = renderPlanDocument(plan, resolveTemplate(null, 'plan-template').layout, DEFAULT_OPTIONS);
    expect(allBlocks(document.blocks).some((b) => b.type === 'paragraph' && b.style === 'title')).toBe(true);
  });
});
