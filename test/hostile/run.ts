/**
 * `npm run test:hostile`: the long hostile suite against the built service (`node dist/server.js`
 * with a real issuer on loopback and outbound connections refused and reported):
 *
 * 1. fuzz: HOSTILE_BODIES (10,000) mutated real bodies over HTTP, JSON / DOCX / PDF exports;
 * 2. corpus: giant and lying bodies, encodings, hostile HTML and templates, Unicode, prototype
 *    names as answers, bodies for the other endpoint, runaway layouts, lying Word shells; the time
 *    each case took is printed (a figure, not a verdict: `corpusMs` in the output);
 * 3. tokens: forged tokens of every kind;
 * 4. load: /health/live latency (autocannon) while four 60 MB bodies arrive, next to normal exports;
 * 5. soak: RSS growth per export over SOAK_EXPORTS (300) DOCX exports after warm-up;
 * 6. storage: shared storage on a 1 MB tmpfs fills up (507 naming ENOSPC), where mounting works.
 *
 * Passes when there is no crash, no 5xx but the documented 503s (with Retry-After), no outbound
 * connection, every refusal is the JSON error shape naming a path, and health p99 <= 50 ms.
 * Prints the figures as JSON (docs/operators/reliability.md quotes them). The service gets this
 * process's environment, so EXPORT_MEMORY_MB=512 EXPORT_WORKERS=2 runs it with a 2 GB container's
 * defaults; HOSTILE_PHASES picks phases, HOSTILE_BODIES the number of fuzzed bodies.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import fc from 'fast-check';
import { Document, Packer, Paragraph } from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';
import { fixtureJson, fixtureText } from '../builders/fixtures';
import { pdfSource } from '../helpers/pdf';
import { rawRequest } from './http';
import { startKeyIssuer } from './issuer';
import { mutate, mutationArbitrary } from './mutate';
import { planWithAnswerTable } from './plans';

const ROOT = path.resolve(__dirname, '../..');
const BODIES = Number(process.env.HOSTILE_BODIES ?? 10_000);
const HEALTH_P99_LIMIT_MS = 50;
/** HOSTILE_PHASES=load,soak runs only those phases (all by default). */
const runs = (phase: string) => !process.env.HOSTILE_PHASES || process.env.HOSTILE_PHASES.split(',').includes(phase);

interface Tally {
  requests: number;
  byStatus: Record<string, number>;
  unexpected: string[];
}

const tally: Tally = { requests: 0, byStatus: {}, unexpected: [] };

interface Answer {
  status: number;
  body: string;
  headers: Headers | string;
}

/** Checks one answer: no 5xx but 503 with Retry-After, every error the JSON shape with a path. */
function check(name: string, answer: Answer, expected?: (status: number) => boolean): void {
  tally.requests++;
  tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
  const problem = (why: string): void =>
    void tally.unexpected.push(`${name}: ${answer.status} ${why} ${answer.body.slice(0, 300)}`);
  if (expected && !expected(answer.status)) return problem('(unexpected status)');
  if (answer.status === 0 && !expected) return problem('(no answer)');
  if (answer.status >= 500) {
    const retryAfter =
      typeof answer.headers === 'string' ? /Retry-After:/i.test(answer.headers) : answer.headers.has('retry-after');
    if ((answer.status !== 503 && answer.status !== 507) || !retryAfter)
      return problem('(a 5xx that is not a documented 503 or 507)');
  }
  if (answer.status >= 400) {
    try {
      const body = JSON.parse(answer.body) as { code?: unknown; error?: unknown; details?: { path?: unknown }[] };
      if (body.code !== answer.status || typeof body.error !== 'string' || !Array.isArray(body.details))
        return problem('(not the error shape)');
      if (answer.status === 400 && !body.details.every((d) => typeof d.path === 'string'))
        return problem('(a detail without a path)');
    } catch {
      problem('(not JSON)');
    }
  }
}

class Service {
  private child!: ChildProcess;
  port = 0;
  outbound: string[] = [];
  exitCode: number | null = null;
  crashed = false;

  async start(env: Record<string, string>): Promise<void> {
    this.child = spawn(
      process.execPath,
      ['--max-semi-space-size=8', '--require', path.join(__dirname, 'no-outbound.cjs'), 'dist/server.js'],
      {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    this.child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.length > 1_000_000) stdout = stdout.slice(-100_000);
    });
    this.child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (const line of text.split('\n')) if (line.startsWith('OUTBOUND ')) this.outbound.push(line);
      if (/FATAL ERROR|out of memory/i.test(text)) this.crashed = true;
      process.stderr.write(
        text
          .split('\n')
          .filter((l) => l && !l.startsWith('OUTBOUND '))
          .map((l) => `  [service] ${l}\n`)
          .join(''),
      );
    });
    this.child.once('exit', (code, signal) => {
      this.exitCode = code;
      if (signal !== 'SIGTERM' || code !== 0) this.crashed = this.crashed || !this.stopping;
    });
    // LOG_LEVEL=warn hides the 'listening' line: find the port from /proc instead of the log.
    this.port = await new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        const port = listeningPort(this.child.pid!);
        if (port) {
          clearInterval(timer);
          resolve(port);
        } else if (this.exitCode !== null || Date.now() - started > 30_000) {
          clearInterval(timer);
          reject(new Error(`the service did not start: ${stdout.slice(-2000)}`));
        }
      }, 100);
    });
  }

  private stopping = false;

  /** Peak resident memory of the service process so far (VmHWM), in MB. */
  peakRssMb(): number {
    const status = fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  }

  rssMb(): number {
    const status = fs.readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  }

  get alive(): boolean {
    return this.exitCode === null && !this.crashed;
  }

  async stop(): Promise<number | null> {
    this.stopping = true;
    const exited = new Promise<number | null>((resolve) =>
      this.exitCode !== null ? resolve(this.exitCode) : this.child.once('exit', (code) => resolve(code)),
    );
    this.child.kill('SIGTERM');
    return exited;
  }
}

/** The TCP port a process listens on, from /proc (no log needed). */
function listeningPort(pid: number): number | null {
  try {
    const inodes = new Set(
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return /socket:\[(\d+)\]/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          } catch {
            return undefined;
          }
        })
        .filter(Boolean),
    );
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
        const columns = line.trim().split(/\s+/);
        // State 0A: LISTEN.
        if (columns[3] === '0A' && inodes.has(columns[9])) return parseInt(columns[1].split(':')[1], 16);
      }
    }
  } catch {
    return null;
  }
  return null;
}

/** A POST; a connection closed before the answer is status 0. */
async function post(
  service: Service,
  route: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(`http://127.0.0.1:${service.port}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body as BodyInit,
    });
    return { status: res.status, body: await res.text(), headers: res.headers };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error), headers: '' };
  }
}

// ---- 1. fuzz ----

async function fuzz(service: Service, token: string): Promise<{ bodies: number; ok: number; refused: number }> {
  const fixtures = [
    { entity: 'plan', body: fixtureJson('plan-full.json') },
    { entity: 'plan', body: fixtureJson('plan-minimal.json') },
    { entity: 'description', body: fixtureJson('description-full.json') },
  ];
  const cases = fc.sample(
    fc.tuple(
      fc.nat({ max: 2 }),
      fc.array(mutationArbitrary, { minLength: 1, maxLength: 4 }),
      fc.constantFrom(...Array(18).fill('json'), 'docx', 'pdf'),
    ),
    { numRuns: BODIES, seed: 10 },
  );
  let next = 0;
  let ok = 0;
  let refused = 0;
  const worker = async () => {
    while (next < cases.length && service.alive) {
      const [fixture, mutations, format] = cases[next++];
      const { entity, body } = fixtures[fixture];
      const answer = await post(
        service,
        `/api/file-transformer/export/${entity}?format=${format}`,
        JSON.stringify(mutate(body as never, mutations)),
        {
          authorization: `Bearer ${token}`,
        },
      );
      check(`fuzz ${format} ${JSON.stringify(mutations).slice(0, 200)}`, answer);
      if (answer.status === 200) ok++;
      else refused++;
      if (next % 1000 === 0) process.stderr.write(`  fuzz: ${next}/${cases.length}\n`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { bodies: cases.length, ok, refused };
}

// ---- 2. corpus ----

const HOSTILE_HTML = [
  '<script>fetch("http://attacker.example/x")</script><p>script</p>',
  '<iframe src="http://attacker.example/frame"></iframe><p>iframe</p>',
  '<img src="http://attacker.example/pixel.png"><img src="file:///etc/passwd"><img src="//attacker.example/x.png">',
  '<a href="file:///etc/passwd">local file</a> <a href="javascript:alert(1)">js</a> <a href="http://attacker.example/ok">ok</a>',
  '<svg onload="alert(1)"><image href="http://attacker.example/svg.png"/></svg>',
  '<style>@import url(http://attacker.example/x.css)</style><p style="background:url(http://attacker.example/bg)">css</p>',
  `<p>${'<b>'.repeat(5000)}deep${'</b>'.repeat(5000)}</p>`,
  '<p>\u202eRTL override\u200b zero width \ud800 lone surrogate \ufeff BOM</p>',
];

/** The plan with `text` as the answer of its first three field sets and of every rich-text question (of the first description only, when `onlyFirst`). */
function withAnswerText(text: string, onlyFirst = false) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const plan = fixtureJson('plan-full.json') as any;
  const richText = new Set<string>();
  JSON.stringify(plan, (key, value: { data?: { fieldType?: string }; id?: string }) => {
    if (value?.data?.fieldType === 'richTextarea' && value.id) richText.add(value.id);
    return value;
  });
  for (const description of onlyFirst ? plan.descriptions.slice(0, 1) : plan.descriptions) {
    const fieldSets = description.properties.fieldSets as Record<
      string,
      { items: { fields: Record<string, { textValue: unknown }> }[] }
    >;
    Object.keys(fieldSets).forEach((id, index) => {
      for (const item of fieldSets[id].items)
        for (const [fieldId, value] of Object.entries(item.fields))
          if (index < 3 || richText.has(fieldId)) value.textValue = text;
    });
  }
  return plan;
}

/** Where a DOCX or PDF would make its reader's software fetch or open something. */
function outsideReferences(format: string, file: Buffer): string[] {
  if (format === 'pdf') {
    // Annotations and actions are in deflated object streams: searched inflated.
    const text = pdfSource(file);
    return [...text.matchAll(/\/(URI|F|UF)\s*\((file:|javascript:|\/\/)[^)]*\)/gi)].map((m) => m[0]);
  }
  const parts = Object.entries(unzipSync(new Uint8Array(file))).map(
    ([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')] as const,
  );
  const found: string[] = [];
  for (const [name, xml] of parts) {
    if (!name.endsWith('.rels')) continue;
    for (const [relationship] of xml.matchAll(/<Relationship\b[^>]*>/g)) {
      if (!/TargetMode="External"/.test(relationship)) continue;
      const hyperlink = /\/hyperlink"/.test(relationship);
      if (!hyperlink || /Target="(file:|javascript:)/i.test(relationship)) found.push(`${name}: ${relationship}`);
    }
  }
  return found;
}

function withTemplate(filename: string, mimeType: string, bytes: Uint8Array) {
  const plan = fixtureJson('plan-full.json') as { planBlueprint: { definition: { plugins: unknown[] } } };
  plan.planBlueprint.definition.plugins = [
    {
      code: 'dmp-file-transformer',
      type: 0,
      fields: [
        {
          code: 'plan-template',
          textValue: null,
          file: { filename, fileRef: null, mimeType, file: Buffer.from(bytes).toString('base64') },
        },
      ],
    },
  ];
  return plan;
}

function zipBomb(): Uint8Array {
  // 200 entries that all claim one entry's data (overlapping entries).
  const zip = Buffer.from(
    zipSync(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`part${i}.hbs`, strToU8('x'.repeat(1000))])), {
      level: 9,
    }),
  );
  let first = -1;
  for (let i = 0; i < zip.length - 4; i++) {
    if (zip.readUInt32LE(i) !== 0x02014b50) continue;
    if (first < 0) first = i;
    zip.writeUInt32LE(zip.readUInt32LE(first + 42), i + 42);
    zip.writeUInt32LE(1024 * 1024 * 1024, i + 24);
  }
  return new Uint8Array(zip);
}

/** A Word shell whose word/document.xml claims a gigabyte of data the file does not hold. */
async function lyingShell(): Promise<Uint8Array> {
  const document = new Document({ sections: [{ children: [new Paragraph("'{OPENCDMP.BODY}'")] }] });
  const shell = Buffer.from(zipSync(unzipSync(new Uint8Array(await Packer.toBuffer(document))), { level: 0 }));
  for (let at = 0; at + 46 < shell.length; at++) {
    if (shell.readUInt32LE(at) !== 0x02014b50) continue;
    if (shell.subarray(at + 46, at + 46 + shell.readUInt16LE(at + 28)).toString() !== 'word/document.xml') continue;
    shell.writeUInt32LE(1024 ** 3, at + 20);
    shell.writeUInt32LE(1024 ** 3, at + 24);
  }
  return new Uint8Array(shell);
}

/** How long each corpus case took to be answered, in ms (printed with the figures). */
const corpusMs: Record<string, number> = {};

async function corpus(service: Service, token: string): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const route = (format: string) => `/api/file-transformer/export/plan?format=${format}`;
  // Compact, so the cases below can find and replace keys.
  const plan = JSON.stringify(fixtureJson('plan-full.json'));
  const cases: [string, () => Promise<Answer>, (status: number) => boolean][] = [];
  const refused =
    (...codes: number[]) =>
    (status: number) =>
      codes.includes(status);
  const rendered = (status: number) => status === 200;
  const head = (extra: string) =>
    `POST ${route('json')} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${extra}\r\n`;
  const raw = async (name: string, h: string, body: string | Buffer, timeoutMs?: number) => {
    const answer = await rawRequest(service.port, h, body, timeoutMs);
    return { status: answer.status, body: answer.body, headers: answer.headers, name };
  };

  cases.push([
    'lying Content-Length 10 GB',
    () => raw('', head('Content-Length: 10737418240\r\n'), Buffer.alloc(2 * 1024 * 1024, 32)),
    refused(413),
  ]);
  cases.push([
    'Content-Length shorter than the body',
    () => raw('', head('Content-Length: 10\r\n'), plan),
    refused(400),
  ]);
  cases.push([
    'chunked 150 MB',
    async () => {
      const size = 150 * 1024 * 1024;
      return raw(
        '',
        head('Transfer-Encoding: chunked\r\n'),
        Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 32), Buffer.from('\r\n0\r\n\r\n')]),
        60_000,
      );
    },
    refused(413),
  ]);
  cases.push([
    'slow sender that stops',
    async () => {
      const answer = await rawRequest(service.port, head('Content-Length: 100000\r\n'), '{"id":', 2000).catch(
        () => null,
      );
      return answer
        ? { status: answer.status, body: answer.body, headers: answer.headers }
        : { status: 408, body: '{"code":408,"error":"client gave up","details":[]}', headers: '' };
    },
    refused(408, 400, 0),
  ]);
  cases.push([
    '20 million numbers in tags (40 MB)',
    () => post(service, route('json'), plan.replace('"tags":[', `"tags":[${'1,'.repeat(20_000_000)}`), auth),
    refused(400),
  ]);
  cases.push([
    'a million-item text list',
    () => post(service, route('docx'), JSON.stringify(withAnswerList(1_000_000)), auth),
    refused(400),
  ]);
  cases.push([
    'a 10 MB label',
    () => post(service, route('pdf'), plan.replace(/"label":"[^"]*"/, `"label":"${'x'.repeat(10_000_000)}"`), auth),
    refused(400),
  ]);
  cases.push([
    'three 30 MB answers',
    () => {
      const body = Buffer.from(JSON.stringify(withAnswerText('lorem ipsum '.repeat(2_600_000), true)));
      return raw('', head(`Content-Length: ${body.length}\r\n`).replace(route('json'), route('docx')), body, 60_000);
    },
    refused(400, 413),
  ]);
  cases.push([
    'nesting 100,000 deep',
    () => post(service, route('json'), `${'['.repeat(100_000)}${']'.repeat(100_000)}`, auth),
    refused(400),
  ]);
  cases.push([
    'a 90 MB string',
    () => post(service, route('json'), JSON.stringify({ id: 'x'.repeat(90 * 1024 * 1024) }), auth),
    refused(400),
  ]);
  cases.push([
    'corrupt gzip',
    () => post(service, route('json'), 'not gzip', { ...auth, 'content-encoding': 'gzip' }),
    refused(400),
  ]);
  cases.push([
    'unknown Content-Encoding',
    () => post(service, route('json'), plan, { ...auth, 'content-encoding': 'zstd' }),
    refused(415),
  ]);
  cases.push([
    'UTF-16 charset',
    () => post(service, route('json'), plan, { ...auth, 'content-type': 'application/json; charset=utf-16' }),
    refused(415),
  ]);
  cases.push([
    'not JSON content type',
    () => post(service, route('json'), plan, { ...auth, 'content-type': 'text/plain' }),
    refused(415),
  ]);
  cases.push([
    '__proto__ and constructor as ids',
    () =>
      post(
        service,
        route('docx'),
        plan
          .replace(/"fieldSets":\{"[^"]+"/, '"fieldSets":{"__proto__"')
          .replace(/"fieldSets":\{"[^"]+"/, '"fieldSets":{"constructor"'),
        auth,
      ),
    refused(200, 400),
  ]);
  cases.push([
    'option value "constructor" in RDA',
    () => post(service, route('json'), plan.replace(/"value":"[^"]*"/g, '"value":"constructor"'), auth),
    refused(200, 400, 422),
  ]);
  // The access answers of plan-full.json are "open", "shared" and "closed".
  for (const [name, answer] of [
    ['a distribution access answered "constructor" in RDA', '"textValue":"constructor"'],
    ['a distribution access answered ["constructor"] in RDA', '"textValue":null,"textListValue":["constructor"]'],
    ['a distribution access answered "__proto__" in RDA', '"textValue":"__proto__"'],
  ]) {
    cases.push([
      name,
      () => post(service, route('json'), plan.replace(/"textValue":"(?:open|shared|closed)"/g, answer), auth),
      rendered,
    ]);
  }
  const emptyDescriptions = JSON.stringify({ ...JSON.parse(plan), descriptions: Array(80_000).fill({}) });
  cases.push([
    '80,000 empty descriptions at /export/plan',
    () => post(service, route('json'), emptyDescriptions, auth),
    refused(400),
  ]);
  cases.push([
    '80,000 empty descriptions at /export/description',
    () => post(service, '/api/file-transformer/export/description?format=json', emptyDescriptions, auth),
    refused(400),
  ]);
  cases.push([
    '80,000 empty descriptions at /import/plan',
    () => post(service, '/api/file-transformer/import/plan', emptyDescriptions, auth),
    refused(400),
  ]);
  cases.push([
    'a description at /export/plan',
    async () => {
      const answer = await post(service, route('pdf'), fixtureText('description-full.json'), auth);
      return answer.status === 400 && !answer.body.includes('/export/description')
        ? { ...answer, status: 599, body: `the refusal does not name /export/description: ${answer.body}` }
        : answer;
    },
    refused(400),
  ]);
  cases.push([
    'a plan at /export/description',
    async () => {
      const answer = await post(service, '/api/file-transformer/export/description?format=docx', plan, auth);
      return answer.status === 400 && !answer.body.includes('/export/plan')
        ? { ...answer, status: 599, body: `the refusal does not name /export/plan: ${answer.body}` }
        : answer;
    },
    refused(400),
  ]);
  const pageBreaks = `{{#each plan.sections}}{{#each ../plan.sections}}{{#each ../../plan.sections}}${'{{pageBreak}}'.repeat(20_000)}{{/each}}{{/each}}{{/each}}`;
  for (const format of ['pdf', 'docx']) {
    cases.push([
      `{{pageBreak}} 20,000 times in three nested #each (${format})`,
      () =>
        post(
          service,
          route(format),
          JSON.stringify(withTemplate('plan.hbs', 'text/x-handlebars-template', strToU8(pageBreaks))),
          auth,
        ),
      refused(422),
    ]);
  }
  cases.push([
    'a Word shell declaring a 1 GB member it does not have',
    async () =>
      post(
        service,
        route('docx'),
        JSON.stringify(
          withTemplate(
            'shell.docx',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            await lyingShell(),
          ),
        ),
        auth,
      ),
    refused(400),
  ]);
  for (const [i, html] of HOSTILE_HTML.entries()) {
    for (const format of ['docx', 'pdf']) {
      cases.push([
        `hostile HTML ${i} in ${format}`,
        async () => {
          const answer = await post(service, route(format), JSON.stringify(withAnswerText(html)), auth);
          if (answer.status === 200) {
            const found = outsideReferences(
              format,
              Buffer.from((JSON.parse(answer.body) as { file: string }).file, 'base64'),
            );
            if (found.length > 0)
              return { ...answer, status: 599, body: `the ${format} refers to outside resources: ${found.join('; ')}` };
          }
          return answer;
        },
        rendered,
      ]);
    }
  }
  cases.push([
    'zip bomb template (overlapping entries)',
    () => post(service, route('pdf'), JSON.stringify(withTemplate('bomb.zip', 'application/zip', zipBomb())), auth),
    refused(400),
  ]);
  cases.push([
    'prototype-access template',
    () =>
      post(
        service,
        route('pdf'),
        JSON.stringify(
          withTemplate(
            'proto.hbs',
            'text/x-handlebars-template',
            strToU8(
              '{{constructor.constructor "return process"}}{{lookup this "__proto__"}}{{#with (lookup this "constructor")}}{{name}}{{/with}}',
            ),
          ),
        ),
        auth,
      ),
    refused(200, 400),
  ]);
  cases.push([
    'a 200 x 2,000 answer table',
    () => post(service, route('docx'), JSON.stringify(planWithAnswerTable(200, 2000).plan), auth),
    refused(422),
  ]);

  for (const [name, run, expected] of cases) {
    if (!service.alive) break;
    const started = performance.now();
    const answer = await run();
    corpusMs[name] = Math.round(performance.now() - started);
    check(`corpus: ${name}`, answer, expected);
    process.stderr.write(`  corpus: ${name}: ${answer.status} in ${corpusMs[name]} ms\n`);
  }
  return cases.length;
}

function withAnswerList(items: number) {
  const plan = fixtureJson('plan-full.json') as {
    descriptions: {
      properties: { fieldSets: Record<string, { items: { fields: Record<string, { textListValue: unknown }> }[] }> };
    }[];
  };
  const fieldSets = plan.descriptions[0].properties.fieldSets;
  const first = Object.values(fieldSets[Object.keys(fieldSets)[0]].items[0].fields)[0];
  first.textListValue = Array.from({ length: items }, (_, i) => `item ${i}`);
  return plan;
}

// ---- 3. tokens ----

type Issuer = Awaited<ReturnType<typeof startKeyIssuer>>;

async function tokens(service: Service, issuer: Issuer): Promise<number> {
  const formats = async (authorization: string): Promise<Answer> => {
    const res = await fetch(`http://127.0.0.1:${service.port}/api/file-transformer/formats`, {
      headers: { authorization },
    });
    return { status: res.status, body: await res.text(), headers: res.headers };
  };
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: issuer.url, aud: 'plugins', sub: 'x', scope: 'plugins', iat: now, exp: now + 300 };
  const valid = await issuer.sign();
  const [header, payload, signature] = valid.split('.');
  const other = await generateKeyPair('ES256');
  const hmacKey = new TextEncoder().encode(
    JSON.stringify(await exportJWK((await generateKeyPair('RS256', { extractable: true })).publicKey)),
  );
  const signWith = (
    claimsSet: JWTPayload,
    protectedHeader: Record<string, unknown>,
    key: Parameters<SignJWT['sign']>[0],
  ) => new SignJWT(claimsSet).setProtectedHeader(protectedHeader as never).sign(key);
  const attacks: [string, string][] = [
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['alg none, signature kept', `${b64({ alg: 'none', kid: 'test-key' })}.${payload}.${signature}`],
    ['HS256 with a public key as secret', await signWith(claims, { alg: 'HS256', kid: 'test-key' }, hmacKey)],
    ['unknown key', await signWith(claims, { alg: 'ES256', kid: 'k1' }, other.privateKey)],
    ['kid path traversal', await signWith(claims, { alg: 'ES256', kid: '../../../../etc/passwd' }, other.privateKey)],
    ['kid SQL', await signWith(claims, { alg: 'ES256', kid: "' OR 1=1 --" }, other.privateKey)],
    [
      'jku to an attacker',
      await signWith(claims, { alg: 'ES256', kid: 'evil', jku: 'http://attacker.example/jwks.json' }, other.privateKey),
    ],
    [
      'x5u to an attacker',
      await signWith(claims, { alg: 'ES256', kid: 'evil', x5u: 'http://attacker.example/cert.pem' }, other.privateKey),
    ],
    ['embedded jwk', await signWith(claims, { alg: 'ES256', jwk: await exportJWK(other.publicKey) }, other.privateKey)],
    [
      'unknown crit header',
      `${b64({ alg: 'ES256', kid: 'k1', crit: ['x-evil'], 'x-evil': 1 })}.${payload}.${signature}`,
    ],
    ['payload swapped', `${header}.${b64({ ...claims, sub: 'admin' })}.${signature}`],
    ['signature stripped', `${header}.${payload}.`],
    ['expired', await issuer.sign({ exp: now - 120 })],
    ['no exp', await issuer.sign({ exp: undefined })],
    ['iat in the future', await issuer.sign({ iat: now + 3600 })],
    ['nbf in the future', await issuer.sign({ nbf: now + 3600 })],
    ['wrong issuer', await issuer.sign({ iss: 'http://attacker.example/realms/test' })],
    ['wrong audience', await issuer.sign({ aud: 'account' })],
    ['garbage', 'not.a.token'],
    ['bad base64', '@@@.###.$$$'],
    ['empty', ''],
    ['20 KB token', `${header}.${b64({ ...claims, pad: 'x'.repeat(20_000) })}.${signature}`],
  ];
  for (const [name, token] of attacks) {
    const answer = await formats(`Bearer ${token}`);
    // A token too large for the header limit is refused before it is read.
    check(`token: ${name}`, answer, (status) => status === 401 || (name === '20 KB token' && status === 431));
  }
  const wrongScheme = await formats(`Basic ${Buffer.from('a:b').toString('base64')}`);
  check('token: basic auth', wrongScheme, (status) => status === 401);
  const huge = await rawRequest(
    service.port,
    `GET /api/file-transformer/formats HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'a'.repeat(40_000)}\r\n\r\n`,
  );
  check(
    'token: 40 KB header',
    { status: huge.status, body: huge.body, headers: huge.headers },
    (status) => status === 431,
  );
  check('token: valid one still works', await formats(`Bearer ${valid}`), (status) => status === 200);
  return attacks.length + 3;
}

// ---- 4. load ----

async function load(service: Service, token: string): Promise<Record<string, unknown>> {
  const uploader = spawn(
    process.execPath,
    ['--require', 'tsx/cjs', path.join(__dirname, 'upload.ts'), `http://127.0.0.1:${service.port}`, token, '60', '4'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let uploads = '';
  uploader.stdout!.on('data', (chunk: Buffer) => (uploads += chunk.toString()));
  const uploaded = new Promise<void>((resolve) => uploader.once('exit', () => resolve()));
  // Normal exports next to the big bodies.
  let normal = 0;
  let normalOk = 0;
  let loading = true;
  const normalExports = (async () => {
    while (loading && service.alive) {
      const answer = await post(
        service,
        '/api/file-transformer/export/plan?format=docx',
        fixtureText('plan-full.json'),
        { authorization: `Bearer ${token}` },
      );
      check('load: normal export', answer, (status) => status === 200 || status === 503);
      normal++;
      if (answer.status === 200) normalOk++;
    }
  })();
  let peakDuringLoad = 0;
  const sampler = setInterval(() => (peakDuringLoad = Math.max(peakDuringLoad, service.rssMb())), 200);
  const health = await autocannon({
    url: `http://127.0.0.1:${service.port}/health/live`,
    connections: 2,
    duration: 25,
  });
  await uploaded;
  loading = false;
  await normalExports;
  clearInterval(sampler);
  const bodies = JSON.parse(uploads.trim() || '{}') as {
    bodyMb?: number;
    results?: { status: number; ms: number; error?: string }[];
  };
  for (const result of bodies.results ?? [])
    check(
      'load: 60 MB body',
      { status: result.status, body: result.error ?? '', headers: 'Retry-After: 5' },
      (status) => [200, 400, 413, 503].includes(status),
    );
  return {
    healthRequests: health.requests.total,
    healthErrors: health.errors + health.non2xx,
    healthLatencyMs: { p50: health.latency.p50, p99: health.latency.p99, max: health.latency.max },
    bigBodies: bodies,
    normalExports: { sent: normal, ok: normalOk },
    peakRssDuringLoadMb: peakDuringLoad,
  };
}

// ---- 6. storage ----

/**
 * Shared storage that fills up: a 1 MB tmpfs (needs root and a kernel that lets us mount; else
 * reported as not run). Expect 507 naming ENOSPC, and the service still answering.
 */
async function storageFull(token: string): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync('/tmp/hostile-storage-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status === 0;
  if (!mounted) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { run: false, why: 'cannot mount a tmpfs here' };
  }
  const service = new Service();
  try {
    await service.start({ AUTH_DISABLED: 'true', SHARED_STORAGE_DIR: dir, NODE_ENV: 'test' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = await post(
        service,
        '/api/file-transformer/export/plan?format=pdf',
        fixtureText('plan-full.json'),
        { authorization: `Bearer ${token}` },
      );
      statuses.push(answer.status);
      if (answer.status !== 200) {
        check('storage full', answer, (status) => status === 507);
        if (!answer.body.includes('ENOSPC'))
          tally.unexpected.push(`storage full: the answer does not name ENOSPC: ${answer.body}`);
        break;
      }
    }
    const health = await fetch(`http://127.0.0.1:${service.port}/health/live`);
    return { run: true, statuses, healthAfter: health.status, crashed: !service.alive };
  } finally {
    if (service.port) await service.stop();
    spawnSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- 5. soak ----

/** RSS growth per export after warm-up: SOAK_EXPORTS docx exports, two at a time. */
async function soak(service: Service, token: string): Promise<Record<string, number>> {
  const total = Number(process.env.SOAK_EXPORTS ?? 300);
  const warmUp = 50;
  const body = fixtureText('plan-full.json');
  let done = 0;
  let rssAfterWarmUp = 0;
  const worker = async () => {
    while (done < total && service.alive) {
      done++;
      const answer = await post(service, '/api/file-transformer/export/plan?format=docx', body, {
        authorization: `Bearer ${token}`,
      });
      check('soak export', answer, (status) => status === 200);
      if (done === warmUp) rssAfterWarmUp = service.rssMb();
    }
  };
  await Promise.all([worker(), worker()]);
  const rssAtEnd = service.rssMb();
  return {
    exports: total,
    rssAfterWarmUpMb: rssAfterWarmUp,
    rssAtEndMb: rssAtEnd,
    growthKbPerExport: Math.round(((rssAtEnd - rssAfterWarmUp) * 1024) / (total - warmUp)),
  };
}

async function main() {
  if (!process.env.HOSTILE_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const issuer = await startKeyIssuer();
  const service = new Service();
  await service.start({
    AUTH_ISSUER: issuer.url,
    AUTH_JWKS_URI: issuer.jwksUri,
    AUTH_AUDIENCE: 'plugins',
    AUTH_REQUIRED_SCOPE: 'plugins',
  });
  const token = async () => issuer.sign();
  const started = Date.now();
  const figures: Record<string, unknown> = {};
  try {
    if (runs('tokens')) figures.tokens = await tokens(service, issuer);
    if (runs('corpus')) {
      figures.corpus = await corpus(service, await token());
      figures.corpusMs = corpusMs;
    }
    if (runs('fuzz')) figures.fuzz = await fuzz(service, await token());
    if (runs('load')) figures.load = await load(service, await token());
    if (runs('soak')) figures.soak = await soak(service, await token());
    if (runs('storage')) figures.storageFull = await storageFull(await token());
    figures.peakRssMb = service.peakRssMb();
  } finally {
    figures.crashed = service.crashed || !service.alive;
    figures.shutdownExitCode = service.alive ? await service.stop() : service.exitCode;
    await issuer.close();
  }
  figures.requests = tally.requests;
  figures.byStatus = tally.byStatus;
  figures.fiveHundreds = Object.entries(tally.byStatus)
    .filter(([status]) => Number(status) >= 500 && ![503, 507].includes(Number(status)))
    .reduce((n, [, count]) => n + count, 0);
  figures.outbound = service.outbound;
  figures.unexpected = tally.unexpected.slice(0, 50);
  figures.seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  const p99 = (figures.load as { healthLatencyMs: { p99: number } } | undefined)?.healthLatencyMs.p99 ?? 0;
  // Latency is a figure, not a verdict, unless asked (HOSTILE_LATENCY_GATE=1): a busy CI runner
  // must not turn a timing into a red build. Crashes, 5xx, outbound requests and bad refusals always fail.
  const slow = p99 > HEALTH_P99_LIMIT_MS;
  if (slow) process.stdout.write(`health p99 ${p99} ms is above the ${HEALTH_P99_LIMIT_MS} ms target\n`);
  const latencyGate = process.env.HOSTILE_LATENCY_GATE === '1';
  const failed =
    figures.crashed ||
    tally.unexpected.length > 0 ||
    service.outbound.length > 0 ||
    (latencyGate && slow) ||
    figures.shutdownExitCode !== 0;
  process.stdout.write(failed ? 'HOSTILE SUITE FAILED\n' : 'hostile suite passed\n');
  process.exit(failed ? 1 : 0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
