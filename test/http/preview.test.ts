/** POST /api/templates/preview and GET /preview on the real service (worker pool, auth, limits). */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { fixtureText } from '../builders/fixtures';
import { startIssuer, type TestIssuer } from '../helpers/issuer';
import { pdfText } from '../helpers/pdf';
import { BROKEN_TEMPLATE, MARKED_TEMPLATE, bundle, startPreviewServer } from '../builders/preview';

jest.setTimeout(120_000);

const PREVIEW = '/api/templates/preview';
const planMinimal = Buffer.from(fixtureText('plan-minimal.json'));
const descriptionFull = Buffer.from(fixtureText('description-full.json'));
const MB = 1024 * 1024;

type Server = Awaited<ReturnType<typeof startPreviewServer>>;

describe('template preview', () => {
  let service: Server;
  beforeAll(async () => {
    service = await startPreviewServer();
  });
  afterAll(() => service.stop());

  const preview = () => request(service.server).post(PREVIEW).responseType('blob');

  it('renders a plan with the uploaded template to an inline PDF', async () => {
    const res = await preview()
      .attach('template', MARKED_TEMPLATE, 'marked.zip')
      .attach('plan', planMinimal, 'plan.json')
      .field('format', 'pdf')
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^inline; filename="Minimal plan\.pdf"; filename\*=UTF-8''Minimal%20plan\.pdf$/,
    );
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(bytes)).toContain('PREVIEW-MARKER Minimal plan');
  });

  it('uses the built-in layout when no template is sent, and PDF when no format is', async () => {
    const res = await preview().attach('plan', planMinimal, 'plan.json').expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Minimal plan');
    expect(text).not.toContain('PREVIEW-MARKER');
  });

  it('passes the unknown data of the uploaded template along, located in the file', async () => {
    const typo = bundle({
      'template.json': '{"name":"Typo","version":"1.0.0"}',
      'partials/cover.hbs': '<p class="title">{{plan.titel}}</p>{{pageBreak}}',
    });
    const res = await preview()
      .attach('template', typo, 'typo.zip')
      .attach('plan', planMinimal, 'plan.json')
      .field('format', 'docx')
      .expect(200);
    const warnings = JSON.parse(decodeURIComponent(res.headers['x-export-warnings'])) as string[];
    expect(warnings).toEqual([
      'typo.zip:partials/cover.hbs:1:20: unknown data "plan.titel" (did you mean "plan.title"?)',
    ]);
  });

  it('renders a description to DOCX and passes the export warnings along', async () => {
    const res = await preview()
      .attach('template', MARKED_TEMPLATE, 'marked.zip')
      .attach('plan', descriptionFull, 'description.json')
      .field('format', 'docx')
      .expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=".+\.docx"/);
    expect((res.body as Buffer).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    // The fixture's javascript: link is dropped; the page shows why.
    const warnings = JSON.parse(decodeURIComponent(res.headers['x-export-warnings'])) as string[];
    expect(warnings.some((w) => w.includes('javascript:'))).toBe(true);
  });

  it('answers a broken template with a located 400 in the standard error shape', async () => {
    const res = await request(service.server)
      .post(PREVIEW)
      .attach('template', BROKEN_TEMPLATE, 'broken.zip')
      .attach('plan', planMinimal, 'plan.json')
      .expect(400);
    expect(res.body).toEqual({
      code: 400,
      error: expect.stringContaining('broken.zip:partials/question.hbs:1:6'),
      details: [
        { path: 'broken.zip:partials/question.hbs:1:6', message: expect.stringContaining('unknown helper "shout"') },
      ],
    });
  });

  it('answers an invalid plan with a 400 naming the JSON pointer, and a non-JSON one with the file name', async () => {
    const plan = JSON.parse(fixtureText('plan-minimal.json'));
    plan.version = 'two';
    const invalid = await request(service.server)
      .post(PREVIEW)
      .attach('plan', Buffer.from(JSON.stringify(plan)), 'plan.json')
      .expect(400);
    expect(invalid.body.details).toContainEqual({ path: '/version', message: 'must be integer or null' });
    const notJson = await request(service.server)
      .post(PREVIEW)
      .attach('plan', Buffer.from('{"id":'), 'saved.json')
      .expect(400);
    expect(notJson.body).toMatchObject({
      code: 400,
      error: expect.stringMatching(/^The plan file saved\.json is not valid JSON/),
      details: [{ path: 'saved.json' }],
    });
  });

  describe('bad requests are 4xx in the error shape, never 500', () => {
    it('a template over 20 MB is a 413', async () => {
      const res = await request(service.server)
        .post(PREVIEW)
        .attach('template', Buffer.alloc(21 * MB, 1), 'huge.zip')
        .attach('plan', planMinimal, 'plan.json')
        .expect(413);
      expect(res.body).toEqual({
        code: 413,
        error: 'The template file is larger than the limit of 20 MB.',
        details: [{ path: 'template', message: 'larger than 20 MB' }],
      });
    });

    it.each([
      ['no plan', (r: request.Test) => r.attach('template', MARKED_TEMPLATE, 'marked.zip'), 400, 'plan'],
      [
        'an unknown file field',
        (r: request.Test) => r.attach('plan', planMinimal, 'plan.json').attach('extra', planMinimal, 'x.json'),
        400,
        'extra',
      ],
      [
        'two plans',
        (r: request.Test) => r.attach('plan', planMinimal, 'a.json').attach('plan', planMinimal, 'b.json'),
        400,
        'plan',
      ],
      [
        'an unknown format',
        (r: request.Test) => r.attach('plan', planMinimal, 'plan.json').field('format', 'odt'),
        400,
        'format',
      ],
      [
        'two formats',
        (r: request.Test) => r.attach('plan', planMinimal, 'plan.json').field('format', 'pdf').field('format', 'docx'),
        400,
        'format',
      ],
      [
        'an overlong field',
        (r: request.Test) => r.attach('plan', planMinimal, 'plan.json').field('format', 'x'.repeat(500)),
        400,
        'format',
      ],
      [
        'too many fields',
        (r: request.Test) => r.attach('plan', planMinimal, 'plan.json').field('a', '1').field('b', '2').field('c', '3'),
        400,
        'multipart',
      ],
    ])('%s', async (_case, build, status, path) => {
      const res = await build(request(service.server).post(PREVIEW)).expect(status);
      expect(res.body).toMatchObject({ code: status, error: expect.any(String), details: [{ path }] });
    });

    it('a JSON body is a 415, GET is a 405', async () => {
      const json = await request(service.server).post(PREVIEW).send({ plan: {} }).expect(415);
      expect(json.body.details).toEqual([{ path: 'Content-Type', message: 'got "application/json"' }]);
      const get = await request(service.server).get(PREVIEW).expect(405);
      expect(get.headers.allow).toBe('POST');
    });
  });

  it('serves the page with a strict Content-Security-Policy that allows exactly its own script and style', async () => {
    const res = await request(service.server).get('/preview').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const script = /<script>([\s\S]*?)<\/script>/.exec(res.text)![1];
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)![1];
    expect(csp).toContain(`script-src ${sha(script)}`);
    expect(csp).toContain(`style-src ${sha(style)}`);
    // No external resources at all.
    expect(res.text).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//);
  });
});

describe('template preview limits follow MAX_BODY_MB', () => {
  let service: Server;
  beforeAll(async () => {
    service = await startPreviewServer({ MAX_BODY_MB: '1' });
  });
  afterAll(() => service.stop());

  it.each([
    ['template', 'big.zip'],
    ['plan', 'big.json'],
  ])('a %s over 1 MB is a 413', async (field, name) => {
    const big = Buffer.alloc(Math.round(1.5 * MB), 32);
    let req = request(service.server).post(PREVIEW).attach(field, big, name);
    if (field === 'template') req = req.attach('plan', planMinimal, 'plan.json');
    const res = await req.expect(413);
    expect(res.body).toEqual({
      code: 413,
      error: `The ${field} file is larger than the limit of 1 MB.`,
      details: [{ path: field, message: 'larger than 1 MB' }],
    });
  });
});

describe('template preview with authentication', () => {
  let issuer: TestIssuer;
  let service: Server;
  beforeAll(async () => {
    issuer = await startIssuer();
    service = await startPreviewServer({ AUTH_DISABLED: '', AUTH_ISSUER: issuer.url });
  });
  afterAll(async () => {
    await service.stop();
    await issuer.close();
  });

  it('requires a valid bearer token for the endpoint', async () => {
    const anonymous = await request(service.server).post(PREVIEW).attach('plan', planMinimal, 'plan.json').expect(401);
    expect(anonymous.body).toMatchObject({ code: 401, details: [{ path: 'Authorization' }] });
    const res = await request(service.server)
      .post(PREVIEW)
      .set('Authorization', `Bearer ${await issuer.sign()}`)
      .attach('plan', planMinimal, 'plan.json')
      .field('format', 'json')
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves the static page without a token', async () => {
    const res = await request(service.server).get('/preview').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<title>[^<]*[Pp]review[^<]*<\/title>/);
    expect(res.text).toContain('<form');
  });
});
