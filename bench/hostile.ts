/**
 * `npm run bench:hostile`: how long the hostile inputs of the test suite take, against the budget
 * each must stay within (generous: seconds for what takes milliseconds; the quadratic or
 * backtracking code they guard against took tens of seconds). The tests check what these inputs
 * produce; the time, which depends on the machine, is checked here. Exits 1 if a case is over
 * its budget. CPU time of this process, so a busy shared machine counts less.
 *
 *   npm run bench:hostile              all cases
 *   npm run bench:hostile -- html rda  only these groups (html, template, rda, pdf, validation, zip)
 */
import { strToU8, zipSync } from 'fflate';
import { DEFAULT_LAYOUT_BUDGET, type LayoutBudget } from '../src/config';
import { assertValidRequest } from '../src/contract/validate';
import { htmlToBlocks, htmlToPlainText } from '../src/document/html';
import { checkTemplatePackage } from '../src/formats/docx/shell';
import { rdaImporter } from '../src/service/formats';
import { MAX_IMPORTED_DESCRIPTIONS } from '../src/formats/rda/import/RdaImporter';
import { parseByteSize } from '../src/formats/rda/text';
import { writePdf } from '../src/formats/pdf/PdfWriter';
import { renderPlanDocument } from '../src/templates/layout';
import { resolveTemplate } from '../src/templates/resolve';
import { png } from '../test/builders/imageBytes';
import { meta, paragraph } from '../test/builders/documents';
import { envelope, exportPlanWire, fixture, CONTEXT, type Wire } from '../test/builders/rda';
import { DEFAULT_OPTIONS, planView, upload } from '../test/builders/templates';

interface Case {
  group: 'html' | 'template' | 'rda' | 'pdf' | 'validation' | 'zip';
  name: string;
  budgetMs: number;
  run: () => unknown;
}

const minimal = planView('plan-minimal.json');
const full = planView('plan-full.json');
/** Renders a layout template; a template refused by a limit is what the case expects. */
const renderHbs = (source: string, view = minimal, budget: LayoutBudget = DEFAULT_LAYOUT_BUDGET) => {
  try {
    return renderPlanDocument(
      view,
      resolveTemplate(upload('probe.hbs', source), 'plan-template').layout,
      DEFAULT_OPTIONS,
      { budget },
    );
  } catch (error) {
    return error;
  }
};
const overLabels = (depth: number, body: string) =>
  '{{#each @root.labels}}'.repeat(depth) + body + '{{/each}}'.repeat(depth);
const image = `data:image/png;base64,${png(4, 4).toString('base64')}`;

function concatDoubling(levels: number): string {
  let source = '{{#with (concat plan.title plan.title) as |a0|}}';
  for (let level = 1; level < levels; level++)
    source += `{{#with (concat a${level - 1} a${level - 1}) as |a${level}|}}`;
  return `${source}<p>{{len a${levels - 1}}}</p>${'{{/with}}'.repeat(levels)}`;
}

function manyDatasetsImport() {
  const planFull = fixture('plan-full.json');
  const template = planFull.descriptions.find(
    (d: Wire) => d.descriptionTemplate.label === 'Horizon Europe dataset template',
  );
  const emptyTemplate = { ...structuredClone(template.descriptionTemplate), definition: { pages: [], plugins: [] } };
  const file = envelope({
    dmp: { title: 'T', dataset: Array.from({ length: 200_000 }, (_, i) => ({ dataset_id: `d${i}` })) },
  });
  const descriptions = Array.from({ length: MAX_IMPORTED_DESCRIPTIONS }, (_, i) => ({
    id: `d${199_999 - i}`,
    sectionId: template.sectionId,
    descriptionTemplate: emptyTemplate,
    file: null,
  }));
  return () => rdaImporter.importPlan({ blueprintModel: planFull.planBlueprint, descriptions, file }, CONTEXT);
}

function manyMembers() {
  const raw = fixture('plan-minimal.json');
  const [template] = raw.users;
  const members = Array.from({ length: 20_000 }, (_, i) => ({
    ...template,
    user: {
      ...template.user,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Member ${i}`,
      contacts: [{ ...template.user.contacts[0], value: `m${i}@example.org` }],
    },
  }));
  raw.users = [...members, ...members.map((m: Wire) => ({ ...m, role: 4 }))];
  return () => exportPlanWire(raw);
}

const word = 'ACGT'.repeat(12_500);
const bare = meta({ headerText: '', footerText: '' });

/** A zip whose `name` member claims a gigabyte of data the file does not hold. */
function lyingZip(name: string): Uint8Array {
  const zip = Buffer.from(zipSync({ [name]: strToU8('<w:document/>'), 'a.xml': strToU8('<a/>') }, { level: 0 }));
  for (let at = 0; at + 46 < zip.length; at++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) continue;
    if (zip.subarray(at + 46, at + 46 + zip.readUInt16LE(at + 28)).toString() !== name) continue;
    zip.writeUInt32LE(1024 ** 3, at + 20);
    zip.writeUInt32LE(1024 ** 3, at + 24);
  }
  return new Uint8Array(zip);
}

/** Runs `call`, returning what it throws (the refusal is the case's expected outcome). */
const refusal = (call: () => unknown) => {
  try {
    return call();
  } catch (error) {
    return error;
  }
};

const CASES: Case[] = [
  {
    group: 'validation',
    name: 'a plan with 80,000 empty descriptions',
    budgetMs: 1000,
    run: () =>
      refusal(() =>
        assertValidRequest('plan-model', { ...fixture('plan-full.json'), descriptions: Array(80_000).fill({}) }),
      ),
  },
  {
    group: 'validation',
    name: 'the same body as a description',
    budgetMs: 1000,
    run: () =>
      refusal(() =>
        assertValidRequest('description-model', { ...fixture('plan-full.json'), descriptions: Array(80_000).fill({}) }),
      ),
  },
  {
    group: 'zip',
    name: 'a Word shell declaring a 1 GB member',
    budgetMs: 200,
    run: () => refusal(() => checkTemplatePackage(lyingZip('word/document.xml'), 'plan-template')),
  },
  {
    group: 'zip',
    name: 'a template bundle declaring a 1 GB member',
    budgetMs: 200,
    run: () => refusal(() => resolveTemplate(upload('bundle.zip', lyingZip('template.json')), 'plan-template')),
  },
  {
    group: 'html',
    name: 'a 10,000-cell row over 10,000 rows',
    budgetMs: 5000,
    run: () => htmlToBlocks(`<table><tr>${'<td>'.repeat(10_000)}</tr>${'<tr><td>x</td></tr>'.repeat(10_000)}</table>`),
  },
  {
    group: 'html',
    name: '<p><li> nested 160,000 deep',
    budgetMs: 5000,
    run: () => htmlToBlocks(`${'<p><li>'.repeat(160_000)}bottom`),
  },
  {
    group: 'html',
    name: '<span/> nested 100,000 deep',
    budgetMs: 5000,
    run: () => htmlToBlocks(`${'<span/>'.repeat(100_000)}bottom`),
  },
  {
    group: 'html',
    name: 'a paragraph with 100,000 inner &nbsp;',
    budgetMs: 2000,
    run: () => htmlToPlainText(`<p>a${'&nbsp;'.repeat(100_000)}b</p><p>c  </p>`),
  },
  {
    group: 'html',
    name: 'a table cell with 100,000 inner &nbsp;',
    budgetMs: 2000,
    run: () => htmlToPlainText(`<table><tr><td>a${'&nbsp;'.repeat(100_000)}b<br> c</td></tr></table>`),
  },
  {
    group: 'html',
    name: 'a <pre> with 200,000 inner newlines',
    budgetMs: 2000,
    run: () => htmlToBlocks(`<pre>a${'\n'.repeat(200_000)}b\n\n</pre>`),
  },
  {
    group: 'html',
    name: 'an image width with 100,000 spaces',
    budgetMs: 2000,
    run: () => htmlToBlocks(`<img src="${image}" width="1${' '.repeat(100_000)}x">`, { layout: true }),
  },
  {
    group: 'template',
    name: 'a template over its 200 ms time budget',
    budgetMs: 5000,
    run: () => renderHbs(overLabels(4, '{{#if @first}}{{/if}}'), minimal, { ...DEFAULT_LAYOUT_BUDGET, renderMs: 200 }),
  },
  {
    group: 'template',
    name: '{{pageBreak}} 20,000 times in three nested #each',
    budgetMs: 1000,
    run: () =>
      renderHbs(
        `{{#each plan.sections}}{{#each ../plan.sections}}{{#each ../../plan.sections}}${'{{pageBreak}}'.repeat(20_000)}{{/each}}{{/each}}{{/each}}`,
        full,
      ),
  },
  {
    group: 'template',
    name: '2,000,000 paragraphs written by a loop',
    budgetMs: 2000,
    run: () => renderHbs(overLabels(3, '<p>{{@key}}</p><p>x</p>'.repeat(14))),
  },
  {
    group: 'template',
    name: 'a string doubled by 30 nested concats',
    budgetMs: 5000,
    run: () => renderHbs(concatDoubling(30)),
  },
  {
    group: 'template',
    name: '8,000 nested blocks',
    budgetMs: 2000,
    run: () => renderHbs('{{#if plan}}'.repeat(8_000) + 'deep' + '{{/if}}'.repeat(8_000)),
  },
  {
    group: 'template',
    name: '8,000 nested subexpressions',
    budgetMs: 2000,
    run: () => renderHbs(`{{concat ${'(concat '.repeat(8_000)}"a"${')'.repeat(8_000)}}}`),
  },
  {
    group: 'template',
    name: 'an else-if chain 8,000 long',
    budgetMs: 2000,
    run: () => renderHbs(`{{#if a}}${'{{else if b}}x'.repeat(8_000)}{{/if}}`),
  },
  {
    group: 'template',
    name: 'a 1.2 MB answer spliced 74,088 times',
    budgetMs: 5000,
    run: () =>
      renderHbs(overLabels(3, '{{richText @root.plan.summary}}'), {
        ...full,
        descriptionHtml: `<p>${'lorem ipsum '.repeat(100_000)}</p>`,
      }),
  },
  {
    group: 'rda',
    name: `import ${MAX_IMPORTED_DESCRIPTIONS} of 200,000 datasets`,
    budgetMs: 5000,
    run: manyDatasetsImport(),
  },
  { group: 'rda', name: 'export 20,000 members in two roles', budgetMs: 5000, run: manyMembers() },
  {
    group: 'rda',
    name: 'byte sizes padded with 4,000 spaces',
    budgetMs: 100,
    run: () =>
      [`5${' '.repeat(4000)}GB.`, `1${' '.repeat(4000)}!`, '1 '.repeat(4000)].map((text) => parseByteSize(text)),
  },
  {
    group: 'pdf',
    name: 'a 50,000-character word, left aligned',
    budgetMs: 3000,
    run: () => writePdf({ meta: bare, blocks: [paragraph(`Sequence: ${word} end.`)] }),
  },
  {
    group: 'pdf',
    name: 'a 50,000-character word, justified',
    budgetMs: 3000,
    run: () => writePdf({ meta: bare, blocks: [paragraph(`Sequence: ${word} end.`, { align: 'justify' })] }),
  },
];

async function main() {
  const groups = process.argv.slice(2);
  const cases = groups.length > 0 ? CASES.filter((c) => groups.includes(c.group)) : CASES;
  let over = 0;
  console.log('group     case                                            ms   budget');
  for (const c of cases) {
    const started = process.cpuUsage();
    await c.run();
    const { user, system } = process.cpuUsage(started);
    const ms = (user + system) / 1000;
    const verdict = ms <= c.budgetMs ? '' : '  OVER BUDGET';
    if (verdict) over++;
    console.log(
      `${c.group.padEnd(9)} ${c.name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ${String(c.budgetMs).padStart(8)}${verdict}`,
    );
  }
  if (over > 0) {
    console.error(`${over} case(s) over budget`);
    process.exit(1);
  }
}

void main();
