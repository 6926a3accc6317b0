/**
 * Template source -> compiled layout, or every problem found, each with file, line and column.
 * The built-in default layout (templates/default/) is compiled once per process and underlies
 * every uploaded template: entries and partials an upload does not provide come from it, so a
 * funder template can be just a manifest, a logo and one partial.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { analyzeTemplate, type AnalysisScope, type FileAnalysis } from './analyze';
import { ASSETS_FOLDER, PARTIALS_FOLDER, sourceFromEntries, sourceSize, type TemplateSource } from './bundle';
import { COMPILE_OPTIONS, handlebars, parseTemplate } from './engine';
import { LruCache } from '../lru';
import { MANIFEST_FILE, parseManifest, type TemplateManifest } from './manifest';
import { templateError, type SourcePosition, type TemplateProblem } from './problems';
import { unknownDataProblems, type LayoutSyntax } from './unknownData';

export interface CompiledTemplate {
  /** Path inside its template, for error messages. */
  file: string;
  render: HandlebarsTemplateDelegate;
  /** Where each statically named partial is first included. */
  partialCalls: ReadonlyMap<string, SourcePosition>;
  /** Where each `{{pageBreak}}` is written. */
  pageBreakCalls: readonly SourcePosition[];
}

export interface CompiledLayout {
  /** Names the template in errors: the configuration field code, or "default layout". */
  origin: string;
  /** The built-in layout: a failure in it is our bug (500), not the admin's (400). */
  builtIn: boolean;
  manifest: TemplateManifest;
  plan: CompiledTemplate;
  description: CompiledTemplate;
  partials: ReadonlyMap<string, CompiledTemplate>;
  assets: ReadonlyMap<string, Uint8Array>;
  /** Data the template's own files read that the context does not have (unknownData.ts); errors instead when strict. */
  dataWarnings: readonly TemplateProblem[];
}

/** A compiled layout before it is told which configuration field it came from. */
export type LayoutCore = Omit<CompiledLayout, 'origin'>;

const DEFAULT_FOLDER = path.join(PROJECT_ROOT, 'templates', 'default');
const DEFAULT_ORIGIN = 'default layout';
const PLAN_ENTRY = 'plan.hbs';
const DESCRIPTION_ENTRY = 'description.hbs';

const utf8 = new TextDecoder('utf-8', { fatal: true });

interface PreparedFile {
  file: string;
  text: string;
  ast: hbs.AST.Program;
}

interface Prepared {
  problems: TemplateProblem[];
  /** Unknown data; among the problems instead when the manifest asks for strict. */
  warnings: TemplateProblem[];
  syntax: LayoutSyntax;
  manifest: TemplateManifest;
  entries: { plan: PreparedFile | null; description: PreparedFile | null };
  partials: Map<string, PreparedFile>;
  assets: Map<string, Uint8Array>;
  analyses: Map<string, Pick<FileAnalysis, 'partialCalls' | 'pageBreaks'>>;
}

function decode(file: string, bytes: Uint8Array, problems: TemplateProblem[]): string | null {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    problems.push({ file, message: 'the file is not UTF-8 text' });
    return null;
  }
}

function parseFile(file: string, bytes: Uint8Array, problems: TemplateProblem[]): PreparedFile | null {
  const text = decode(file, bytes, problems);
  if (text === null) return null;
  const parsed = parseTemplate(file, text);
  if ('problem' in parsed) {
    problems.push(parsed.problem);
    return null;
  }
  return { file, text, ast: parsed.ast };
}

const partialName = (file: string) => file.slice(PARTIALS_FOLDER.length, -'.hbs'.length);

/** Reads, parses and statically checks every file of a source; `base` supplies what it lacks. */
function prepare(source: TemplateSource, base: Base | null): Prepared {
  const problems: TemplateProblem[] = [];
  let manifest: TemplateManifest = { name: source.origin, version: '0.0.0' };
  const entries: Prepared['entries'] = { plan: null, description: null };
  const partials = new Map<string, PreparedFile>();
  const assets = new Map<string, Uint8Array>();

  if (source.kind === 'single') {
    const [[file, bytes]] = [...source.files];
    entries.plan = entries.description = parseFile(file, bytes, problems);
  } else {
    const manifestBytes = source.files.get(MANIFEST_FILE);
    if (manifestBytes) {
      const text = decode(MANIFEST_FILE, manifestBytes, problems);
      const parsed = text === null ? null : parseManifest(text);
      if (parsed) problems.push(...parsed.problems);
      if (parsed?.manifest) manifest = parsed.manifest;
    }
    const entryFiles = {
      plan: manifest.entries?.plan ?? PLAN_ENTRY,
      description: manifest.entries?.description ?? DESCRIPTION_ENTRY,
    };
    for (const [key, file] of Object.entries(entryFiles) as [keyof typeof entryFiles, string][]) {
      const bytes = source.files.get(file);
      if (bytes) entries[key] = parseFile(file, bytes, problems);
      else if (manifest.entries?.[key])
        problems.push({
          file: MANIFEST_FILE,
          pointer: `/entries/${key}`,
          message: `there is no file "${file}" in the bundle`,
        });
    }
    for (const [file, bytes] of source.files) {
      if (file.startsWith(PARTIALS_FOLDER)) {
        const prepared = parseFile(file, bytes, problems);
        if (prepared) partials.set(partialName(file), prepared);
      } else if (file.startsWith(ASSETS_FOLDER)) {
        assets.set(file.slice(ASSETS_FOLDER.length), bytes);
      } else if (
        file.endsWith('.hbs') &&
        !file.includes('/') &&
        file !== entryFiles.plan &&
        file !== entryFiles.description
      ) {
        problems.push({
          file,
          message: `not an entry: name it ${PLAN_ENTRY} or ${DESCRIPTION_ENTRY}, list it under "entries" in ${MANIFEST_FILE}, or move it to partials/`,
        });
      }
    }
  }

  const scope: AnalysisScope = {
    partials: new Set([...(base?.core.partials.keys() ?? []), ...partials.keys()]),
    assets: new Set(assets.keys()),
  };
  const analyses: Prepared['analyses'] = new Map();
  const own = new Set([entries.plan, entries.description, ...partials.values()]);
  for (const prepared of own) {
    if (!prepared) continue;
    const analysis = analyzeTemplate(prepared.file, prepared.ast, scope);
    problems.push(...analysis.problems);
    analyses.set(prepared.file, analysis);
  }
  if (!base && (!entries.plan || !entries.description)) {
    problems.push({ file: '', message: `the default layout needs both ${PLAN_ENTRY} and ${DESCRIPTION_ENTRY}` });
  }
  // What the template renders with: its own files, and the built-in ones it does not replace.
  const syntax: LayoutSyntax = {
    plan: entries.plan ?? base?.syntax.plan ?? null,
    description: entries.description ?? base?.syntax.description ?? null,
    partials: new Map([...(base?.syntax.partials ?? []), ...partials]),
  };
  const ownFiles = new Set([...own].flatMap((prepared) => (prepared ? [prepared.file] : [])));
  const warnings = unknownDataProblems(syntax, (file) => ownFiles.has(file));
  if (manifest.strict) problems.push(...warnings.splice(0));
  problems.sort(byPlace);
  warnings.sort(byPlace);
  return { problems, warnings, syntax, manifest, entries, partials, assets, analyses };
}

const byPlace = (a: TemplateProblem, b: TemplateProblem) =>
  a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);

/** What an uploaded template builds on: the built-in layout, compiled, and its parsed files. */
interface Base {
  core: LayoutCore;
  syntax: LayoutSyntax;
}

function compileFile(prepared: PreparedFile, analyses: Prepared['analyses']): CompiledTemplate {
  return {
    file: prepared.file,
    render: handlebars.compile(prepared.text, COMPILE_OPTIONS),
    partialCalls: analyses.get(prepared.file)?.partialCalls ?? new Map(),
    pageBreakCalls: analyses.get(prepared.file)?.pageBreaks ?? [],
  };
}

interface CompiledSource {
  core: LayoutCore | null;
  problems: TemplateProblem[];
  warnings: TemplateProblem[];
  syntax: LayoutSyntax;
}

function compileLayout(source: TemplateSource, baseLayout: Base | null): CompiledSource {
  const prepared = prepare(source, baseLayout);
  const { problems, warnings, syntax } = prepared;
  if (problems.length > 0) return { core: null, problems, warnings, syntax };
  const base = baseLayout?.core;
  const partials = new Map(base?.partials);
  for (const [name, file] of prepared.partials) partials.set(name, compileFile(file, prepared.analyses));
  const plan = prepared.entries.plan ? compileFile(prepared.entries.plan, prepared.analyses) : base!.plan;
  const description =
    prepared.entries.description === prepared.entries.plan && prepared.entries.plan
      ? plan
      : prepared.entries.description
        ? compileFile(prepared.entries.description, prepared.analyses)
        : base!.description;
  return {
    core: {
      builtIn: !base,
      manifest: prepared.manifest,
      plan,
      description,
      partials,
      assets: prepared.assets,
      dataWarnings: warnings,
    },
    problems: [],
    warnings,
    syntax,
  };
}

// ---- the default layout ----

let defaultBase: Base | undefined;

function readFolder(root: string): [string, Uint8Array][] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return [path.relative(root, full).split(path.sep).join('/'), new Uint8Array(fs.readFileSync(full))];
    });
}

/** The built-in layout (templates/default/) and its parsed files, compiled on first use. */
function builtIn(): Base {
  if (!defaultBase) {
    const { source, problems: read } = sourceFromEntries(DEFAULT_ORIGIN, readFolder(DEFAULT_FOLDER));
    const { core, problems, syntax } = compileLayout(source, null);
    if (!core || read.length > 0) throw templateError(DEFAULT_ORIGIN, [...read, ...problems], true);
    defaultBase = { core, syntax };
  }
  return defaultBase;
}

/** The built-in layout (templates/default/), compiled on first use. */
export function defaultLayout(): CompiledLayout {
  return { ...builtIn().core, origin: DEFAULT_ORIGIN };
}

// ---- uploaded templates ----

/**
 * Compiled templates by content hash: re-exports with the same template skip parsing and
 * compiling. A bundle may unpack to 50 MB, so the cache is bounded by bytes as well as entries
 * (with resolve.ts' cache of bundles, which shares most of those bytes: 200 MB at most).
 */
const cache = new LruCache<CompiledEntry>(32, { maxBytes: 100 * 1024 * 1024, sizeOf: (entry) => entry.sourceBytes });

interface CompiledEntry {
  core: LayoutCore | null;
  problems: TemplateProblem[];
  warnings: TemplateProblem[];
  /** The source's size, standing for what the entry keeps: its assets, and compiled code about as large as its text. */
  sourceBytes: number;
}

function sourceHash(source: TemplateSource): string {
  const hash = createHash('sha256').update(source.kind);
  for (const [file, bytes] of [...source.files].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\0${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** Every problem found compiling an uploaded template (nothing thrown): for the designer CLI and for `compileTemplate`. */
export function templateProblems(source: TemplateSource): TemplateProblem[] {
  return compiled(source).problems;
}

/** An uploaded template's warnings (unknown data), found compiling it; they do not stop it from rendering. */
export function templateWarnings(source: TemplateSource): TemplateProblem[] {
  return compiled(source).warnings;
}

function compiled(source: TemplateSource): CompiledEntry {
  const key = sourceHash(source);
  let entry = cache.get(key);
  if (!entry) {
    const { core, problems, warnings } = compileLayout(source, builtIn());
    entry = { core, problems, warnings, sourceBytes: sourceSize(source) };
    cache.set(key, entry);
  }
  return entry;
}

/** An uploaded template, compiled (cached by content); a broken one is a 400 listing every problem. */
export function compileTemplate(source: TemplateSource, readProblems: TemplateProblem[] = []): CompiledLayout {
  const { core, problems } = compiled(source);
  const all = [...readProblems, ...problems];
  if (!core || all.length > 0) throw templateError(source.origin, all);
  return { ...core, origin: source.origin };
}
