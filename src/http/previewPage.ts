/**
 * The template preview page (GET /preview): pick a template and a saved plan, render through
 * POST /api/templates/preview, see the PDF inline or the template's problems with file:line:column.
 * One static document: no external resources, the inline script and style allowed by their hashes
 * under a strict Content-Security-Policy; everything the server says is written with textContent.
 */
import { createHash } from 'node:crypto';

const STYLE = `
:root { color-scheme: light dark; --accent: #1f4e79; --error: #b3261e; --warning: #8a5a00; --line: #8884; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { padding: 12px 20px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0; font-size: 1.25rem; }
header p { margin: 2px 0 0; opacity: 0.75; }
main { display: grid; grid-template-columns: minmax(260px, 340px) 1fr; gap: 20px; padding: 20px; }
@media (max-width: 800px) { main { grid-template-columns: 1fr; } }
form { display: flex; flex-direction: column; gap: 14px; }
label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
label small { font-weight: 400; opacity: 0.75; }
input, select, button { font: inherit; }
input[type="text"], input[type="password"], select { padding: 6px 8px; border: 1px solid var(--line); border-radius: 4px; }
button { padding: 8px 14px; border: 0; border-radius: 4px; background: var(--accent); color: #fff; font-weight: 600; cursor: pointer; }
button:disabled { opacity: 0.6; cursor: progress; }
details summary { cursor: pointer; }
#status { min-height: 1.4em; margin: 0; }
#problems { border-left: 4px solid var(--error); padding: 4px 14px; }
#problems h2 { color: var(--error); }
#warnings { border-left: 4px solid var(--warning); padding: 4px 14px; }
h2 { font-size: 1.05rem; margin: 8px 0; }
ul { padding-left: 1.2em; }
li { margin: 4px 0; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
#pdf-view { width: 100%; height: 80vh; border: 1px solid var(--line); }
#json-view { max-height: 80vh; overflow: auto; padding: 12px; border: 1px solid var(--line); font: 13px/1.4 ui-monospace, monospace; }
#result-heading { display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
`;

const SCRIPT = `
'use strict';
const form = document.getElementById('preview-form');
const button = document.getElementById('render');
const statusLine = document.getElementById('status');
const problems = document.getElementById('problems');
const problemSummary = document.getElementById('problem-summary');
const problemList = document.getElementById('problem-list');
const warnings = document.getElementById('warnings');
const warningList = document.getElementById('warning-list');
const result = document.getElementById('result');
const resultName = document.getElementById('result-name');
const download = document.getElementById('download');
const pdfView = document.getElementById('pdf-view');
const jsonView = document.getElementById('json-view');
const docxNote = document.getElementById('docx-note');
// Relative to this page, so the page works behind a path prefix too.
const endpoint = location.pathname.replace(/\\/preview\\/?$/, '') + '/api/templates/preview';
let objectUrl = null;

function fill(list, items, line) {
  list.replaceChildren(...items.map((item) => {
    const entry = document.createElement('li');
    line(entry, item);
    return entry;
  }));
}

function reset() {
  if (objectUrl) URL.revokeObjectURL(objectUrl);
  objectUrl = null;
  for (const section of [problems, warnings, result, pdfView, jsonView, docxNote]) section.hidden = true;
  pdfView.removeAttribute('src');
  jsonView.textContent = '';
}

function showProblems(body) {
  problemSummary.textContent = body.error || 'The preview failed.';
  fill(problemList, Array.isArray(body.details) ? body.details : [], (entry, detail) => {
    const where = document.createElement('code');
    where.textContent = String(detail.path);
    entry.append(where, ': ' + String(detail.message));
  });
  problems.hidden = false;
}

function filenameOf(response, fallback) {
  const header = response.headers.get('Content-Disposition') || '';
  const encoded = /filename\\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try { return decodeURIComponent(encoded[1]); } catch { /* fall through to the plain name */ }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain ? plain[1] : fallback;
}

function warningsOf(response) {
  try {
    const list = JSON.parse(decodeURIComponent(response.headers.get('X-Export-Warnings') || '%5B%5D'));
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

async function showResult(response, format) {
  const blob = await response.blob();
  objectUrl = URL.createObjectURL(blob);
  const name = filenameOf(response, 'preview.' + format);
  const pages = response.headers.get('X-Page-Count');
  resultName.textContent = pages ? name + ' (' + pages + (pages === '1' ? ' page)' : ' pages)') : name;
  download.href = objectUrl;
  download.download = name;
  if (blob.type === 'application/pdf') {
    pdfView.src = objectUrl;
    pdfView.hidden = false;
  } else if (blob.type === 'application/json') {
    jsonView.textContent = JSON.stringify(JSON.parse(await blob.text()), null, 2);
    jsonView.hidden = false;
  } else {
    docxNote.hidden = false;
  }
  const found = warningsOf(response);
  fill(warningList, found, (entry, warning) => { entry.textContent = warning; });
  warnings.hidden = found.length === 0;
  result.hidden = false;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const plan = form.elements.plan.files[0];
  const template = form.elements.template.files[0];
  const format = form.elements.format.value;
  const token = form.elements.token.value.trim().replace(/^Bearer\\s+/i, '');
  reset();
  if (!plan) {
    showProblems({ error: 'Choose a plan file (JSON) first.', details: [] });
    return;
  }
  const data = new FormData();
  data.append('format', format);
  if (template) data.append('template', template);
  data.append('plan', plan);
  button.disabled = true;
  statusLine.textContent = 'Rendering ' + format.toUpperCase() + '…';
  const started = performance.now();
  try {
    const response = await fetch(endpoint, { method: 'POST', body: data, headers: token ? { Authorization: 'Bearer ' + token } : {} });
    if (response.ok) {
      await showResult(response, format);
      statusLine.textContent = 'Rendered in ' + ((performance.now() - started) / 1000).toFixed(1) + ' s.';
    } else {
      let body;
      try { body = await response.json(); } catch { body = { error: 'The service answered ' + response.status + ' ' + response.statusText + '.', details: [] }; }
      showProblems(body);
      statusLine.textContent = '';
    }
  } catch (error) {
    showProblems({ error: 'The service could not be reached: ' + error.message, details: [] });
    statusLine.textContent = '';
  } finally {
    button.disabled = false;
  }
});
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * Nothing remote, nothing inline but this page's own script and style; the rendered file is shown
 * from a blob: URL the page creates itself.
 */
export const PREVIEW_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "connect-src 'self'",
  'frame-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const PREVIEW_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Template preview · dmp-file-transformer</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Template preview</h1>
  <p>Render a saved plan with a layout template before you upload it to the planning service.</p>
</header>
<main>
  <form id="preview-form">
    <label>Template
      <input type="file" name="template" id="template" accept=".zip,.hbs,.handlebars,.docx">
      <small>A bundle (.zip), a layout (.hbs) or a Word shell (.docx). None: the built-in layout.</small>
    </label>
    <label>Plan
      <input type="file" name="plan" id="plan" accept=".json,application/json" required>
      <small>A plan or description as JSON (see <code>dmp-transform fixtures</code> for samples).</small>
    </label>
    <label>Format
      <select name="format" id="format">
        <option value="pdf" selected>PDF</option>
        <option value="docx">DOCX</option>
        <option value="json">RDA JSON</option>
      </select>
    </label>
    <details>
      <summary>Access token</summary>
      <label>Bearer token
        <input type="password" name="token" id="token" autocomplete="off" spellcheck="false">
        <small>Needed when the service requires authentication; sent only to this service, never stored.</small>
      </label>
    </details>
    <button type="submit" id="render">Render</button>
    <p id="status" role="status" aria-live="polite"></p>
  </form>
  <div>
    <section id="problems" hidden aria-labelledby="problems-heading">
      <h2 id="problems-heading">Could not render</h2>
      <p id="problem-summary"></p>
      <ul id="problem-list"></ul>
    </section>
    <section id="result" hidden aria-labelledby="result-name">
      <div id="result-heading"><h2 id="result-name"></h2><a id="download" href="#">Download</a></div>
      <section id="warnings" hidden>
        <h2>Warnings</h2>
        <ul id="warning-list"></ul>
      </section>
      <iframe id="pdf-view" title="Rendered PDF" hidden></iframe>
      <pre id="json-view" hidden></pre>
      <p id="docx-note" hidden>Browsers cannot show Word documents; download it to open it.</p>
    </section>
  </div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
