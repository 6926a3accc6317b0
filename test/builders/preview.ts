/** The real service for preview tests (startServer: the preview routes are wired there), plus template bundles. */
import type { AddressInfo } from 'node:net';
import { strToU8, zipSync } from 'fflate';
import { startServer } from '../../src/server';

export async function startPreviewServer(env: Record<string, string> = {}) {
  const started = await startServer({
    PORT: '0',
    LOG_LEVEL: 'error',
    EXPORT_WORKERS: '1',
    AUTH_DISABLED: 'true',
    ...env,
  });
  const { port } = started.server.address() as AddressInfo;
  return { server: started.server, url: `http://127.0.0.1:${port}`, stop: started.stop };
}

/** A template bundle as an admin uploads it: path inside the bundle -> text. */
export const bundle = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));

export const MARKED_TEMPLATE = bundle({
  'template.json': '{"name":"Marked","version":"1.0.0"}',
  'partials/cover.hbs': '<p class="title">PREVIEW-MARKER {{plan.title}}</p>{{pageBreak}}',
});

export const BROKEN_TEMPLATE = bundle({
  'template.json': '{"name":"Broken","version":"1.0.0"}',
  'partials/question.hbs': '<p>{{shout title}}</p>',
});
