/**
 * Word strictness without Word: the WordprocessingML parts of a .docx validated by xmllint against
 * the ECMA-376 transitional schemas (vendor/ecma-376), after Markup Compatibility processing as a
 * consumer that understands exactly those schemas' namespaces (./markupCompatibility.ts).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import JSZip from 'jszip';
import { applyMarkupCompatibility } from './markupCompatibility';

const VENDOR = resolve(__dirname, '../../vendor/ecma-376');
const ENTRY_SCHEMA = resolve(__dirname, 'schema/word.xsd');

/** The namespaces the vendored schemas define: what a strict consumer understands. */
export const SCHEMA_NAMESPACES: ReadonlySet<string> = new Set(
  readdirSync(VENDOR)
    .filter((file) => file.endsWith('.xsd'))
    .map((file) => /targetNamespace="([^"]+)"/.exec(readFileSync(join(VENDOR, file), 'utf8'))?.[1])
    .filter((namespace): namespace is string => namespace !== undefined),
);

/** The parts checked: the body, its styles and lists, every header and footer, and the rest of Word's own parts. */
export const VALIDATED_PARTS =
  /^word\/(document|styles|numbering|header\d*|footer\d*|settings|fontTable|footnotes|endnotes)\.xml$/;

/** Prefixes for the namespaces xmllint spells out in full, so complaints read as the XML does. */
const PREFIXES: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing': 'wp',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://schemas.microsoft.com/office/word/2010/wordml': 'w14',
};

export interface WordSchemaReport {
  /** "plan-full.docx word/document.xml", for every part validated. */
  parts: string[];
  /** The schema's complaints, each prefixed with the file and part; none when all are valid. */
  errors: string[];
}

/**
 * Validates the WordprocessingML parts of each named .docx: complaints read
 * "plan-full.docx word/document.xml: element pStyle: Schemas validity error : Element 'w:pStyle': ...".
 */
export async function validateWordParts(files: Record<string, Uint8Array>): Promise<WordSchemaReport> {
  const folder = await mkdtemp(join(tmpdir(), 'word-schema-'));
  try {
    const paths: string[] = [];
    const parts: string[] = [];
    const problems: string[] = [];
    for (const [name, bytes] of Object.entries(files)) {
      const zip = await JSZip.loadAsync(bytes);
      const wordParts = Object.keys(zip.files).filter((part) => VALIDATED_PARTS.test(part));
      if (!wordParts.includes('word/document.xml')) problems.push(`${name}: no word/document.xml`);
      for (const part of wordParts) {
        const path = join(folder, name, part);
        try {
          const xml = applyMarkupCompatibility(await zip.files[part].async('string'), SCHEMA_NAMESPACES);
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, xml);
          paths.push(path);
          parts.push(`${name} ${part}`);
        } catch (error) {
          problems.push(`${name} ${part}: ${(error as Error).message}`);
        }
      }
    }
    if (paths.length === 0) return { parts, errors: problems };
    const report = await xmllint(paths);
    const complaints = report
      .split('\n')
      .filter((line) => /error/i.test(line))
      .map((line) =>
        line
          .replace(`${folder}/`, '')
          .replace(/^([^/]+)\/(\S+?):\d+: /, '$1 $2: ')
          .replace(/\{([^}]+)\}/g, (whole, namespace: string) =>
            PREFIXES[namespace] ? `${PREFIXES[namespace]}:` : whole,
          ),
      );
    return { parts, errors: [...problems, ...complaints] };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** xmllint's report on the files (its stderr); it exits 3 when a file is invalid, which is a report too. */
function xmllint(paths: string[]): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      'xmllint',
      ['--noout', '--nonet', '--schema', ENTRY_SCHEMA, ...paths],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        if (error && code !== 3) reject(new Error(`xmllint failed (${String(code)}): ${stderr || error.message}`));
        else resolvePromise(stderr);
      },
    );
  });
}
