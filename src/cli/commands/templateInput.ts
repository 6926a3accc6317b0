/**
 * The template a designer names on the command line -> the upload the service would get, and the
 * way back from the service's problem paths to files the designer can open:
 *
 *   my-template/   a bundle directory, zipped in memory as an admin would zip it
 *   bundle.zip     a bundle
 *   layout.hbs     a single-file layout template
 *   shell.docx     a Word shell template
 */
import fs from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { ExportContext } from '../../formats/types';
import { ServiceError, type ErrorDetail } from '../../errors';
import {
  BUNDLE_LIMITS,
  readBundle,
  singleFileSource,
  sourceFromEntries,
  type TemplateSource,
} from '../../templates/bundle';
import { templateProblems, templateWarnings } from '../../templates/compile';
import { MANIFEST_FILE } from '../../templates/manifest';
import type { TemplateProblem } from '../../templates/problems';
import { CliError, jsonPointerPosition, type Diagnostic, type Severity, type TextPosition } from './diagnostics';

export type TemplateKind = 'directory' | 'bundle' | 'single' | 'word';

type Upload = NonNullable<ExportContext['templateOverride']>;

const MB = 1024 * 1024;

function kindOfFile(file: string): TemplateKind {
  const lower = file.toLowerCase();
  if (lower.endsWith('.zip')) return 'bundle';
  if (lower.endsWith('.hbs') || lower.endsWith('.handlebars')) return 'single';
  if (lower.endsWith('.docx')) return 'word';
  throw new CliError(
    `${file} is not a template: give a bundle directory, a .zip bundle, a .hbs layout or a Word .docx shell.`,
  );
}

/**
 * The name a folder is uploaded under: its own name, so messages name the folder; a name that
 * looks like another kind of template ("x.docx/") gets ".zip" so the service reads it as a bundle.
 */
function uploadNameOf(folder: string): string {
  const name = path.basename(path.resolve(folder));
  return /\.(?:docx|hbs|handlebars)$/i.test(name) ? `${name}.zip` : name;
}

/** Hidden files and folders (.git, .DS_Store, editor swap files) are not part of a template. */
const isHidden = (relative: string) => relative.split('/').some((segment) => segment.startsWith('.'));

/** A bundle directory's files, bounded like an upload, by path relative to the directory ("partials/q.hbs"). */
function readDirectory(root: string): [string, Uint8Array][] {
  const files: [string, Uint8Array][] = [];
  let total = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (isHidden(relative)) continue;
    // A symbolic link counts as what it points to, as zip tools store it.
    if (!(entry.isFile() || (entry.isSymbolicLink() && fs.statSync(full, { throwIfNoEntry: false })?.isFile())))
      continue;
    if (files.length === BUNDLE_LIMITS.maxEntries)
      throw new CliError(
        `${root} holds more than ${BUNDLE_LIMITS.maxEntries} files; a template may have at most that many.`,
      );
    const bytes = new Uint8Array(fs.readFileSync(full));
    total += bytes.length;
    if (total > BUNDLE_LIMITS.maxUnpackedBytes)
      throw new CliError(
        `${root} holds more than ${BUNDLE_LIMITS.maxUnpackedBytes / MB} MB; a template may unpack to at most that much.`,
      );
    files.push([relative, bytes]);
  }
  return files;
}

/** Where a pointer lies in the manifest, or where its nearest written parent does (a rule a preset sets). */
function nearestPosition(text: string, pointer: string): TextPosition | null {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    const position = jsonPointerPosition(text, at);
    if (position || at === '') return position;
  }
}

export class TemplateInput {
  private staticCheck: { source: TemplateSource | null; problems: TemplateProblem[] } | undefined;

  private constructor(
    /** The path as the designer gave it; problem locations are built from it. */
    readonly path: string,
    readonly kind: TemplateKind,
    /** What an admin would upload in the planning service. */
    readonly upload: Upload,
    private readonly directoryFiles: [string, Uint8Array][] | null,
  ) {}

  /** Reads the template now (a watcher reads it again on every change). */
  static read(templatePath: string): TemplateInput {
    const stat = fs.statSync(templatePath, { throwIfNoEntry: false });
    if (!stat) throw new CliError(`There is no template at ${templatePath}.`);
    if (stat.isDirectory()) {
      const files = readDirectory(templatePath);
      const bytes = zipSync(Object.fromEntries(files));
      return new TemplateInput(templatePath, 'directory', { filename: uploadNameOf(templatePath), bytes }, files);
    }
    const kind = kindOfFile(templatePath);
    // Larger than any upload the service accepts: refused before it is read.
    if (stat.size > BUNDLE_LIMITS.maxBundleBytes)
      throw new CliError(
        `${templatePath} is larger than ${BUNDLE_LIMITS.maxBundleBytes / MB} MB, the largest template the service accepts.`,
      );
    const bytes = new Uint8Array(fs.readFileSync(templatePath));
    return new TemplateInput(templatePath, kind, { filename: path.basename(templatePath), bytes }, null);
  }

  /**
   * Everything found without rendering: file names and sizes, manifest, syntax, helpers, partials,
   * assets, label keys. A Word shell has no such checks; rendering tells.
   */
  staticProblems(): TemplateProblem[] {
    const { source, problems } = this.read();
    return source ? [...problems, ...templateProblems(source)] : problems;
  }

  /** Data the template reads that the context does not have (errors instead, among staticProblems, when strict). */
  staticWarnings(): Diagnostic[] {
    const { source } = this.read();
    return source ? templateWarnings(source).map((problem) => this.diagnostic(problem, 'warning')) : [];
  }

  private read() {
    this.staticCheck ??= ((): { source: TemplateSource | null; problems: TemplateProblem[] } => {
      switch (this.kind) {
        case 'directory':
          return sourceFromEntries(this.path, this.directoryFiles!);
        case 'bundle':
          try {
            return readBundle(this.upload.bytes, this.path);
          } catch (error) {
            if (!(error instanceof ServiceError)) throw error;
            return { source: null, problems: error.details.map((detail) => ({ file: '', message: detail.message })) };
          }
        case 'single':
          if (this.upload.bytes.length > BUNDLE_LIMITS.maxTextFileBytes) {
            return {
              source: null,
              problems: [{ file: '', message: `the file is larger than ${BUNDLE_LIMITS.maxTextFileBytes / MB} MB` }],
            };
          }
          return { source: singleFileSource(this.path, this.upload.filename, this.upload.bytes), problems: [] };
        case 'word':
          return { source: null, problems: [] };
      }
    })();
    return this.staticCheck;
  }

  /** Where a file of the template is, for the designer: on disk for a directory, inside the archive for a bundle. */
  location(file: string): string {
    if (!file || this.kind === 'single' || this.kind === 'word') return this.path;
    return this.kind === 'directory' ? path.join(this.path, file) : file;
  }

  diagnostic(problem: TemplateProblem, severity: Severity = 'error'): Diagnostic {
    let position: TextPosition | null | undefined =
      problem.line === undefined ? undefined : { line: problem.line, column: problem.column ?? 1 };
    let message = problem.message;
    if (problem.pointer !== undefined) {
      const manifest = this.read().source?.files.get(MANIFEST_FILE);
      position ??= manifest ? nearestPosition(new TextDecoder().decode(manifest), problem.pointer) : null;
      if (problem.pointer) message = `${problem.pointer} ${message}`;
    }
    return { location: this.location(problem.file), ...position, severity, message };
  }

  /**
   * An export warning that names a place in this template (`t.zip:partials/q.hbs:3:7: unknown
   * data …`, `t.zip:template.json#/compliance/maxPages: …`) -> a located warning; null for others.
   */
  warningDiagnostic(warning: string): Diagnostic | null {
    const origin = this.upload.filename;
    if (!warning.startsWith(`${origin}:`)) return null;
    const end = warning.indexOf(': ', origin.length + 1);
    if (end === -1) return null;
    const problem = this.problemOf({ path: warning.slice(0, end), message: warning.slice(end + 2) });
    return problem && this.diagnostic(problem, 'warning');
  }

  /**
   * A detail of a service error back to a template problem, when it is about this template (the
   * service names the uploaded file): `t.zip:partials/q.hbs:12:5`, `t.zip:template.json#/theme`, `t.zip`.
   */
  problemOf(detail: ErrorDetail): TemplateProblem | null {
    const origin = this.upload.filename;
    if (detail.path === origin) return { file: '', message: detail.message };
    if (!detail.path.startsWith(`${origin}:`)) return null;
    const rest = detail.path.slice(origin.length + 1);
    const pointer = /^(.*?)#(.*)$/.exec(rest);
    if (pointer) return { file: pointer[1], pointer: pointer[2], message: detail.message };
    const located = /^(.*):(\d+):(\d+)$/.exec(rest);
    if (located)
      return { file: located[1], line: Number(located[2]), column: Number(located[3]), message: detail.message };
    return { file: rest, message: detail.message };
  }
}
