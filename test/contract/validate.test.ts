/**
 * Request validation: instants are bounded to the years RFC 3339 can write and reported once,
 * nesting is bounded before ajv recurses, and every request schema shares one validator.
 */
import type { ErrorObject } from 'ajv';
import { decodeDescription } from '../../src/contract/decode';
import {
  assertValidModel,
  assertValidRequest,
  describeErrors,
  MAX_JSON_DEPTH,
  MAX_SECTION_DEPTH,
} from '../../src/contract/validate';
import { fixtureJson } from '../builders/fixtures';
import { ServiceError } from '../../src/errors';
import { statusOf } from '../../src/http/errors';

const INSTANT =
  'must be an instant: epoch seconds or an RFC 3339 date-time with a time zone, in the years 0000 to 9999';

function rejection(call: () => void): ServiceError {
  try {
    call();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

/** description-full.json with a chain of `depth` template sections nested in its first page. */
function descriptionWithSectionsNested(depth: number) {
  const raw = fixtureJson('description-full.json');
  let section: object = { id: `nested-${depth}`, sections: [], fieldSets: [] };
  for (let level = depth - 1; level >= 1; level--)
    section = { id: `nested-${level}`, sections: [section], fieldSets: [] };
  raw.descriptionTemplate.definition.pages[0].sections.unshift(section);
  return raw;
}

describe('instants', () => {
  it.each([
    ['a year past 9999 (epoch seconds)', 253402300800],
    ['1e13 epoch seconds', 1e13],
    ['a negative year', -62198755200],
    ['an expanded ISO year', '+010000-01-01T00:00:00Z'],
    ['a word', 'yesterday'],
  ])('%s is a 400 with one message naming what an instant is', (_name, createdAt) => {
    const raw = fixtureJson('plan-minimal.json');
    raw.createdAt = createdAt;
    const error = rejection(() => assertValidModel('plan', raw));
    expect(statusOf(error)).toBe(400);
    expect(error.details.filter((d) => d.path === '/createdAt')).toEqual([{ path: '/createdAt', message: INSTANT }]);
    expect(error.message).toBe(`The request body is not a valid OpenCDMP PlanModel: /createdAt ${INSTANT}.`);
  });

  it('accepts the first and last second of the years 0000 to 9999', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.createdAt = -62167219200;
    raw.updatedAt = 253402300799.999;
    raw.finalizedAt = '9999-12-31T23:59:59Z';
    expect(() => assertValidModel('plan', raw)).not.toThrow();
  });

  it('bounds instants deep inside a description the same way', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.descriptions[0].createdAt = 1e13;
    expect(rejection(() => assertValidModel('plan', raw)).details).toContainEqual({
      path: '/descriptions/0/createdAt',
      message: INSTANT,
    });
  });
});

describe('error messages', () => {
  it('names every allowed type of a union, not just the first two', () => {
    const error = {
      keyword: 'type',
      instancePath: '/x',
      schemaPath: '#/properties/x/type',
      params: { type: 'string,number,null' },
    } as ErrorObject;
    expect(describeErrors([error])).toEqual([{ path: '/x', message: 'must be string, number or null' }]);
  });
});

describe('nesting', () => {
  it(`accepts template sections nested ${MAX_SECTION_DEPTH} levels deep, and decodes them`, () => {
    const raw = descriptionWithSectionsNested(MAX_SECTION_DEPTH);
    expect(() => assertValidModel('description', raw)).not.toThrow();
    let section = decodeDescription(raw).template.pages[0].sections[0];
    let depth = 1;
    while (section.sections.length > 0) [section, depth] = [section.sections[0], depth + 1];
    expect([section.id, depth]).toEqual([`nested-${MAX_SECTION_DEPTH}`, MAX_SECTION_DEPTH]);
  });

  it('answers 400 naming the JSON path of the first section nested too deep', () => {
    const error = rejection(() =>
      assertValidModel('description', descriptionWithSectionsNested(MAX_SECTION_DEPTH + 1)),
    );
    const path = `/descriptionTemplate/definition/pages/0/sections/0${'/sections/0'.repeat(MAX_SECTION_DEPTH)}`;
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual([{ path, message: `sections may nest at most ${MAX_SECTION_DEPTH} levels deep` }]);
  });

  it('answers 400, not a stack overflow, for sections nested 5,000 deep in a plan', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.descriptions[0] = descriptionWithSectionsNested(5000);
    const error = rejection(() => assertValidModel('plan', raw));
    expect(statusOf(error)).toBe(400);
    expect(error.details[0].path).toMatch(
      /^\/descriptions\/0\/descriptionTemplate\/definition\/pages\/0\/sections\/0(\/sections\/0)+$/,
    );
  });

  it('answers 400 for any JSON nested deeper than the models go, even under an unknown property', () => {
    const raw = fixtureJson('plan-minimal.json');
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level++) deep = [deep];
    raw.extension = deep;
    const error = rejection(() => assertValidModel('plan', raw));
    expect(error.details).toEqual([
      {
        path: `/extension${'/0'.repeat(MAX_JSON_DEPTH)}`,
        message: `JSON may nest at most ${MAX_JSON_DEPTH} levels deep`,
      },
    ]);
  });

  it('checks import bodies too: a description template nested 5,000 deep is a 400', () => {
    const template = descriptionWithSectionsNested(5000).descriptionTemplate;
    const error = rejection(() =>
      assertValidRequest('description-import-model', {
        id: 'a',
        sectionId: null,
        descriptionTemplate: template,
        file: null,
      }),
    );
    expect(statusOf(error)).toBe(400);
    expect(error.details[0].path).toMatch(/^\/descriptionTemplate\/definition\/pages\/0(\/sections\/0)+$/);
  });
});

describe('every request schema', () => {
  it.each([
    ['file-envelope-model', { filename: 42 }, /FileEnvelopeModel: \/filename must be string/],
    ['plan-import-model', { file: null }, /PlanImportModel: \/ is missing the required property "blueprintModel"/],
    [
      'description-import-model',
      {},
      /DescriptionImportModel: \/ is missing the required property "descriptionTemplate"/,
    ],
  ] as const)('%s answers 400 naming the model and what is wrong', (schema, body, message) => {
    expect(rejection(() => assertValidRequest(schema, body)).message).toMatch(message);
  });

  it('import models bound instants inside their templates like the export models', () => {
    const template = fixtureJson('description-full.json').descriptionTemplate;
    const field = template.definition.pages[0].sections[0].fieldSets[0].fields[0];
    field.defaultValue = { textValue: null, dateValue: 1e13, booleanValue: null };
    const error = rejection(() =>
      assertValidRequest('description-import-model', {
        id: null,
        sectionId: null,
        descriptionTemplate: template,
        file: null,
      }),
    );
    expect(error.details).toEqual([
      {
        path: '/descriptionTemplate/definition/pages/0/sections/0/fieldSets/0/fields/0/defaultValue/dateValue',
        message: INSTANT,
      },
    ]);
  });
});
