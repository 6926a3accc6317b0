import { decodeInstant, decodePlan } from '../../src/contract/decode';
import { assertValidModel } from '../../src/contract/validate';
import { fixtureJson, fixtureText } from '../builders/fixtures';
import { ServiceError } from '../../src/errors';
import { statusOf } from '../../src/http/errors';

const validationError = (kind: 'plan' | 'description', body: unknown): ServiceError => {
  try {
    assertValidModel(kind, body);
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
};

describe('wire decoding', () => {
  it('reads instants as epoch seconds with a nanosecond fraction, or as ISO strings', () => {
    expect(decodeInstant(1735787045.123456)?.toISOString()).toBe('2025-01-02T03:04:05.123Z');
    expect(decodeInstant('2025-01-02T03:04:05.123456Z')?.toISOString()).toBe('2025-01-02T03:04:05.123Z');
    expect(decodeInstant('2025-01-02T05:04:05+02:00')?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
    expect(decodeInstant(null)).toBeNull();
  });

  it('reads an instant alike from a Jackson 2 backend (epoch seconds) and a Jackson 3 one (ISO string): cut to the millisecond', () => {
    // As the backend writes it: nine fraction digits, more than a double holds.
    const nanos = JSON.parse('1744476127.987654321') as number;
    const pairs: [number, string][] = [
      [nanos, '2025-04-12T16:42:07.987654321Z'],
      [1735787045.123, '2025-01-02T03:04:05.123Z'],
      [1735787045.9999, '2025-01-02T03:04:05.9999Z'],
      [-1.5, '1969-12-31T23:59:58.5Z'],
    ];
    for (const [seconds, iso] of pairs) {
      expect(decodeInstant(seconds)?.toISOString()).toBe(decodeInstant(iso)?.toISOString());
    }
    expect(decodeInstant(nanos)?.toISOString()).toBe('2025-04-12T16:42:07.987Z');
  });

  it('reads an instant outside the years 0000 to 9999, or an unreadable one, as absent rather than an Invalid Date', () => {
    expect(decodeInstant(253402300799)?.toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(decodeInstant(-62167219200)?.toISOString()).toBe('0000-01-01T00:00:00.000Z');
    expect(decodeInstant(253402300800)).toBeNull();
    expect(decodeInstant(1e13)).toBeNull();
    expect(decodeInstant(1e300)).toBeNull();
    expect(decodeInstant('+010000-01-01T00:00:00Z')).toBeNull();
    expect(decodeInstant('yesterday')).toBeNull();
  });

  it('reads only RFC 3339 instants with a zone: "1" is no year 2001, and a zone-less time does not shift with the server', () => {
    expect(decodeInstant('1')).toBeNull();
    expect(decodeInstant('2025-01-02T03:04:05')).toBeNull();
    expect(decodeInstant('2025-01-02')).toBeNull();
    expect(decodeInstant('2025-01-02t03:04:05z')?.toISOString()).toBe('2025-01-02T03:04:05.000Z');
  });

  it('takes the last of Jackson’s duplicate keys, which carries the real value', () => {
    const text = fixtureText('plan-full.json');
    // The fixture really has the backend's duplicates: a string type id, then the number.
    expect(text).toMatch(/"category":\s*"0",[^{}]*"category":\s*0\b/);
    expect(text).toMatch(/"fieldType":\s*"booleanDecision",[^{}]*"fieldType":\s*"freetext"/);
    const plan = decodePlan(JSON.parse(text));
    const categories = plan.blueprint!.sections.flatMap((s) => s.fields.map((f) => f.category));
    expect(new Set(categories)).toEqual(new Set(['system', 'extra', 'referenceType', 'upload']));
    const fieldTypes = plan.descriptions.flatMap((d) =>
      d.template.pages.flatMap((p) =>
        p.sections.flatMap((s) => s.fieldSets.flatMap((fs) => fs.fields.map((f) => f.data.fieldType))),
      ),
    );
    expect(fieldTypes).toContain('freetext');
  });

  it('names numeric enums and decodes base64 upload bytes', () => {
    const plan = decodePlan(fixtureJson('plan-full.json'));
    expect(plan.status?.internalStatus).toMatch(/^(draft|finalized)$/);
    expect(plan.accessType).toMatch(/^(public|restricted)$/);
    expect(plan.users.map((u) => u.role)).toContain('owner');
    const upload = plan.blueprintValues.find((v) => v.file)!;
    expect(Buffer.from(upload.file!.bytes!).subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('tolerates common-models 1.3.0 additions and unknown properties', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.raidJsonFile = null;
    raw.planBlueprint.type = { id: 'x', name: 'Horizon' };
    raw.somethingNew = { nested: [1, 2, 3] };
    expect(() => assertValidModel('plan', raw)).not.toThrow();
  });
});

describe('request validation', () => {
  it('names every offending JSON path and what was expected', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.createdAt = 'yesterday';
    raw.accessType = 'Public';
    delete raw.descriptions[0].descriptionTemplate;
    const error = validationError('plan', raw);
    expect(statusOf(error)).toBe(400);
    expect(error.details).toEqual(
      expect.arrayContaining([
        {
          path: '/createdAt',
          message:
            'must be an instant: epoch seconds or an RFC 3339 date-time with a time zone, in the years 0000 to 9999',
        },
        { path: '/accessType', message: 'must be one of 0, 1, null' },
        { path: '/descriptions/0', message: 'is missing the required property "descriptionTemplate"' },
      ]),
    );
    expect(error.message).toMatch(/^The request body is not a valid OpenCDMP PlanModel: /);
  });

  it('requires a System field to say which one it is', () => {
    const raw = fixtureJson('plan-minimal.json');
    delete raw.planBlueprint.definition.sections[0].fields[0].systemFieldType;
    expect(validationError('plan', raw).details[0]).toEqual({
      path: '/planBlueprint/definition/sections/0/fields/0',
      message: 'is missing the required property "systemFieldType"',
    });
  });

  it('caps the list of details so a garbage body still gets a readable answer', () => {
    const raw = fixtureJson('plan-minimal.json');
    raw.descriptions = Array.from({ length: 50 }, () => ({ id: 5 }));
    const details = validationError('plan', raw).details;
    expect(details.length).toBe(21);
    expect(details[20]).toEqual({ path: '/', message: expect.stringMatching(/^and \d+ more problems not listed$/) });
  });
});
