/**
 * What the designer CLI reports, in the shape compilers use so editors and terminals can jump to
 * it: `partials/question.hbs:12:5: error: unknown helper "foo"`.
 */

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** A file path as the designer would open it, or the template / plan as a whole. */
  location: string;
  line?: number;
  column?: number;
  severity: Severity;
  message: string;
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
  const position = diagnostic.line === undefined ? '' : `:${diagnostic.line}:${diagnostic.column ?? 1}`;
  return `${diagnostic.location}${position}: ${diagnostic.severity}: ${diagnostic.message}`;
}

/** Formatted once per distinct line: the same problem found by several renders is one problem. */
export function uniqueLines(diagnostics: Diagnostic[]): string[] {
  return [...new Set(diagnostics.map(formatDiagnostic))];
}

/** A user-facing failure of the CLI itself (a missing file, a refused directory): message, exit 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export interface TextPosition {
  line: number;
  column: number;
}

/** 1-based line and column of a character offset. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Where a JSON pointer (as validators report it) lies in valid JSON text: the member's key for an
 * object member, the element for an array element. With duplicate keys the last one counts, as in
 * JSON.parse. Null when the pointer does not resolve.
 */
export function jsonPointerPosition(text: string, pointer: string): TextPosition | null {
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  let i = 0;
  const space = () => {
    while (i < text.length && WHITESPACE.has(text[i])) i++;
  };
  const skipString = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const skipValue = () => {
    space();
    if (text[i] === '"') return skipString();
    if (text[i] === '{' || text[i] === '[') {
      let depth = 0;
      do {
        const char = text[i];
        if (char === '"') {
          skipString();
          continue;
        }
        if (char === '{' || char === '[') depth++;
        else if (char === '}' || char === ']') depth--;
        i++;
      } while (depth > 0 && i < text.length);
      return;
    }
    while (i < text.length && !WHITESPACE.has(text[i]) && text[i] !== ',' && text[i] !== '}' && text[i] !== ']') i++;
  };

  space();
  let target = i;
  for (const segment of segments) {
    if (text[i] === '{') {
      i++;
      let match: { key: number; value: number } | null = null;
      for (;;) {
        space();
        if (text[i] !== '"') break;
        const keyStart = i;
        skipString();
        const key = JSON.parse(text.slice(keyStart, i)) as string;
        space();
        i++; // the colon
        space();
        if (key === segment) match = { key: keyStart, value: i };
        skipValue();
        space();
        if (text[i] !== ',') break;
        i++;
      }
      if (!match) return null;
      target = match.key;
      i = match.value;
    } else if (text[i] === '[') {
      const index = Number(segment);
      if (!Number.isInteger(index) || index < 0) return null;
      i++;
      for (let n = 0; n < index; n++) {
        skipValue();
        space();
        if (text[i] !== ',') return null;
        i++;
      }
      space();
      if (text[i] === ']' || i >= text.length) return null;
      target = i;
    } else {
      return null;
    }
  }
  return positionAt(text, target);
}
