/**
 * The studio page: the rendered document (PDF in the browser's viewer, HTML and DOCX drawn in the
 * page, Markdown, text and JSON as text), the plan and format pickers, the template's problems
 * with links to the file and line, the plan's own warnings apart, and the template context as a
 * searchable tree. It re-renders when the server says a file changed (server-sent events).
 * One static document: nothing remote, its script and style allowed by hash; everything the
 * server says is written with textContent.
 */
import { createHash } from 'node:crypto';

const STYLE = `
:root { color-scheme: light dark; --accent: #1f4e79; --error: #b3261e; --warning: #8a5a00; --line: #8884; --muted: #8888; }
* { box-sizing: border-box; }
html, body { height: 100%; }
body { margin: 0; display: flex; flex-direction: column; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { display: flex; flex-wrap: wrap; gap: 8px 18px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--line); }
header h1 { margin: 0; font-size: 1.1rem; }
#template-name { font-family: ui-monospace, monospace; opacity: 0.8; }
header label { display: flex; gap: 6px; align-items: center; font-weight: 600; }
select, input { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 4px; }
#status { margin-left: auto; opacity: 0.8; }
#status.busy::before { content: "\\25CF  "; color: var(--accent); }
main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(300px, 28%) 1fr; }
aside { display: flex; flex-direction: column; min-height: 0; border-right: 1px solid var(--line); }
aside section { padding: 8px 14px; overflow: auto; }
#problems-panel { flex: 0 0 auto; max-height: 45%; border-bottom: 1px solid var(--line); }
#data-panel { flex: 1 1 auto; min-height: 0; }
h2 { font-size: 0.95rem; margin: 4px 0 8px; }
ul { padding-left: 1.1em; margin: 4px 0; }
li { margin: 3px 0; }
.error { color: var(--error); }
.warning { color: var(--warning); }
.where { font: 12px/1.4 ui-monospace, monospace; overflow-wrap: anywhere; }
#failure { color: var(--error); font-weight: 600; }
#plan-warnings summary { cursor: pointer; opacity: 0.8; }
#plan-warnings p { opacity: 0.7; margin: 4px 0; }
#document { display: flex; flex-direction: column; min-height: 0; }
#document-bar { display: flex; gap: 14px; align-items: baseline; padding: 6px 14px; border-bottom: 1px solid var(--line); }
#document-name { font-weight: 600; }
.view { flex: 1; width: 100%; min-height: 0; border: 0; }
#html-view, #docx-view { background: #fff; }
#text-view { margin: 0; padding: 12px 16px; overflow: auto; font: 13px/1.45 ui-monospace, monospace; white-space: pre-wrap; }
#data-search { width: 100%; margin-bottom: 6px; }
#data-tree ul { list-style: none; padding-left: 14px; }
#data-tree > ul { padding-left: 0; }
#data-tree summary { cursor: pointer; }
.key { font-family: ui-monospace, monospace; }
.type { opacity: 0.6; font-size: 12px; }
.value { font-family: ui-monospace, monospace; opacity: 0.85; overflow-wrap: anywhere; }
.hit > .key, .hit > summary > .key { background: #ffd54f66; }
`;

const SCRIPT = `
'use strict';
const $ = (id) => document.getElementById(id);
const planSelect = $('plan');
const formatSelect = $('format');
const statusLine = $('status');
const views = { pdf: $('pdf-view'), html: $('html-view'), docx: $('docx-view'), text: $('text-view') };
let generation = 0;
let dataGeneration = 0;

function params() {
  const query = new URLSearchParams(location.search);
  return { plan: query.get('plan'), format: query.get('format') };
}

function choose(select, value) {
  if (value && [...select.options].some((option) => option.value === value)) select.value = value;
}

function remember() {
  const query = new URLSearchParams(location.search);
  query.set('plan', planSelect.value);
  query.set('format', formatSelect.value);
  history.replaceState(null, '', '?' + query.toString());
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function showProblems(render) {
  const list = $('problem-list');
  list.replaceChildren(...render.problems.map((problem) => {
    const entry = element('li', problem.severity);
    const where = problem.source ? element('a', 'where', problem.place) : element('span', 'where', problem.place);
    if (problem.source) { where.href = problem.source; where.target = '_blank'; where.rel = 'noopener'; }
    entry.append(where, document.createElement('br'), element('span', '', problem.severity + ': ' + problem.message));
    return entry;
  }));
  const errors = render.problems.filter((p) => p.severity === 'error').length;
  const warnings = render.problems.length - errors;
  const plural = (n, word) => n + ' ' + word + (n === 1 ? '' : 's');
  $('problem-summary').textContent = plural(errors, 'error') + ', ' + plural(warnings, 'warning') + ' in the template';
  $('failure').textContent = render.failure ? 'Nothing rendered: ' + render.failure : '';
  const fromPlan = $('plan-warnings');
  $('plan-warning-count').textContent = String(render.planWarnings.length);
  $('plan-warning-list').replaceChildren(...render.planWarnings.map((warning) => element('li', '', warning)));
  fromPlan.hidden = render.planWarnings.length === 0;
}

let shownKey = null;

async function showDocument(render) {
  const key = render.plan + '|' + render.format;
  const output = render.output;
  // A save re-renders what is being read: keep the place in it.
  let place = 0;
  const previous = output && views[output.view];
  if (key === shownKey && previous && !previous.hidden) {
    try { place = previous.tagName === 'PRE' ? previous.scrollTop : previous.contentWindow.scrollY; } catch { place = 0; }
  }
  shownKey = key;
  for (const view of Object.values(views)) view.hidden = true;
  $('document-name').textContent = output ? output.filename + (render.pages ? ' (' + render.pages + (render.pages === 1 ? ' page)' : ' pages)') : '') : '';
  const download = $('download');
  download.hidden = !output;
  if (!output) return;
  download.href = output.url;
  download.download = output.filename;
  const view = views[output.view];
  if (output.view === 'text') {
    view.textContent = await (await fetch(output.viewUrl)).text();
    view.hidden = false;
    view.scrollTop = place;
    return;
  }
  view.onload = () => { try { view.contentWindow.scrollTo(0, place); } catch { /* the PDF viewer keeps its own place */ } };
  view.src = output.viewUrl;
  view.hidden = false;
}

async function render() {
  const mine = ++generation;
  statusLine.className = 'busy';
  statusLine.textContent = 'Rendering ' + formatSelect.value.toUpperCase() + '…';
  try {
    const query = new URLSearchParams({ plan: planSelect.value, format: formatSelect.value });
    const response = await fetch('api/render?' + query.toString());
    const result = await response.json();
    if (mine !== generation) return;
    if (!response.ok) throw new Error(result.error || response.statusText);
    showProblems(result);
    await showDocument(result);
    if (mine !== generation) return;
    statusLine.className = '';
    statusLine.textContent = (result.output ? 'Rendered' : 'Failed') + ' at ' + new Date().toLocaleTimeString() + ' in ' + result.seconds.toFixed(1) + ' s';
  } catch (error) {
    if (mine !== generation) return;
    statusLine.className = '';
    statusLine.textContent = 'The studio could not render: ' + error.message;
  }
}

function describe(value) {
  if (Array.isArray(value)) return 'list · ' + value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length + ' keys';
  return '';
}

function tree(value, path, depth) {
  const list = document.createElement('ul');
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
  for (const [key, inner] of entries) {
    const itemPath = Array.isArray(value) ? path + '[' + key + ']' : (path ? path + '.' + key : key);
    const entry = document.createElement('li');
    entry.dataset.path = itemPath;
    entry.title = itemPath;
    if (inner !== null && typeof inner === 'object') {
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.append(element('span', 'key', Array.isArray(value) ? '[' + key + ']' : key), ' ', element('span', 'type', describe(inner)));
      details.append(summary, tree(inner, itemPath, depth + 1));
      details.open = depth === 0 && key === 'plan';
      entry.append(details);
    } else {
      entry.dataset.value = JSON.stringify(inner);
      entry.append(element('span', 'key', Array.isArray(value) ? '[' + key + ']' : key), ': ', element('span', 'value', JSON.stringify(inner)));
    }
    list.append(entry);
  }
  return list;
}

function filterTree(list, query) {
  let any = false;
  for (const entry of list.children) {
    const details = entry.querySelector(':scope > details');
    const own = entry.dataset.path.toLowerCase().includes(query) || (entry.dataset.value || '').toLowerCase().includes(query);
    const inner = details ? filterTree(details.querySelector(':scope > ul'), query) : false;
    const shown = !query || own || inner;
    entry.hidden = !shown;
    entry.classList.toggle('hit', Boolean(query) && own);
    if (details && query) details.open = inner;
    any = any || shown;
  }
  return any;
}

async function loadData() {
  const mine = ++dataGeneration;
  const response = await fetch('api/data?' + new URLSearchParams({ plan: planSelect.value }).toString());
  const result = await response.json();
  if (mine !== dataGeneration) return;
  const holder = $('data-tree');
  if (!response.ok) {
    holder.replaceChildren(element('p', 'error', result.error || 'The data could not be read.'));
    return;
  }
  holder.replaceChildren(tree(result.context, '', 0));
  const query = $('data-search').value.trim().toLowerCase();
  if (query) filterTree(holder.firstElementChild, query);
}

async function start() {
  const state = await (await fetch('api/state')).json();
  $('template-name').textContent = state.template;
  planSelect.replaceChildren(...state.plans.map((plan) => {
    const option = element('option', '', plan.label + ' (' + (plan.sample ? 'sample ' : '') + plan.entity + ')');
    option.value = plan.id;
    return option;
  }));
  formatSelect.replaceChildren(...state.formats.map((format) => {
    const option = element('option', '', format.label);
    option.value = format.id;
    return option;
  }));
  const wanted = params();
  choose(planSelect, wanted.plan);
  choose(formatSelect, wanted.format || 'pdf');
  remember();
  planSelect.addEventListener('change', () => { remember(); render(); loadData(); });
  formatSelect.addEventListener('change', () => { remember(); render(); });
  $('data-search').addEventListener('input', (event) => {
    const list = $('data-tree').firstElementChild;
    if (list) filterTree(list, event.target.value.trim().toLowerCase());
  });
  const events = new EventSource('events');
  events.addEventListener('change', () => { render(); loadData(); });
  await Promise.all([render(), loadData()]);
}

start().catch((error) => { statusLine.textContent = 'The studio could not start: ' + error.message; });
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Nothing remote; frames and requests only to the studio itself. */
export const STUDIO_PAGE_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "connect-src 'self'",
  "frame-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const STUDIO_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Template studio · dmp-transform</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Template studio</h1>
  <span id="template-name"></span>
  <label>Plan <select id="plan"></select></label>
  <label>Format <select id="format"></select></label>
  <span id="status" role="status" aria-live="polite"></span>
</header>
<main>
  <aside>
    <section id="problems-panel" aria-labelledby="problem-summary">
      <h2 id="problem-summary">Problems</h2>
      <p id="failure"></p>
      <ul id="problem-list"></ul>
      <details id="plan-warnings" hidden>
        <summary>From the plan itself (<span id="plan-warning-count">0</span>)</summary>
        <p>The plan warns about these with any template, the built-in one too: they are not the template's doing.</p>
        <ul id="plan-warning-list"></ul>
      </details>
    </section>
    <section id="data-panel" aria-labelledby="data-heading">
      <h2 id="data-heading">The data this template receives</h2>
      <input type="search" id="data-search" placeholder="Search names and values, e.g. title" spellcheck="false">
      <div id="data-tree"></div>
    </section>
  </aside>
  <section id="document" aria-label="Rendered document">
    <div id="document-bar"><span id="document-name"></span><a id="download" hidden>Download</a></div>
    <iframe id="pdf-view" class="view" title="Rendered PDF" hidden></iframe>
    <iframe id="html-view" class="view" title="Rendered HTML" sandbox="allow-same-origin" hidden></iframe>
    <iframe id="docx-view" class="view" title="Rendered DOCX, drawn as HTML" sandbox="allow-same-origin" hidden></iframe>
    <pre id="text-view" class="view" hidden></pre>
  </section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;

const SOURCE_STYLE = `
body { margin: 0; font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
h1 { font: 600 15px system-ui, sans-serif; margin: 0; padding: 10px 16px; border-bottom: 1px solid #8884; }
ol { margin: 0; padding: 8px 0 8px 4.5em; }
li { white-space: pre-wrap; padding-left: 8px; }
li.at { background: #ffd54f66; }
`;

export const SOURCE_PAGE_CSP = ["default-src 'none'", `style-src ${hash(SOURCE_STYLE)}`, "base-uri 'none'"].join('; ');

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A template file with line numbers, the problem's line marked and scrolled to (#L12). */
export function sourcePage(file: string, text: string, line: number | null): string {
  const lines = text
    .split('\n')
    .map((content, i) => `<li id="L${i + 1}"${i + 1 === line ? ' class="at"' : ''}>${escapeHtml(content) || ' '}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(file)}</title><style>${SOURCE_STYLE}</style></head>
<body><h1>${escapeHtml(file)}${line ? `:${line}` : ''}</h1><ol>
${lines}
</ol></body></html>
`;
}
