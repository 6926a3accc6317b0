/**
 * Static checks of a parsed template, so a designer hears about every mistake at once, with its
 * line and column, before anything renders: unknown helpers, missing partials, unknown assets
 * and label keys, bad date formats, unsupported decorators.
 */
import { DATE_STYLES, type DateStyle } from './format';
import { KNOWN_HELPERS } from './engine';
import { isLabelKey, LABEL_KEYS } from './labels';
import { positionOf, type SourcePosition, type TemplateProblem } from './problems';
import { didYouMean } from './suggest';

type Node = hbs.AST.Node;
type Program = hbs.AST.Program;
type Expression = hbs.AST.Expression;
type PathExpression = hbs.AST.PathExpression;
type StringLiteral = hbs.AST.StringLiteral;
type Hash = hbs.AST.Hash;

export interface AnalysisScope {
  /** Partial names the template can include ("question", "questions/dataset"). */
  partials: ReadonlySet<string>;
  /** Asset names under assets/ ("logo.png"). */
  assets: ReadonlySet<string>;
}

export interface FileAnalysis {
  problems: TemplateProblem[];
  /** Where each statically named partial is first included, to locate run-time nesting errors. */
  partialCalls: Map<string, SourcePosition>;
  /** Where each `{{pageBreak}}` is written, for the layout budget (budget.ts). */
  pageBreaks: SourcePosition[];
}

/** Handlebars' block helpers that fail at run time without exactly one argument. */
const SINGLE_ARGUMENT_HELPERS = new Set(['if', 'unless', 'with', 'each']);

/** `<img src="asset:logo.png">` written directly in the template's HTML. */
const ASSET_IN_HTML = /\bsrc\s*=\s*["']?asset:([^"'\s>]+)/gi;

export function analyzeTemplate(file: string, ast: Program, scope: AnalysisScope): FileAnalysis {
  const problems: TemplateProblem[] = [];
  const partialCalls = new Map<string, SourcePosition>();
  const pageBreaks: SourcePosition[] = [];
  const inlinePartials = new Set<string>();

  const report = (node: Node | undefined, message: string, position = positionOf(node?.loc)) => {
    problems.push({ file, ...position, message });
  };

  const isSimpleName = (path: PathExpression) =>
    path.parts.length === 1 && path.depth === 0 && !path.data && path.original !== 'this';

  function checkCall(path: Expression, params: Expression[], hash: Hash | undefined, block: boolean): void {
    if (path.type !== 'PathExpression') return;
    const name = (path as PathExpression).original;
    const isCall = params.length > 0 || (hash?.pairs.length ?? 0) > 0;
    if (!isCall && !(block && KNOWN_HELPERS.has(name))) return;
    if (!isSimpleName(path as PathExpression)) {
      report(path, `"${name}" is not a helper, so it cannot take arguments`);
      return;
    }
    if (!KNOWN_HELPERS.has(name)) {
      report(path, unknownHelperMessage(name));
      return;
    }
    if (SINGLE_ARGUMENT_HELPERS.has(name) && params.length !== 1) {
      report(path, `${block ? '#' : ''}${name} takes exactly one argument`);
      return;
    }
    const literal = (index: number) =>
      params[index]?.type === 'StringLiteral' ? (params[index] as StringLiteral) : undefined;
    const first = literal(0);
    if (name === 'image' && first && !scope.assets.has(first.value))
      report(first, unknownAssetMessage(first.value, scope));
    if (name === 'label' && first && !isLabelKey(first.value))
      report(first, `there is no label "${first.value}"${didYouMean(first.value, LABEL_KEYS)}`);
    const format = literal(1);
    if (name === 'formatDate' && format && !DATE_STYLES.includes(format.value as DateStyle)) {
      report(format, `formatDate takes "long", "short" or "iso", not "${format.value}"`);
    }
  }

  function partialName(name: Expression): string | null {
    if (name.type === 'PathExpression') return (name as PathExpression).original;
    if (name.type === 'StringLiteral' || name.type === 'NumberLiteral') return String((name as StringLiteral).value);
    return null;
  }

  function checkPartial(node: hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement, hasFallback: boolean): void {
    const name = partialName(node.name);
    if (name === null) {
      walk(node.name); // dynamic: {{> (concat "question-" kind)}}
    } else {
      const position = positionOf(node.loc);
      if (position && !partialCalls.has(name)) partialCalls.set(name, position);
      if (!hasFallback && name !== '@partial-block' && !scope.partials.has(name) && !inlinePartials.has(name)) {
        const hint = didYouMean(name, [...scope.partials, ...inlinePartials]) || ` (expected partials/${name}.hbs)`;
        report(node, `there is no partial "${name}"${hint}`);
      }
    }
    if (node.params.length > 1)
      report(node, 'a partial takes at most one context argument (use hash arguments: {{> name key=value}})');
    node.params.forEach(walk);
    node.hash?.pairs.forEach((pair) => walk(pair.value));
  }

  function walk(node: Node | null | undefined): void {
    if (!node) return;
    switch (node.type) {
      case 'Program':
        (node as Program).body.forEach(walk);
        return;
      case 'MustacheStatement':
      case 'SubExpression': {
        const call = node as hbs.AST.MustacheStatement;
        checkCall(call.path, call.params, call.hash, false);
        const position = positionOf(call.loc);
        if (call.path.type === 'PathExpression' && (call.path as PathExpression).original === 'pageBreak' && position)
          pageBreaks.push(position);
        call.params.forEach(walk);
        call.hash?.pairs.forEach((pair) => walk(pair.value));
        return;
      }
      case 'BlockStatement': {
        const block = node as hbs.AST.BlockStatement;
        checkCall(block.path, block.params, block.hash, true);
        block.params.forEach(walk);
        block.hash?.pairs.forEach((pair) => walk(pair.value));
        walk(block.program);
        walk(block.inverse);
        return;
      }
      case 'DecoratorBlock': {
        const decorator = node as hbs.AST.DecoratorBlock;
        if (decorator.path.original !== 'inline') {
          report(
            decorator,
            `the decorator "${decorator.path.original}" is not supported (only {{#*inline "name"}} partials are)`,
          );
        }
        walk(decorator.program);
        return;
      }
      case 'Decorator':
        report(node, 'decorators are not supported (only {{#*inline "name"}} partials are)');
        return;
      case 'PartialStatement':
        checkPartial(node as hbs.AST.PartialStatement, false);
        return;
      case 'PartialBlockStatement': {
        const partial = node as hbs.AST.PartialBlockStatement;
        checkPartial(partial, true);
        walk(partial.program);
        return;
      }
      case 'ContentStatement':
        checkAssetsInHtml(node as hbs.AST.ContentStatement);
        return;
      default:
        return; // comments, literals, paths
    }
  }

  function checkAssetsInHtml(node: hbs.AST.ContentStatement): void {
    const text = typeof node.original === 'string' ? node.original : node.value;
    for (const match of text.matchAll(ASSET_IN_HTML)) {
      if (scope.assets.has(match[1])) continue;
      const before = text.slice(0, match.index);
      const lines = before.split('\n');
      const start = node.loc.start;
      const position = {
        line: start.line + lines.length - 1,
        column: (lines.length === 1 ? start.column : 0) + lines[lines.length - 1].length + 1,
      };
      report(undefined, unknownAssetMessage(match[1], scope), position);
    }
  }

  collectInlinePartials(ast, inlinePartials);
  try {
    walk(ast);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    problems.push({ file, message: 'the template nests blocks too deeply to be checked' });
  }
  return { problems, partialCalls, pageBreaks };
}

/** Inline partials ({{#*inline "row"}}) count as defined anywhere in their file. */
function collectInlinePartials(node: Node | null | undefined, names: Set<string>): void {
  if (!node) return;
  if (node.type === 'DecoratorBlock') {
    const decorator = node as hbs.AST.DecoratorBlock;
    const name = decorator.params[0];
    if (decorator.path.original === 'inline' && name?.type === 'StringLiteral')
      names.add((name as StringLiteral).value);
  }
  const block = node as Partial<hbs.AST.BlockStatement> & { body?: Node[] };
  block.body?.forEach((child) => collectInlinePartials(child, names));
  collectInlinePartials(block.program, names);
  collectInlinePartials(block.inverse, names);
}

function unknownAssetMessage(name: string, scope: AnalysisScope): string {
  const known = [...scope.assets];
  const hint =
    known.length > 0
      ? `; the assets are ${known.map((a) => `"${a}"`).join(', ')}`
      : '; the template has no assets/ folder';
  return `there is no asset "${name}"${hint}`;
}

function unknownHelperMessage(name: string): string {
  if (name === 'log') return 'the log helper is not available in layout templates';
  return `unknown helper "${name}"${didYouMean(name, KNOWN_HELPERS)}`;
}
