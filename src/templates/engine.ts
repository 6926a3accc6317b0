/**
 * The Handlebars environment for layout templates, isolated from the global one: no helper
 * registered on it except the safe built-ins (`log` removed); our helpers are passed per render,
 * so each render gets its own limits and side table. Compiled with `knownHelpersOnly`, so a
 * template can call only the helpers in `KNOWN_HELPERS`; prototype access stays at Handlebars'
 * default (denied), and contexts are plain JSON.
 */
import Handlebars from 'handlebars';
import type { TemplateProblem } from './problems';

export const handlebars = Handlebars.create();
handlebars.unregisterHelper('log');

/** Handlebars' own helpers, kept (each render wraps them to tick its guard; `each` also counts iterations). */
export const BUILTIN_HELPERS = ['each', 'if', 'unless', 'with', 'lookup'] as const;

export type BuiltinHelperName = (typeof BUILTIN_HELPERS)[number];

/** Our helpers (helpers.ts implements exactly these). */
export const LAYOUT_HELPERS = [
  'value',
  'richText',
  'image',
  'formatDate',
  'optionLabels',
  'answered',
  'label',
  'pageBreak',
  'toc',
  'heading',
  'eq',
  'ne',
  'lt',
  'gt',
  'and',
  'or',
  'not',
  'join',
  'len',
  'add',
  'concat',
] as const;

export type LayoutHelperName = (typeof LAYOUT_HELPERS)[number];

export const KNOWN_HELPERS = new Set<string>([...BUILTIN_HELPERS, ...LAYOUT_HELPERS]);

export const COMPILE_OPTIONS = {
  knownHelpersOnly: true,
  // `log` is on by default in Handlebars' list; switching it off makes `{{log x}}` a compile error.
  knownHelpers: { ...Object.fromEntries([...KNOWN_HELPERS].map((name) => [name, true])), log: false },
  strict: false,
  data: true,
  compat: false,
  // Indentation of partials means nothing in HTML, and skipping it saves work.
  preventIndent: true,
};

/** Jison's token names, as a designer would write them. */
const TOKEN_WORDS: Record<string, string> = {
  EOF: 'the end of the file',
  CLOSE: '}}',
  CLOSE_UNESCAPED: '}}}',
  CLOSE_RAW_BLOCK: '}}}}',
  OPEN: '{{',
  OPEN_UNESCAPED: '{{{',
  OPEN_BLOCK: '{{#',
  OPEN_ENDBLOCK: '{{/',
  OPEN_INVERSE: '{{^',
  OPEN_INVERSE_CHAIN: '{{else …}}',
  INVERSE: '{{else}}',
  OPEN_PARTIAL: '{{>',
  OPEN_PARTIAL_BLOCK: '{{#>',
  OPEN_SEXPR: '(',
  CLOSE_SEXPR: ')',
  OPEN_BLOCK_PARAMS: 'as |',
  CLOSE_BLOCK_PARAMS: '|',
  ID: 'a name',
  STRING: 'a string',
  NUMBER: 'a number',
  BOOLEAN: 'true or false',
  UNDEFINED: 'undefined',
  NULL: 'null',
  DATA: 'an @variable',
  SEP: '. or /',
  EQUALS: '=',
  CONTENT: 'text',
  COMMENT: 'a comment',
  INVALID: 'something invalid',
};

interface JisonLexer {
  yylloc?: { first_line: number; first_column: number };
  yytext?: string;
  /** The text of the token being read when parsing stopped. */
  match?: string;
  EOF: number;
  setInput(text: string): void;
  lex(): number | string;
}

interface JisonParser {
  lexer: JisonLexer;
  symbols_: Record<string, number>;
}

const parser = (handlebars as unknown as { Parser: JisonParser }).Parser;

/**
 * Deepest nesting of blocks and subexpressions a template may have. Handlebars' parser takes time
 * quadratic in it (4,000 nested {{#if}} take seconds, 8,000 overflow the stack); hand-written
 * templates stay below 20.
 */
export const MAX_BLOCK_DEPTH = 200;

/** Token kinds that open a level, close one, or (an `{{else if}}` link) deepen the block they are in. */
const OPENS_LEVEL = new Set(['OPEN_BLOCK', 'OPEN_INVERSE', 'OPEN_PARTIAL_BLOCK'].map((name) => parser.symbols_[name]));
const CHAINS_LEVEL = parser.symbols_.OPEN_INVERSE_CHAIN;
const CLOSES_LEVEL = parser.symbols_.OPEN_ENDBLOCK;
const OPENS_SUBEXPRESSION = parser.symbols_.OPEN_SEXPR;
const CLOSES_SUBEXPRESSION = parser.symbols_.CLOSE_SEXPR;

/**
 * Where the template first nests deeper than MAX_BLOCK_DEPTH, found with Handlebars' own lexer
 * (linear: comments, raw blocks and escaped mustaches are read exactly as the parser reads them);
 * null when it does not, or when the lexer stops on a syntax error the parser will report.
 */
function tooDeep(text: string): { line: number; column: number } | null {
  const lexer = parser.lexer;
  lexer.setInput(text);
  /** Per open block: how many levels it holds (1, plus one per `{{else if}}` link). */
  const blocks: number[] = [];
  let blockLevels = 0;
  let subexpressions = 0;
  try {
    for (let token = lexer.lex(); token !== lexer.EOF; token = lexer.lex()) {
      if (typeof token !== 'number') continue;
      if (OPENS_LEVEL.has(token)) {
        blocks.push(1);
        blockLevels++;
      } else if (token === CHAINS_LEVEL && blocks.length > 0) {
        blocks[blocks.length - 1]++;
        blockLevels++;
      } else if (token === CLOSES_LEVEL) {
        blockLevels -= blocks.pop() ?? 0;
      } else if (token === OPENS_SUBEXPRESSION) {
        subexpressions++;
      } else if (token === CLOSES_SUBEXPRESSION) {
        subexpressions = Math.max(0, subexpressions - 1);
      } else {
        continue;
      }
      if (blockLevels + subexpressions > MAX_BLOCK_DEPTH) {
        const loc = lexer.yylloc!;
        return { line: loc.first_line, column: loc.first_column + 1 };
      }
    }
  } catch {
    return null;
  }
  return null;
}

const OPENS_BLOCK = new Set(['OPEN_BLOCK', 'OPEN_INVERSE', 'OPEN_PARTIAL_BLOCK'].map((name) => parser.symbols_[name]));
const NAME_TOKENS = { id: parser.symbols_.ID, separator: parser.symbols_.SEP };

interface OpenBlock {
  /** As written: "{{#if", "{{#> cover", "{{^each". */
  tag: string;
  name: string;
  line: number;
  column: number;
}

/**
 * Where the block structure breaks, read with Handlebars' own lexer: the first closing tag that
 * does not match the block it would close, else the innermost block never closed. The parser
 * reports both where it stops (a closing tag, the end of the file); a designer needs the opening.
 */
function brokenBlock(text: string): { unclosed: OpenBlock } | { mismatch: OpenBlock; closing: OpenBlock } | null {
  const lexer = parser.lexer;
  lexer.setInput(text);
  const open: OpenBlock[] = [];
  /** The tag whose name is being read, and whether a "." or "/" continues it. */
  let naming: { tag: OpenBlock; closing: boolean; continues: boolean } | null = null;
  try {
    for (let token = lexer.lex(); token !== lexer.EOF; token = lexer.lex()) {
      if (naming && token === NAME_TOKENS.id && (naming.tag.name === '' || naming.continues)) {
        naming.tag.name += lexer.yytext ?? '';
        naming.continues = false;
        continue;
      }
      if (naming && token === NAME_TOKENS.separator && naming.tag.name !== '') {
        naming.tag.name += lexer.yytext ?? '';
        naming.continues = true;
        continue;
      }
      if (naming) {
        const { tag, closing } = naming;
        naming = null;
        if (closing) {
          const block = open.pop();
          if (block && block.name !== tag.name) return { mismatch: block, closing: tag };
        } else open.push(tag);
      }
      if (OPENS_BLOCK.has(token as number) || token === CLOSES_LEVEL) {
        const loc = lexer.yylloc!;
        const tag = { tag: lexer.yytext ?? '', name: '', line: loc.first_line, column: loc.first_column + 1 };
        naming = { tag, closing: token === CLOSES_LEVEL, continues: false };
      }
    }
  } catch {
    return null;
  }
  const innermost = open.at(-1);
  return innermost ? { unclosed: innermost } : null;
}

const written = (block: OpenBlock) => `${block.tag}${block.tag.endsWith('>') ? ' ' : ''}${block.name}}}`;

/** Parses a template; a syntax error becomes a problem with the line and column where parsing stopped. */
export function parseTemplate(file: string, text: string): { ast: hbs.AST.Program } | { problem: TemplateProblem } {
  const deep = tooDeep(text);
  if (deep) {
    return {
      problem: {
        file,
        ...deep,
        message: `blocks and subexpressions nest more than ${MAX_BLOCK_DEPTH} levels deep here`,
      },
    };
  }
  try {
    return { ast: handlebars.parse(text) };
  } catch (error) {
    const lexer = parser.lexer;
    const message = (error as Error).message;
    const atFault = /Expecting .*'OPEN_ENDBLOCK'.*got 'EOF'|doesn't match/.test(message) ? brokenBlock(text) : null;
    if (atFault && 'unclosed' in atFault) {
      const { unclosed } = atFault;
      return {
        problem: {
          file,
          line: unclosed.line,
          column: unclosed.column,
          message: `syntax error: ${written(unclosed)} is never closed (a {{/${unclosed.name}}} is missing)`,
        },
      };
    }
    if (atFault) {
      const { mismatch, closing } = atFault;
      return {
        problem: {
          file,
          line: closing.line,
          column: closing.column,
          message: `syntax error: ${written(closing)} does not match ${written(mismatch)}, opened at line ${mismatch.line}, column ${mismatch.column}`,
        },
      };
    }
    const stated = /line (\d+)/.exec(message);
    const loc = lexer.yylloc;
    const line = loc?.first_line ?? (stated ? Number(stated[1]) : 1);
    const column = loc && loc.first_line === line ? loc.first_column + 1 : 1;
    return { problem: { file, line, column, message: syntaxMessage(message, lexer.match) } };
  }
}

function syntaxMessage(raw: string, matched: string | undefined): string {
  const expecting = /Expecting (.+), got '([^']+)'/.exec(raw);
  if (expecting) {
    const expected = [...expecting[1].matchAll(/'([^']+)'/g)].map((m) => TOKEN_WORDS[m[1]] ?? m[1]);
    const text = matched?.trim();
    const got =
      expecting[2] === 'INVALID' && text
        ? JSON.stringify(text.slice(0, 20))
        : (TOKEN_WORDS[expecting[2]] ?? expecting[2]);
    const unique = [...new Set(expected)];
    const list = unique.length > 5 ? `${unique.slice(0, 5).join(', ')}, …` : unique.join(', ');
    const hint =
      expecting[2] === 'EOF' && expecting[1].includes('OPEN_ENDBLOCK') ? ' (a {{#block}} is never closed)' : '';
    return `syntax error: found ${got} where ${list} was expected${hint}`;
  }
  if (raw.startsWith('Lexical error'))
    return 'syntax error: text that is not valid Handlebars (an unclosed {{!-- comment or a stray {{ ?)';
  // Handlebars' own messages ("each doesn't match with - 1:3"): drop the position, we give it.
  return `syntax error: ${raw.split('\n')[0].replace(/ - \d+:\d+$/, '')}`;
}
