/**
 * Accessible and archival PDF, checked from the outside: every fixture in every `pdf-profile`
 * through the real exporter, read back by the raw-object checker (check_tagged_pdf.py), poppler
 * (pdfinfo, pdfinfo -struct-text, pdftotext, pdfdetach via pikepdf), qpdf and pdf.js; documents
 * in every script we support, right-to-left included.
 */
import { deflateSync } from 'node:zlib';
import { generatePlanJson } from '../../../fixtures/generate';
import { pngChunk } from '../../../fixtures/lib/png';
import { decodeDescription, decodePlan } from '../../../src/contract/decode';
import { assertValidModel } from '../../../src/contract/validate';
import type { Block, DocumentModel } from '../../../src/document/types';
import { pdfExporter } from '../../../src/service/formats';
import { writePdf } from '../../../src/formats/pdf/PdfWriter';
import { rdaExporter } from '../../../src/service/formats';
import { fixtureJson } from '../../builders/fixtures';
import { pdfInfo, pdfText, qpdfCheck } from '../../helpers/pdf';
import {
  type CheckerResult,
  checkTaggedPdfs,
  failedConditions,
  type PdfProfileName,
  pdfjsStructure,
  structElements,
  structText,
} from '../../helpers/taggedPdf';
import { heading, makePng, meta, paragraph, text } from '../../builders/documents';

/** The tagged profiles; `standard`, the untagged one, and the default (no configuration) are checked at the end. */
const PROFILES: PdfProfileName[] = ['accessible', 'archival', 'archival-with-data'];
const FIXTURES = [
  { file: 'plan-full.json', entity: 'plan' as const },
  { file: 'description-full.json', entity: 'description' as const },
  { file: 'plan-minimal.json', entity: 'plan' as const },
];
const context = { transformerId: 'dmp-file-transformer' };

/**
 * `npm test` exports each fixture in one profile and each profile for one fixture (plan-full, the
 * richest, in two); `npm run test:pdf-profiles` sets PDF_PROFILE_MATRIX=all: every fixture in every profile.
 */
const FULL_MATRIX = process.env.PDF_PROFILE_MATRIX === 'all';
const CASES: [string, PdfProfileName][] = FULL_MATRIX
  ? PROFILES.flatMap((profile) => FIXTURES.map(({ file }) => [file, profile] as [string, PdfProfileName]))
  : [
      ['plan-full.json', 'accessible'],
      ['plan-full.json', 'archival-with-data'],
      ['description-full.json', 'accessible'],
      ['plan-minimal.json', 'archival'],
    ];
const entityOf = (file: string): 'plan' | 'description' =>
  FIXTURES.find((fixture) => fixture.file === file)?.entity ?? 'plan';

/** Exports shared by the suites below: each (fixture, profile) once. */
const exported = new Map<string, Promise<Uint8Array>>();
function exportOnce(file: string, profile: PdfProfileName): Promise<Uint8Array> {
  const key = `${file} ${profile}`;
  let bytes = exported.get(key);
  if (!bytes) {
    bytes = exportWith(file, entityOf(file), profile);
    exported.set(key, bytes);
  }
  return bytes;
}

/** The wire body with `pdf-profile` set where an admin sets it: blueprint (plans) or description template. */
function withProfile(file: string, entity: 'plan' | 'description', profile: PdfProfileName): Record<string, unknown> {
  const raw = fixtureJson(file);
  const holder = entity === 'plan' ? raw.planBlueprint.definition : raw.descriptionTemplate.definition;
  holder.plugins = [
    { code: 'dmp-file-transformer', type: 0, fields: [{ code: 'pdf-profile', textValue: profile, file: null }] },
  ];
  assertValidModel(entity, raw);
  return raw;
}

async function exportWith(file: string, entity: 'plan' | 'description', profile: PdfProfileName): Promise<Uint8Array> {
  const raw = withProfile(file, entity, profile);
  const result =
    entity === 'plan'
      ? await pdfExporter.exportPlan(decodePlan(raw), context)
      : await pdfExporter.exportDescription(decodeDescription(raw), context);
  return result.bytes;
}

/** Conditions that must have found something to check in any document (the others depend on content). */
const ALWAYS_CHECKED = [
  'content-marked',
  'content-shown',
  'parent-tree',
  'mark-info',
  'lang',
  'fonts',
  'identification',
  'standard-roles',
];

describe(FULL_MATRIX ? 'every fixture in every PDF profile' : 'every fixture and every PDF profile', () => {
  const outputs = new Map<string, Uint8Array>();
  const checks = new Map<string, CheckerResult>();
  const key = (file: string, profile: PdfProfileName): string => `${file} ${profile}`;

  beforeAll(async () => {
    for (const profile of PROFILES) {
      const files = CASES.filter(([, wanted]) => wanted === profile).map(([file]) => file);
      if (files.length === 0) continue;
      const pdfs: Uint8Array[] = [];
      for (const file of files) {
        const bytes = await exportOnce(file, profile);
        outputs.set(key(file, profile), bytes);
        pdfs.push(bytes);
      }
      const results = await checkTaggedPdfs(profile, pdfs);
      files.forEach((file, index) => checks.set(key(file, profile), results[index]));
    }
  }, 300_000);

  const cases = CASES;

  it.each(cases)('%s as %s passes every condition of the checker', (file, profile) => {
    const result = checks.get(key(file, profile)) as CheckerResult;
    expect(failedConditions(result)).toEqual({});
    for (const condition of ALWAYS_CHECKED)
      expect({ condition, checked: result.conditions[condition].checked > 0 }).toEqual({ condition, checked: true });
  });

  it('checks headings, figures, table headers and links where plan-full has them', () => {
    for (const [, profile] of CASES.filter(([file]) => file === 'plan-full.json')) {
      const { conditions } = checks.get(key('plan-full.json', profile)) as CheckerResult;
      for (const condition of ['headings', 'figure-alt', 'table-headers', 'links', 'tab-order'])
        expect({ condition, checked: conditions[condition].checked > 0 }).toEqual({ condition, checked: true });
    }
  });

  it.each(cases)('%s as %s: pdfinfo says tagged PDF 1.7 and qpdf --check passes', async (file, profile) => {
    const bytes = outputs.get(key(file, profile)) as Uint8Array;
    const info = await pdfInfo(bytes);
    expect(info.Tagged).toBe('yes');
    expect(info['PDF version']).toBe('1.7');
    expect(info.Encrypted).toBe('no');
    const check = await qpdfCheck(bytes);
    expect(check.output).toContain('No syntax or stream encoding errors');
    expect(check.ok).toBe(true);
  });

  it('plan-full as archival-with-data: pdftotext still finds every visible answer', async () => {
    const extracted = (await pdfText(outputs.get(key('plan-full.json', 'archival-with-data')) as Uint8Array)).replace(
      /\s+/g,
      ' ',
    );
    for (const visible of (fixtureJson('plan-full.expect.json') as { visible: string[] }).visible)
      expect(extracted).toContain(visible);
  });

  it.each(
    FIXTURES.filter(({ file }) =>
      CASES.some(([wanted, profile]) => wanted === file && profile === 'archival-with-data'),
    ),
  )('$file as archival-with-data carries the same RDA JSON the json export gives', async ({ file, entity }) => {
    const raw = withProfile(file, entity, 'archival-with-data');
    const json =
      entity === 'plan'
        ? await rdaExporter.exportPlan(decodePlan(raw), context)
        : await rdaExporter.exportDescription(decodeDescription(raw), context);
    const { attachment } = await attachedJson(outputs.get(key(file, 'archival-with-data')) as Uint8Array);
    expect(attachment).toEqual(Buffer.from(json.bytes).toString('utf8'));
  });
});

/** The one embedded file of a PDF, read with poppler's pdfdetach. */
async function attachedJson(bytes: Uint8Array): Promise<{ attachment: string }> {
  const { execFile } = await import('node:child_process');
  const { mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'detach-'));
  try {
    await writeFile(join(dir, 'in.pdf'), bytes);
    const list = await new Promise<string>((resolve, reject) =>
      execFile('pdfdetach', ['-list', join(dir, 'in.pdf')], (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(list).toContain('1 embedded files');
    expect(list).toContain('madmp.json');
    await new Promise<void>((resolve, reject) =>
      execFile('pdfdetach', ['-save', '1', '-o', join(dir, 'out.json'), join(dir, 'in.pdf')], (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    return { attachment: await readFile(join(dir, 'out.json'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the structure of plan-full, as poppler and pdf.js read it', () => {
  let bytes: Uint8Array;
  let tree: string;
  let check: CheckerResult;

  beforeAll(async () => {
    bytes = await exportOnce('plan-full.json', 'accessible');
    tree = await structText(bytes);
    [check] = await checkTaggedPdfs('accessible', [bytes]);
  }, 60_000);

  /** Element lines ("H2 (block)") of pdfinfo -struct-text, without their text. */
  const elementLines = (): string[] =>
    tree
      .split('\n')
      .filter((line) => /^\s*[A-Z][A-Za-z0-9]*( \(|:|$)/.test(line))
      .map((line) => line.trim().split(/[ :]/)[0]);

  it('lists the headings in the order of the document, each under its own level', () => {
    const headings = [...tree.matchAll(/^\s*(H[1-6]) \(block\)\n\s*"([^"]*)"/gm)].map((match) => [match[1], match[2]]);
    const expected = (fixtureJson('plan-full.expect.json') as { headingsInOrder: string[] }).headingsInOrder;
    const titles = headings.map(([, title]) => title);
    let from = 0;
    for (const title of expected) {
      const index = titles.indexOf(title, from);
      expect({ title, found: index >= 0 }).toEqual({ title, found: true });
      from = index + 1;
    }
    expect(headings[0]).toEqual(['H1', 'Contents']);
    expect(headings.find(([, title]) => title === 'Administrative information')?.[0]).toBe('H1');
    expect(headings.find(([, title]) => title === 'Underwater acoustic recordings')?.[0]).toBe('H2');
  });

  it('has lists, tables with header cells, figures, links, a quote, code and a table of contents', () => {
    const roles = new Set(elementLines());
    for (const role of [
      'Document',
      'P',
      'L',
      'LI',
      'Lbl',
      'LBody',
      'Table',
      'THead',
      'TBody',
      'TR',
      'TH',
      'TD',
      'Figure',
      'Link',
      'BlockQuote',
      'Code',
      'TOC',
      'TOCI',
    ]) {
      expect({ role, present: roles.has(role) }).toEqual({ role, present: true });
    }
    expect(tree).toMatch(/TH:\n\s*\/Scope \/Column/);
    expect(tree).toMatch(/Lbl \(block\)\n\s*"1\. "/);
  });

  it('keeps running headers and page numbers out of the structure (artifacts)', () => {
    expect(tree).not.toMatch(/Page \d+ of \d+/);
  });

  it('describes every figure: its alt text, else its caption or the question it answers', () => {
    expect(check.alts.length).toBe(check.roles.Figure);
    expect(check.alts.length).toBeGreaterThan(0);
    for (const alt of check.alts) expect(alt.trim().length).toBeGreaterThan(0);
  });

  it('gives right-to-left lines their text in reading order (ActualText), Arabic and Hebrew included', () => {
    const readingOrder = [
      'Arabic (العربية)',
      'بيانات المسح الساحلي',
      'تُجمع كل ثلاثة أشهر',
      'Hebrew (עברית): נתוני סקר חופי',
    ];
    // In this order among all right-to-left lines of the plan.
    const positions = readingOrder.map((line) => check.actualTexts.indexOf(line));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // poppler prints each element's drawn glyphs, right-to-left runs as drawn (it ignores
    // ActualText); the elements sit where the document has them: after Korean, before the licence.
    const korean = tree.indexOf('Korean (한국어)');
    const hebrew = tree.indexOf('Hebrew (');
    expect(korean).toBeGreaterThan(0);
    expect(hebrew).toBeGreaterThan(korean);
    expect(tree.indexOf('Data sharing and licensing', hebrew)).toBeGreaterThan(hebrew);
  });

  it('hands pdf.js (Firefox) the same tree: roles, figure descriptions and reading-order text', async () => {
    const { trees, text: contentText } = await pdfjsStructure(bytes);
    const elements = structElements(trees);
    const roles = elements.map((element) => element.role);
    for (const role of ['H1', 'H2', 'H3', 'Table', 'TH', 'TD', 'L', 'LI', 'Figure', 'Link', 'TOC'])
      expect({ role, present: roles.includes(role) }).toEqual({ role, present: true });
    const figures = elements.filter((element) => element.role === 'Figure');
    expect(figures.length).toBe(check.roles.Figure);
    for (const figure of figures) expect(figure.alt?.trim()).toBeTruthy();
    // pdf.js reports ActualText as the element's alternative text.
    const alternatives = elements.map((element) => element.alt);
    expect(alternatives).toContain('بيانات المسح الساحلي');
    expect(alternatives).toContain('Hebrew (עברית): נתוני סקר חופי');
    const firstHeading = elements.find((element) => element.role === 'H1');
    const headingText = (firstHeading?.children ?? []).map((child) => contentText.get(child.id ?? '') ?? '').join('');
    expect(headingText).toBe('Contents');
  });
});

/** An RGBA PNG with 16 bits per channel, the last column transparent. */
function sixteenBitRgbaPng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16;
  header[9] = 6;
  const stride = width * 8;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (stride + 1) + 1 + x * 8;
      raw.writeUInt16BE(Math.round((x / width) * 65535), at);
      raw.writeUInt16BE(Math.round((y / height) * 65535), at + 2);
      raw.writeUInt16BE(40000, at + 4);
      raw.writeUInt16BE(x === width - 1 ? 0 : 65535, at + 6);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('documents in every script, right to left included', () => {
  const SCRIPTS: Block[] = [
    heading(1, 'Scripts'),
    paragraph('Τα δεδομένα αποθηκεύονται με ασφάλεια', { lang: 'el' }),
    paragraph('数据管理计划描述了研究数据的处理方式', { lang: 'zh' }),
    paragraph('データ管理計画は研究データの扱いを説明します', { lang: 'ja' }),
    paragraph('데이터 관리 계획은 연구 데이터의 처리 방법을 설명합니다', { lang: 'ko' }),
    paragraph('План управления данными', { lang: 'ru' }),
    paragraph('تصف خطة إدارة البيانات كيفية التعامل مع بيانات البحث', { lang: 'ar', dir: 'rtl' }),
    paragraph('תוכנית ניהול הנתונים מתארת את הטיפול בנתוני המחקר', { lang: 'he', dir: 'rtl' }),
    {
      type: 'paragraph',
      content: [text('See '), { type: 'link', href: 'https://example.org/دليل', children: [text('الدليل')] }],
    },
  ];
  const RTL: DocumentModel = {
    meta: meta({ language: 'he', direction: 'rtl', title: 'תוכנית ניהול נתונים' }),
    blocks: [
      heading(1, 'נתונים'),
      // A skipped level in the model: the tags must not skip it.
      heading(3, 'טבלה'),
      {
        type: 'table',
        headerRows: 1,
        rows: [
          { cells: [{ blocks: [paragraph('עמודה ראשונה')] }, { blocks: [paragraph('עמודה שנייה')] }] },
          { cells: [{ blocks: [paragraph('תא א')] }, { blocks: [paragraph('תא ב')] }] },
        ],
      },
      { type: 'list', ordered: true, items: [[paragraph('פריט ראשון')], [paragraph('פריט שני')]] },
    ],
  };

  it.each(PROFILES)('passes the checker as %s', async (profile) => {
    const documents = [{ meta: meta(), blocks: SCRIPTS }, RTL];
    const data = { name: 'madmp.json', bytes: new TextEncoder().encode('{"dmp": {}}') };
    const files = await Promise.all(
      documents.map((doc) => writePdf(doc, profile === 'archival-with-data' ? { profile, data } : { profile })),
    );
    for (const result of await checkTaggedPdfs(profile, files)) expect(failedConditions(result)).toEqual({});
  });

  it('embeds a 16-bit PNG with transparency as PDF/A-2 and -3 allow, described by its alt text', async () => {
    const doc: DocumentModel = {
      meta: meta(),
      blocks: [
        heading(1, 'Photo'),
        {
          type: 'image',
          data: sixteenBitRgbaPng(24, 16),
          mimeType: 'image/png',
          width: 24,
          height: 16,
          alt: 'A gradient with a transparent edge',
        },
      ],
    };
    for (const profile of ['archival', 'archival-with-data'] as const) {
      const data = { name: 'madmp.json', bytes: new TextEncoder().encode('{}') };
      const [result] = await checkTaggedPdfs(profile, [await writePdf(doc, { profile, data })]);
      expect(failedConditions(result)).toEqual({});
      // The image and its soft mask.
      expect(result.conditions.images.checked).toBe(2);
      expect(result.alts).toEqual(['A gradient with a transparent edge']);
    }
  });

  it("makes a caption before a table the Table's Caption, and one after an image a Caption beside its Figure", async () => {
    const doc: DocumentModel = {
      meta: meta(),
      blocks: [
        heading(1, 'Captions'),
        { type: 'image', data: makePng(8, 8), mimeType: 'image/png', width: 8, height: 8 },
        paragraph('Figure 1: the site', { style: 'caption' }),
        paragraph('Table 1: instruments', { style: 'caption' }),
        {
          type: 'table',
          headerRows: 1,
          rows: [
            { cells: [{ blocks: [paragraph('Instrument')] }] },
            { cells: [{ blocks: [paragraph('Hydrophone')] }] },
          ],
        },
        paragraph('Guidance: answer briefly', { style: 'caption' }),
      ],
    };
    const bytes = await writePdf(doc, { profile: 'accessible' });
    const { trees } = await pdfjsStructure(bytes);
    const documentElement = structElements(trees).find((element) => element.role === 'Document');
    expect((documentElement?.children ?? []).map((child) => child.role)).toEqual([
      'H1',
      'Figure',
      'Caption',
      'Table',
      'P',
    ]);
    const table = structElements(trees).find((element) => element.role === 'Table');
    expect((table?.children ?? []).map((child) => child.role)).toEqual(['Caption', 'THead', 'TBody']);
    const [check] = await checkTaggedPdfs('accessible', [bytes]);
    expect(failedConditions(check)).toEqual({});
    // Without alt text, the caption under the image describes it.
    expect(check.alts).toEqual(['Figure 1: the site']);
  });

  it('tags other-language paragraphs with their /Lang', async () => {
    const { trees } = await pdfjsStructure(
      await writePdf({ meta: meta(), blocks: SCRIPTS }, { profile: 'accessible' }),
    );
    const langs = structElements(trees).flatMap((element) => (element.lang ? [element.lang] : []));
    expect(langs).toEqual(expect.arrayContaining(['el', 'zh', 'ja', 'ko', 'ru', 'ar', 'he']));
  });

  it('reads a right-to-left table in logical column order, headings without a skipped level', async () => {
    const bytes = await writePdf(RTL, { profile: 'accessible' });
    const { trees, text: contentText } = await pdfjsStructure(bytes);
    const elements = structElements(trees);
    expect(elements.filter((element) => /^H\d$/.test(element.role ?? '')).map((element) => element.role)).toEqual([
      'H1',
      'H2',
    ]);
    const textOf = (element: { children?: { id?: string; children?: unknown[] }[] }): string =>
      (element.children ?? [])
        .map((child) => (child.id ? (contentText.get(child.id) ?? '') : textOf(child as never)))
        .join('');
    const headerCells = elements.filter((element) => element.role === 'TH').map((element) => textOf(element).trim());
    expect(headerCells).toEqual(['עמודה ראשונה', 'עמודה שנייה']);
    // The numbers are drawn mirrored (".1"); their reading order is the element's ActualText, pdf.js's alt.
    const labels = elements
      .filter((element) => element.role === 'Lbl')
      .map((element) => element.alt ?? textOf(element));
    expect(labels).toEqual(['1.', '2.']);
  });
});

describe('a plan exported without any configuration', () => {
  let bytes: Uint8Array;
  let check: CheckerResult;

  beforeAll(async () => {
    const raw = fixtureJson('plan-full.json');
    // No plugin configuration anywhere: the tenant, blueprint and templates set nothing.
    expect(JSON.stringify(raw)).not.toContain('dmp-file-transformer');
    bytes = (await pdfExporter.exportPlan(decodePlan(raw), context)).bytes;
    [check] = await checkTaggedPdfs('accessible', [bytes]);
  }, 60_000);

  it('is a tagged PDF/UA-1 file that passes every condition of the checker for accessible', async () => {
    const info = await pdfInfo(bytes);
    expect(info.Tagged).toBe('yes');
    expect(info['PDF version']).toBe('1.7');
    expect(failedConditions(check)).toEqual({});
    for (const condition of [...ALWAYS_CHECKED, 'headings', 'figure-alt', 'table-headers', 'links', 'tab-order'])
      expect({ condition, checked: check.conditions[condition].checked > 0 }).toEqual({ condition, checked: true });
    expect((await qpdfCheck(bytes)).ok).toBe(true);
  });

  it('has the structure poppler and pdf.js read: headings, lists, tables, figures, links', async () => {
    const tree = await structText(bytes);
    for (const role of ['Document', 'H1', 'P', 'L', 'LI', 'Lbl', 'LBody', 'Table', 'TH', 'TD', 'Figure', 'Link'])
      expect(tree).toMatch(new RegExp(`^\\s*${role}\\b`, 'm'));
    const roles = new Set(structElements((await pdfjsStructure(bytes)).trees).map((element) => element.role));
    for (const role of ['Document', 'H1', 'P', 'L', 'Table', 'TH', 'TD', 'Figure', 'Link'])
      expect(roles).toContain(role);
  });

  it('is the accessible profile (the same structure tree); standard stays the untagged choice', async () => {
    const accessible = await exportOnce('plan-full.json', 'accessible');
    expect(await structText(bytes)).toBe(await structText(accessible));
    expect(check.roles).toEqual((await checkTaggedPdfs('accessible', [accessible]))[0].roles);
    const standard = await exportOnce('plan-full.json', 'standard');
    expect((await pdfInfo(standard)).Tagged).toBe('no');
    const extracted = (await pdfText(standard)).replace(/\s+/g, ' ');
    for (const visible of (fixtureJson('plan-full.expect.json') as { visible: string[] }).visible)
      expect(extracted).toContain(visible);
  }, 60_000);
});

describe('a long plan (12 generated descriptions: ~1,800 elements, ~1,300 marked-content sequences)', () => {
  it('passes every condition of the checker, every description under its own heading', async () => {
    const plan = JSON.parse(generatePlanJson(12)) as { descriptions: { label: string; status: { name: string } }[] };
    const bytes = (await pdfExporter.exportPlan(decodePlan(plan), context)).bytes;
    const [check] = await checkTaggedPdfs('accessible', [bytes]);
    expect(failedConditions(check)).toEqual({});
    // Every line of every page is in an element, and the ParentTree names it.
    expect(check.conditions['parent-tree'].checked).toBeGreaterThan(1200);
    const tree = await structText(bytes);
    const headings = [...tree.matchAll(/^\s*H2 \(block\)\n\s*"([^"]*)"/gm)].map((match) => match[1]);
    // A canceled description is not exported (one of the twelve).
    const exported = plan.descriptions.filter((description) => description.status.name !== 'Canceled');
    expect(exported.length).toBeGreaterThan(10);
    expect(headings.sort()).toEqual(exported.map((description) => description.label).sort());
  }, 60_000);
});
