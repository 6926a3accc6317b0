/**
 * `dmp-transform preview`: the template studio, a local web page that shows a plan rendered with
 * the designer's template and renders again when a file of the template (or a plan) is saved.
 * It listens on 127.0.0.1 only, answers only requests addressed to that host (no DNS rebinding),
 * reads only the template and the plans it listed, and fetches nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import chokidar, { type FSWatcher } from 'chokidar';
import { ServiceError } from '../../errors';
import { contextFor } from '../commands/data';
import { CliError } from '../commands/diagnostics';
import { describeFailure, FORMATS } from '../commands/render';
import { TemplateInput } from '../commands/templateInput';
import { SOURCE_PAGE_CSP, sourcePage, STUDIO_PAGE_CSP, STUDIO_PAGE_HTML } from './page';
import { planChoices, type PlanChoice } from './plans';
import { StudioRenders } from './renders';

export interface StudioOptions {
  /** A bundle folder (or .zip, .hbs, .docx) as the designer named it. */
  template: string;
  /** Plan files named with --plan. */
  plans: string[];
  /** 0 picks a free port. */
  port: number;
  /** Where relative paths and the designer's plan files are. */
  cwd?: string;
}

export interface Studio {
  url: string;
  /** Stops watching and serving. */
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
/** Saves come in bursts (write, rename, touch): one render for the burst. */
const DEBOUNCE_MS = 100;
const KEEP_ALIVE_MS = 15_000;

const FORMAT_LABELS: Record<string, string> = {
  pdf: 'PDF',
  docx: 'DOCX',
  html: 'HTML',
  md: 'Markdown',
  txt: 'Answer pack (text)',
  json: 'RDA JSON',
};

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: http.ServerResponse, status: number, type: string, body: string | Uint8Array, headers = {}) {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...headers,
  });
  res.end(body);
}

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

/** Hidden files (editor swap files, .git) are not part of the template. */
function hiddenInside(folder: string) {
  return (file: string) => {
    const relative = path.relative(folder, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    return relative.split(path.sep).some((segment) => segment.startsWith('.'));
  };
}

export async function startStudio(options: StudioOptions): Promise<Studio> {
  const cwd = options.cwd ?? process.cwd();
  const template = path.resolve(cwd, options.template);
  TemplateInput.read(template); // refuses what is not a template, before anything listens
  let plans: PlanChoice[];
  try {
    plans = planChoices(options.plans, cwd);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const renders = new StudioRenders(template, cwd);
  const templateName = path.relative(cwd, template) || path.basename(template);

  let version = 0;
  const listeners = new Set<http.ServerResponse>();
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      version++;
      for (const listener of listeners) listener.write(`event: change\ndata: {"version":${version}}\n\n`);
    }, DEBOUNCE_MS);
  };
  const watched = [template, ...plans.filter((plan) => !plan.sample).map((plan) => plan.file)];
  const watcher: FSWatcher = chokidar.watch(watched, {
    ignoreInitial: true,
    ignored: hiddenInside(template),
    atomic: true,
  });
  watcher.on('all', changed);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  const planOf = (id: string | null): PlanChoice => {
    const plan = plans.find((choice) => choice.id === id) ?? (id === null ? plans[0] : undefined);
    if (!plan) throw new RequestError(404, `There is no plan "${id}" in this studio; pick one of the list.`);
    return plan;
  };
  const formatOf = (format: string | null): string => {
    const chosen = format ?? 'pdf';
    if (!FORMATS.includes(chosen))
      throw new RequestError(400, `There is no format "${chosen}"; use ${FORMATS.join(', ')}.`);
    return chosen;
  };

  const routes: Record<string, (url: URL, res: http.ServerResponse) => Promise<void> | void> = {
    '/': (_url, res) =>
      send(res, 200, 'text/html; charset=utf-8', STUDIO_PAGE_HTML, { 'Content-Security-Policy': STUDIO_PAGE_CSP }),
    '/api/state': (_url, res) => {
      plans = planChoices(options.plans, cwd); // plan files saved since the start are offered too
      json(res, 200, {
        template: templateName,
        version,
        plans: plans.map(({ id, label, entity, sample }) => ({ id, label, entity, sample })),
        formats: FORMATS.map((id) => ({ id, label: FORMAT_LABELS[id] ?? id })),
      });
    },
    '/api/render': async (url, res) => {
      const plan = planOf(url.searchParams.get('plan'));
      json(res, 200, await renders.render(plan, formatOf(url.searchParams.get('format')), version));
    },
    '/api/data': (url, res) => {
      const plan = planOf(url.searchParams.get('plan'));
      try {
        json(res, 200, { context: contextFor(plan.file, template) });
      } catch (error) {
        if (!(error instanceof ServiceError || error instanceof CliError)) throw error;
        const failure = describeFailure(error, { planPath: plan.file, template: null });
        json(res, 422, { error: error.message, details: failure.diagnostics });
      }
    },
    '/events': (_url, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      res.write(`retry: 1000\nevent: hello\ndata: {"version":${version}}\n\n`);
      listeners.add(res);
      const alive = setInterval(() => res.write(': still here\n\n'), KEEP_ALIVE_MS);
      res.on('close', () => {
        clearInterval(alive);
        listeners.delete(res);
      });
    },
    '/favicon.ico': (_url, res) => {
      res.writeHead(204).end();
    },
    '/source': (url, res) => {
      const file = url.searchParams.get('file') ?? '';
      const full = path.resolve(template, file);
      const relative = path.relative(template, full);
      const stat = fs.statSync(full, { throwIfNoEntry: false });
      if (!file || relative.startsWith('..') || path.isAbsolute(relative) || !stat?.isFile())
        throw new RequestError(404, `There is no file "${file}" in the template folder.`);
      const line = Number(url.searchParams.get('line')) || null;
      send(res, 200, 'text/html; charset=utf-8', sourcePage(file, fs.readFileSync(full, 'utf8'), line), {
        'Content-Security-Policy': SOURCE_PAGE_CSP,
      });
    },
  };

  const output = (pathname: string, res: http.ServerResponse) => {
    const [, , id, name] = pathname.split('/');
    const stored = renders.output(id);
    if (!stored) throw new RequestError(404, 'That output is gone; the page renders again.');
    // Rendered documents run no script and fetch nothing; their frames (sandboxed, without
    // scripts) stay same-origin only so the page can keep the reader's place across renders.
    const policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
    if (name === 'view.html' && stored.html)
      return send(res, 200, 'text/html; charset=utf-8', stored.html, { 'Content-Security-Policy': policy });
    send(
      res,
      200,
      stored.mimeType.startsWith('text/') ? `${stored.mimeType}; charset=utf-8` : stored.mimeType,
      stored.bytes,
      {
        'Content-Security-Policy': policy,
        'Content-Disposition': `inline; filename="${stored.filename.replace(/[^\w.-]/g, '_')}"`,
      },
    );
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const port = (server.address() as AddressInfo).port;
        const allowed = [`${HOST}:${port}`, `localhost:${port}`];
        if (!allowed.includes(req.headers.host ?? ''))
          throw new RequestError(403, 'The studio answers only at its own address.');
        if (req.method !== 'GET' && req.method !== 'HEAD') throw new RequestError(405, 'The studio only answers GET.');
        const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
        const route = routes[url.pathname];
        if (route) await route(url, res);
        else if (url.pathname.startsWith('/output/')) output(url.pathname, res);
        else throw new RequestError(404, `Nothing at ${url.pathname}.`);
      } catch (error) {
        if (res.headersSent) return void res.end();
        if (error instanceof RequestError) return json(res, error.status, { error: error.message });
        console.error(`error: the studio failed on ${req.url}: ${(error as Error).stack ?? String(error)}`);
        json(res, 500, { error: `The studio failed: ${(error as Error).message}` });
      }
    })();
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new CliError(`Port ${options.port} is in use; choose another with --port.`)
            : error,
        ),
      );
      server.listen(options.port, HOST, () => resolve());
    });
  } catch (error) {
    await watcher.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${port}/`,
    close: async () => {
      clearTimeout(timer);
      for (const listener of listeners) listener.end();
      await watcher.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
