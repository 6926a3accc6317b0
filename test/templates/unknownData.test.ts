/**
 * Unknown data: a path a template reads that the context does not have prints nothing in
 * Handlebars, so it is reported before rendering, located, with "did you mean". The check is
 * against the context's declared shape (its JSON Schema), not one plan's values.
 */
import { decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { readPackageJson } from '../../src/paths';
import { templateContext } from '../../src/pipeline/render';
import { pdfExporter } from '../../src/service/formats';
import { propertyOf, shapeOfSchema, templateContextShape, type Shape } from '../../src/templates/contextShape';
import { defaultLayout } from '../../src/templates/compile';
import { resolveTemplate } from '../../src/templates/resolve';
import { unknownDataProblems } from '../../src/templates/unknownData';
import { statusOf } from '../../src/http/errors';
import { fixtureJson } from '../builders/fixtures';
import { serviceErrorOf, upload, zip } from '../builders/templates';
import { handlebars } from '../../src/templates/engine';

const FIELD = 'plan-template';
const MANIFEST = JSON.stringify({ name: 'Funder template', version: '1.0.0' });

const warningsOf = (files: Record<string, string>) =>
  resolveTemplate(upload('funder.zip', zip({ 'template.json': MANIFEST, ...files })), FIELD).layout.dataWarnings;

const hbsWarnings = (source: string) =>
  resolveTemplate(upload('layout.hbs', source), FIELD).layout.dataWarnings.map((w) => w.message);

describe('unknown data', () => {
  it('reports a misspelt path once, at its file, line and column, with the field it most likely means', () => {
    const cover = '{{image "logo.png"}}\n<p class="title">{{plan.titel}}</p>\n{{pageBreak}}';
    expect(warningsOf({ 'partials/cover.hbs': cover, 'assets/logo.png': '' })).toEqual([
      {
        file: 'partials/cover.hbs',
        line: 2,
        column: 20,
        message: 'unknown data "plan.titel" (did you mean "plan.title"?)',
      },
    ]);
  });

  it('finds nothing to report in the built-in layout', () => {
    expect(defaultLayout().dataWarnings).toEqual([]);
  });

  it('checks against the context shape, not this plan: fields that are empty or absent in a plan are fine', () => {
    const source = [
      '{{plan.finalizedAt}} {{plan.previousDoi}} {{#each plan.dois}}{{doi}} {{url}}{{/each}}',
      '{{description.title}} {{#each plan.referencesByType.grants}}{{label}} {{abbreviation}}{{/each}}',
      '{{#each plan.descriptions}}{{#each pages}}{{#each sections}}{{#each fieldSets}}{{#each items}}',
      '{{#each fields}}{{value.text}} {{value.options.0.label}} {{value.references.0.url}} {{value.filename}}{{/each}}',
      '{{/each}}{{/each}}{{/each}}{{/each}}{{/each}}',
      '{{plan.creator.display}} {{plan.summary.display}} {{labels.notAnswered}} {{options.includeGuidance}}',
    ].join('\n');
    expect(hbsWarnings(source)).toEqual([]);
  });

  it('follows the context into blocks and back out, as Handlebars does', () => {
    const source = [
      '{{#each plan.sections}}{{title}} {{titel}} {{../plan.title}} {{@index}} {{@root.plan.titel}}{{/each}}',
      '{{#with plan}}{{title}}{{#if version}}{{../language}} {{blueprint.lable}}{{/if}}{{/with}}',
      '{{#each plan.sections as |section i|}}{{section.title}} {{section.titel}} {{i}}{{/each}}',
      '{{plan.sections.title}} {{@indx}} {{title}}',
    ].join('\n');
    expect(hbsWarnings(source)).toEqual([
      'unknown data "titel" (did you mean "title"?)',
      'unknown data "@root.plan.titel" (did you mean "@root.plan.title"?)',
      'unknown data "blueprint.lable" (did you mean "blueprint.label"?)',
      'unknown data "section.titel" (did you mean "section.title"?)',
      'unknown data "plan.sections.title": plan.sections is a list; read its items inside {{#each plan.sections}}…{{/each}}',
      'unknown data "@indx" (did you mean "@index"?)',
      'unknown data "title" (did you mean "plan.title" or "description.title" or "labels.title"?)',
    ]);
  });

  it('checks a partial in the context it is included in, with its hash arguments, and nothing above it', () => {
    const located = (files: Record<string, string>) =>
      warningsOf(files).map((w) => `${w.file}:${w.line}:${w.column}: ${w.message}`);
    // The built-in section partial includes the question partial for each question of a description.
    expect(
      located({
        'partials/question.hbs': '<p>{{title}} {{titel}}</p>{{#each items}}{{../repeats}} {{../../x}}{{/each}}',
      }),
    ).toEqual([
      'partials/question.hbs:1:16: unknown data "titel" (did you mean "title"?)',
      `partials/question.hbs:1:59: unknown data "../../x" reaches above the partial's context: a partial sees only the context it is given (pass more as hash arguments: {{> name key=../value}})`,
    ]);
    expect(
      located({
        'partials/planSection.hbs': '<h1>{{title}}</h1>{{#each descriptions}}{{> description level=2}}{{/each}}',
        'partials/description.hbs': '{{#heading level}}{{title}}{{/heading}} {{levle}}',
      }),
    ).toEqual(['partials/description.hbs:1:43: unknown data "levle" (did you mean "level"?)']);
  });

  it('reports a path in a partial only when it is unknown in every context the partial is included in', () => {
    const warnings = warningsOf({
      'plan.hbs': '{{#each plan.dois}}{{> line}}{{/each}}{{#each plan.contacts}}{{> line}}{{/each}}',
      'partials/line.hbs': '<p>{{doi}}{{email}}{{emial}}</p>',
    });
    expect(warnings.map((w) => w.message)).toEqual(['unknown data "emial" (did you mean "email"?)']);
  });

  it('says so, instead of guessing, when partials are included in more contexts than the check follows', () => {
    const contexts = ['plan.sections', 'plan.descriptions', 'plan.users', 'plan.contacts', 'plan.references'];
    const files: Record<string, string> = { 'plan.hbs': '{{> p0}}' };
    for (let i = 0; i < 30; i++) {
      const includes = Array.from({ length: 30 }, (_, j) => `{{> p${j} from${i}=this}}`).join('');
      files[`partials/p${i}.hbs`] = contexts.map((list) => `{{#each ${list}}}${includes}{{/each}}`).join('');
    }
    expect(warningsOf(files)).toEqual([
      {
        file: '',
        message:
          'the data the template reads was not checked: its partials are included in more contexts than the check follows',
      },
    ]);
  });

  it('is an error, failing the template, when the manifest asks for strict', () => {
    const error = serviceErrorOf(() =>
      resolveTemplate(
        upload(
          'funder.zip',
          zip({
            'template.json': JSON.stringify({ name: 'Strict', version: '1.0.0', strict: true }),
            'plan.hbs': '<h1>{{plan.title}}</h1>\n<p>{{plan.sumary.display}}</p>',
          }),
        ),
        FIELD,
      ),
    );
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual([
      {
        path: `${FIELD}:plan.hbs:2:6`,
        message: 'unknown data "plan.sumary.display" (did you mean "plan.summary.display"?)',
      },
    ]);
  });

  it("shows in a designer's export every time, and in the service's exports once per template", async () => {
    const bytes = zip({ 'template.json': MANIFEST, 'partials/cover.hbs': '<p>{{plan.titel}}</p>{{pageBreak}}ONCE' });
    const plan = decodePlan(fixtureJson('plan-minimal.json'));
    const designer = { transformerId: 'dmp-file-transformer', templateOverride: { filename: 'mine.zip', bytes } };
    const expected = 'mine.zip:partials/cover.hbs:1:6: unknown data "plan.titel" (did you mean "plan.title"?)';
    for (let i = 0; i < 2; i++) expect((await pdfExporter.exportPlan(plan, designer)).warnings).toContain(expected);

    // Configured in the plan's blueprint: the first export logs it, the next ones do not repeat it.
    const wire = fixtureJson('plan-minimal.json');
    wire.planBlueprint.definition.plugins = [
      {
        code: 'dmp-file-transformer',
        type: 0,
        fields: [
          {
            code: 'plan-template',
            textValue: null,
            file: {
              filename: 'f.zip',
              fileRef: null,
              mimeType: 'application/zip',
              file: Buffer.from(bytes).toString('base64'),
            },
          },
        ],
      },
    ];
    assertValidModel('plan', wire);
    const withTemplate = decodePlan(wire);
    const service = { transformerId: 'dmp-file-transformer' };
    const first = (await pdfExporter.exportPlan(withTemplate, service)).warnings.filter((w) => w.includes('titel'));
    const second = (await pdfExporter.exportPlan(withTemplate, service)).warnings.filter((w) => w.includes('titel'));
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^plan-template:partials\/cover\.hbs:1:6: unknown data "plan\.titel"/);
    expect(second).toEqual([]);
  });
});

describe('the context shape', () => {
  it('has every path of a real context, plan and description exports alike', () => {
    const root = templateContextShape();
    const unknown: string[] = [];
    const walk = (value: unknown, shape: Shape, path: string) => {
      if (Array.isArray(value)) {
        value.forEach((item, i) => walk(item, propertyOf(shape, String(i))!, `${path}[]`));
      } else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          const next = propertyOf(shape, key);
          if (next === null) unknown.push(`${path}.${key}`);
          else walk(inner, next, `${path}.${key}`);
        }
      }
    };
    const context = { transformerId: 'dmp-file-transformer' };
    walk(templateContext('plan', decodePlan(fixtureJson('plan-full.json')), context), root, '');
    expect(unknown).toEqual([]);
  });

  it('comes from the schema: a field added there is known without a change to the code', () => {
    const schema = readPackageJson<{ $defs: { plan: { properties: Record<string, object> } } }>(
      'schemas/template-context.schema.json',
    );
    const ast = handlebars.parse('{{plan.type}} {{plan.tipe}}');
    const walk = (shape: Shape) =>
      unknownDataProblems(
        { plan: { file: 'plan.hbs', ast }, description: null, partials: new Map() },
        () => true,
        shape,
      ).map((p) => p.message);
    expect(walk(shapeOfSchema(schema))).toEqual([
      'unknown data "plan.type": plan has no "type"',
      'unknown data "plan.tipe": plan has no "tipe"',
    ]);
    schema.$defs.plan.properties.type = { enum: ['standard', 'prototype'] };
    expect(walk(shapeOfSchema(schema))).toEqual(['unknown data "plan.tipe" (did you mean "plan.type"?)']);
  });

  it('reads the items of a list that may be null', () => {
    const schema = readPackageJson<{ $defs: { plan: { properties: Record<string, object> } } }>(
      'schemas/template-context.schema.json',
    );
    schema.$defs.plan.properties.keywords = { type: ['array', 'null'], items: { $ref: '#/$defs/person' } };
    const ast = handlebars.parse('{{#each plan.keywords}}{{email}} {{emial}}{{/each}}');
    const problems = unknownDataProblems(
      { plan: { file: 'plan.hbs', ast }, description: null, partials: new Map() },
      () => true,
      shapeOfSchema(schema),
    );
    expect(problems.map((p) => p.message)).toEqual(['unknown data "emial" (did you mean "email"?)']);
  });
});
