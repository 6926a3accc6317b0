/**
 * Data a template reads that the context does not have: `{{plan.titel}}` prints nothing in
 * Handlebars, so it is found here, before rendering, against the context's declared shape
 * (contextShape.ts), not one plan's values: a field that exists but is empty in a plan is fine.
 *
 * The walk follows the context as Handlebars does: `{{#each}}` and `{{#with}}` step into a value
 * (and `../` back out), `{{#if}}` does not; block parameters, `@root`, `@index`; a partial sees the
 * context it is given (plus its hash arguments) and nothing above it. Partials are followed from
 * the entries, so a partial is checked in every context it is included in; a path is reported
 * when it is unknown in all of them. What cannot be known statically (a helper's result, a
 * dynamic partial) is not checked.
 */
import {
  ANY,
  describeShape,
  elementOf,
  isList,
  namesOf,
  propertyOf,
  scalar,
  templateContextShape,
  union,
  type Shape,
} from './contextShape';
import { KNOWN_HELPERS } from './engine';
import { positionOf, type TemplateProblem } from './problems';
import { closest } from './suggest';

type Node = hbs.AST.Node;
type Program = hbs.AST.Program;
type Expression = hbs.AST.Expression;
type PathExpression = hbs.AST.PathExpression;
type Hash = hbs.AST.Hash;

export interface SyntaxFile {
  /** Path inside the template ("partials/cover.hbs"). */
  file: string;
  ast: Program;
}

/** The parsed files a layout renders with: its entries and every partial it can include. */
export interface LayoutSyntax {
  plan: SyntaxFile | null;
  description: SyntaxFile | null;
  partials: ReadonlyMap<string, SyntaxFile>;
}

/** Partials nest at most this deep in the walk, as in a render (guard.ts). */
const MAX_PARTIAL_DEPTH = 20;
/**
 * Statements visited at most (the built-in layout takes about 500, a microsecond each); past it
 * the walk gives up, says so, and reports nothing rather than guess.
 */
const MAX_STEPS = 100_000;

/** Handlebars' data variables inside {{#each}}. */
const EACH_DATA = ['index', 'key', 'first', 'last'];

interface Frame {
  shape: Shape;
  /** Where this context is, as `dmp-transform data --paths` writes it ("plan.sections[]"); "" is the top. */
  label: string;
}

interface Scope {
  file: string;
  /** The context and the contexts it was stepped into from; the last is the current one. */
  frames: Frame[];
  blockParams: ReadonlyMap<string, Frame>;
  /** Data variables set here (@index inside {{#each}}). */
  data: ReadonlySet<string>;
  /** Inline partials ({{#*inline}}) defined in the files being rendered. */
  inline: ReadonlyMap<string, SyntaxFile>;
  partialDepth: number;
}

class GaveUp extends Error {}

interface Finding {
  problem: TemplateProblem;
  /** Known in at least one context the file was walked in. */
  known: boolean;
}

/**
 * Every path that the context does not have, in the files `isOwn` accepts (a designer's template
 * is walked with the built-in partials it uses, but only its own files are reported).
 */
export function unknownDataProblems(
  layout: LayoutSyntax,
  isOwn: (file: string) => boolean,
  context: Shape = templateContextShape(),
): TemplateProblem[] {
  const walk = new DataWalk(layout, context);
  try {
    const entries = new Set([layout.plan, layout.description].filter((entry): entry is SyntaxFile => entry !== null));
    for (const entry of entries) walk.entry(entry);
  } catch (error) {
    if (!(error instanceof GaveUp || error instanceof RangeError)) throw error;
    return [
      {
        file: '',
        message:
          'the data the template reads was not checked: its partials are included in more contexts than the check follows',
      },
    ];
  }
  return walk.problems().filter((problem) => isOwn(problem.file));
}

class DataWalk {
  private readonly findings = new Map<string, Finding>();
  private readonly walked = new Set<string>();
  private readonly ids = new WeakMap<Shape, number>();
  private readonly merged = new Map<string, Shape>();
  private readonly inlineByFile = new Map<string, Map<string, SyntaxFile>>();
  private steps = 0;
  private lastId = 0;

  constructor(
    private readonly layout: LayoutSyntax,
    private readonly root: Shape,
  ) {}

  entry(entry: SyntaxFile): void {
    this.program(entry.ast, {
      file: entry.file,
      frames: [{ shape: this.root, label: '' }],
      blockParams: new Map(),
      data: new Set(),
      inline: this.inlinePartials(entry),
      partialDepth: 0,
    });
  }

  problems(): TemplateProblem[] {
    return [...this.findings.values()].filter((finding) => !finding.known).map((finding) => finding.problem);
  }

  private program(program: Program | null | undefined, scope: Scope): void {
    for (const statement of program?.body ?? []) this.statement(statement, scope);
  }

  private statement(node: Node, scope: Scope): void {
    if (++this.steps > MAX_STEPS) throw new GaveUp();
    switch (node.type) {
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (isHelperCall(mustache.path, mustache.params, mustache.hash)) this.arguments(mustache, scope);
        else this.expression(mustache.path, scope);
        return;
      }
      case 'BlockStatement':
        this.block(node as hbs.AST.BlockStatement, scope);
        return;
      case 'PartialStatement':
        this.partial(node as hbs.AST.PartialStatement, scope);
        return;
      case 'PartialBlockStatement': {
        const partial = node as hbs.AST.PartialBlockStatement;
        this.partial(partial, scope);
        // The block is the partial's fallback, or its @partial-block: content of the place it is written.
        this.program(partial.program, scope);
        return;
      }
      default:
        return; // text, comments; inline partials are walked where they are included
    }
  }

  private block(block: hbs.AST.BlockStatement, scope: Scope): void {
    const helper = isHelperCall(block.path, block.params, block.hash);
    const name = helper ? (block.path as PathExpression).original : '';
    let inner = scope;
    if (name === 'each' || name === 'with') {
      const value = this.typed(block.params[0], scope);
      for (const param of block.params.slice(1)) this.expression(param, scope);
      this.hash(block.hash, scope);
      inner =
        name === 'each' ? this.eachScope(scope, value, block.program) : this.withScope(scope, value, block.program);
    } else if (helper) {
      this.arguments(block, scope); // if, unless, heading: the same context
    } else if (block.path.type === 'PathExpression') {
      // {{#plan.sections}}…{{/plan.sections}}: Handlebars iterates a list, steps into anything else.
      const value = this.typed(block.path, scope);
      inner = isList(value.shape)
        ? this.eachScope(scope, value, block.program)
        : this.withScope(scope, value, block.program);
    }
    this.program(block.program, inner);
    this.program(block.inverse, scope);
  }

  private eachScope(scope: Scope, list: Frame, program: Program): Scope {
    const item: Frame = { shape: elementOf(list.shape), label: `${list.label}[]` };
    const index: Frame = { shape: isList(list.shape) ? scalar('number') : ANY, label: '' };
    return this.stepInto(scope, item, program, [item, index], EACH_DATA);
  }

  private withScope(scope: Scope, value: Frame, program: Program): Scope {
    return this.stepInto(scope, value, program, [value], []);
  }

  /** The scope inside a block that steps into `frame`, with its block parameters and data variables. */
  private stepInto(scope: Scope, frame: Frame, program: Program, params: Frame[], data: string[]): Scope {
    const blockParams = new Map(scope.blockParams);
    (program.blockParams ?? []).forEach((name, i) => blockParams.set(name, params[i] ?? { shape: ANY, label: '' }));
    return {
      ...scope,
      frames: [...scope.frames, frame],
      blockParams,
      data: data.length > 0 ? new Set([...scope.data, ...data]) : scope.data,
    };
  }

  private partial(node: hbs.AST.PartialStatement | hbs.AST.PartialBlockStatement, scope: Scope): void {
    const context = node.params[0] ? this.typed(node.params[0], scope) : scope.frames[scope.frames.length - 1];
    for (const param of node.params.slice(1)) this.expression(param, scope);
    const hash = this.hash(node.hash, scope);
    const name = staticName(node.name);
    if (name === null) {
      if (node.name.type === 'SubExpression') this.expression(node.name, scope);
      return;
    }
    const target = scope.inline.get(name) ?? this.layout.partials.get(name);
    if (!target || scope.partialDepth >= MAX_PARTIAL_DEPTH) return;
    const shape = hash.size > 0 ? this.withHash(context.shape, hash) : context.shape;
    const inline = new Map([...scope.inline, ...this.inlinePartials(target)]);
    const key = `${name}\0${target.file}\0${this.id(shape)}\0${[...scope.data].sort().join(',')}\0${[...inline.keys()].join(',')}`;
    if (this.walked.has(key)) return;
    this.walked.add(key);
    this.program(target.ast, {
      file: target.file,
      frames: [{ shape, label: context.label }],
      blockParams: new Map(),
      data: scope.data,
      inline,
      partialDepth: scope.partialDepth + 1,
    });
  }

  /** Helper arguments: every path among them is read. */
  private arguments(call: { params: Expression[]; hash?: Hash }, scope: Scope): void {
    for (const param of call.params) this.expression(param, scope);
    this.hash(call.hash, scope);
  }

  private hash(hash: Hash | undefined, scope: Scope): Map<string, Shape> {
    const shapes = new Map<string, Shape>();
    for (const pair of hash?.pairs ?? []) shapes.set(pair.key, this.expression(pair.value, scope));
    return shapes;
  }

  /** The shape of an expression, with where it is, for the contexts blocks step into. */
  private typed(expression: Expression | undefined, scope: Scope): Frame {
    if (!expression) return { shape: ANY, label: '' };
    const shape = this.expression(expression, scope);
    const label = expression.type === 'PathExpression' ? this.labelOf(expression as PathExpression, scope) : '';
    return { shape, label };
  }

  private expression(expression: Expression, scope: Scope): Shape {
    switch (expression.type) {
      case 'PathExpression':
        return this.path(expression as PathExpression, scope);
      case 'SubExpression': {
        const call = expression as hbs.AST.SubExpression;
        const args = call.params.map((param) => this.expression(param, scope));
        this.hash(call.hash, scope);
        const helper = call.path.type === 'PathExpression' ? (call.path as PathExpression).original : '';
        if (helper === 'or' || helper === 'and') return union(args);
        const key = call.params[1];
        if (helper === 'lookup' && args[0] && key?.type === 'StringLiteral')
          return propertyOf(args[0], (key as hbs.AST.StringLiteral).value) ?? ANY;
        return ANY; // what other helpers return is theirs to say
      }
      case 'StringLiteral':
        return scalar('string');
      case 'NumberLiteral':
        return scalar('number');
      case 'BooleanLiteral':
        return scalar('boolean');
      case 'NullLiteral':
      case 'UndefinedLiteral':
        return scalar('null');
      default:
        return ANY;
    }
  }

  /** Resolves a path against the scope, recording whether the context has it. */
  private path(path: PathExpression, scope: Scope): Shape {
    const start = this.locate(path, scope);
    if ('unknown' in start) {
      this.record(path, scope, start.unknown);
      return ANY;
    }
    if (!start.frame) {
      this.record(path, scope, null);
      return start.shape;
    }
    let { shape, label } = start.frame;
    const segments = path.parts.slice(start.skip);
    for (let i = 0; i < segments.length; i++) {
      const next = propertyOf(shape, segments[i]);
      if (next === null) {
        this.record(path, scope, this.unknownMessage(path, scope, start.skip + i, shape, label));
        return ANY;
      }
      label = joinLabel(label, segments[i], shape);
      shape = next;
    }
    this.record(path, scope, null);
    return shape;
  }

  /**
   * Where a path starts: a frame and how many of its parts that takes; or a data variable's shape
   * (no frame); or why it reads nothing.
   */
  private locate(
    path: PathExpression,
    scope: Scope,
  ): { frame: Frame; skip: number } | { frame: null; shape: Shape } | { unknown: string } {
    const unknown = `unknown data "${path.original}"`;
    if (path.data) {
      const [name] = path.parts;
      if (name === 'root') return { frame: { shape: this.root, label: '' }, skip: 1 };
      if (scope.data.has(name)) return { frame: null, shape: name === 'index' ? scalar('number') : ANY };
      if (EACH_DATA.includes(name)) return { unknown: `${unknown}: @${name} is set only inside {{#each}}` };
      const near = closest(name, ['root', ...EACH_DATA]);
      return { unknown: near ? `${unknown} (did you mean "@${near}"?)` : `${unknown}: there is no such data variable` };
    }
    const scoped = /^\.|^this\b/.test(path.original);
    const param = path.depth === 0 && !scoped ? scope.blockParams.get(path.parts[0]) : undefined;
    if (param) return { frame: param, skip: 1 };
    const frame = scope.frames[scope.frames.length - 1 - path.depth];
    if (frame) return { frame, skip: 0 };
    return {
      unknown:
        scope.partialDepth > 0
          ? `${unknown} reaches above the partial's context: a partial sees only the context it is given (pass more as hash arguments: {{> name key=../value}})`
          : `${unknown} reaches above the top of the context`,
    };
  }

  private unknownMessage(path: PathExpression, scope: Scope, index: number, shape: Shape, label: string): string {
    const prefix = prefixOf(path);
    const parts = path.parts;
    const rewrite = (replacement: string) =>
      `${prefix}${[...parts.slice(0, index), replacement, ...parts.slice(index + 1)].join('.')}`;
    const name = parts[index];
    const unknown = `unknown data "${path.original}"`;
    if (isList(shape)) {
      const list = index > 0 ? `${prefix}${parts.slice(0, index).join('.')}` : prefix.replace(/[./]+$/, '') || 'this';
      return `${unknown}: ${label || list} is a list; read its items inside {{#each ${list}}}…{{/each}}`;
    }
    const near = closest(name, namesOf(shape));
    if (near) return `${unknown} (did you mean "${rewrite(near)}"?)`;
    if (index === 0 && !path.data) {
      if (shape !== this.root && propertyOf(this.root, name) !== null)
        return `${unknown}: the context here is ${label || 'not the top level'} (did you mean "@root.${parts.join('.')}"?)`;
      // Objects with more structure first: plan.title before labels.title (a table of words).
      const below = namesOf(shape)
        .filter((child) => namesOf(propertyOf(shape, child) ?? ANY).includes(name))
        .sort((a, b) => structure(propertyOf(shape, b)!) - structure(propertyOf(shape, a)!));
      if (below.length > 0)
        return `${unknown} (did you mean ${below.map((child) => `"${rewrite(`${child}.${name}`)}"`).join(' or ')}?)`;
    }
    const where = label || 'the context';
    if (shape.kind === 'scalar') return `${unknown}: ${where} is ${describeShape(shape)}`;
    return `${unknown}: ${where} has no "${name}"`;
  }

  private record(path: PathExpression, scope: Scope, message: string | null): void {
    const position = positionOf(path.loc);
    const key = `${scope.file}\0${position?.line}\0${position?.column}\0${path.original}`;
    const finding = this.findings.get(key);
    if (finding) {
      if (message === null) finding.known = true;
      // Of the contexts a partial is walked in, the one that can say what was meant.
      else if (!finding.problem.message.includes('did you mean') && message.includes('did you mean'))
        finding.problem.message = message;
      return;
    }
    this.findings.set(key, {
      problem: { file: scope.file, ...position, message: message ?? '' },
      known: message === null,
    });
  }

  /** Where a path leads, as `dmp-transform data --paths` writes it. */
  private labelOf(path: PathExpression, scope: Scope): string {
    const start = this.locate(path, scope);
    if (!('frame' in start) || !start.frame) return path.original;
    let { label, shape } = start.frame;
    for (const segment of path.parts.slice(start.skip)) {
      label = joinLabel(label, segment, shape);
      shape = propertyOf(shape, segment) ?? ANY;
    }
    return label;
  }

  /** A partial's context with its hash arguments added, as Handlebars merges them. */
  private withHash(base: Shape, hash: Map<string, Shape>): Shape {
    const key = `${this.id(base)}|${[...hash].map(([name, shape]) => `${name}=${this.id(shape)}`).join('|')}`;
    let shape = this.merged.get(key);
    if (!shape) {
      shape =
        base.kind === 'object'
          ? { kind: 'object', properties: new Map([...base.properties, ...hash]), rest: base.rest }
          : base.kind === 'union'
            ? union(base.members.map((member) => this.withHash(member, hash)))
            : {
                kind: 'object',
                properties: new Map(hash),
                rest: base.kind === 'scalar' && base.type === 'null' ? null : ANY,
              };
      this.merged.set(key, shape);
    }
    return shape;
  }

  private id(shape: Shape): number {
    let id = this.ids.get(shape);
    if (id === undefined) {
      id = ++this.lastId;
      this.ids.set(shape, id);
    }
    return id;
  }

  private inlinePartials(file: SyntaxFile): Map<string, SyntaxFile> {
    let found = this.inlineByFile.get(file.file);
    if (!found) {
      found = new Map();
      collectInline(file.ast, file.file, found);
      this.inlineByFile.set(file.file, found);
    }
    return found;
  }
}

/** {{name}} with arguments, or a helper's own name: a call, not a read of data. */
function isHelperCall(path: Expression, params: Expression[], hash: Hash | undefined): boolean {
  if (path.type !== 'PathExpression') return false;
  const name = (path as PathExpression).original;
  const simple = (path as PathExpression).parts.length === 1 && !(path as PathExpression).data;
  if (simple && KNOWN_HELPERS.has(name)) return true;
  // Anything else with arguments is an unknown helper, which the static check reports.
  return params.length > 0 || (hash?.pairs.length ?? 0) > 0;
}

function staticName(name: Expression): string | null {
  if (name.type === 'PathExpression') return (name as PathExpression).original;
  if (name.type === 'StringLiteral' || name.type === 'NumberLiteral')
    return String((name as hbs.AST.StringLiteral).value);
  return null;
}

/** What a path writes before its parts: "@", "@root.", "../", "this.". */
function prefixOf(path: PathExpression): string {
  if (path.data) return '@';
  if (path.depth > 0) return '../'.repeat(path.depth);
  return /^this\b|^\.\//.test(path.original) ? path.original.slice(0, path.original.startsWith('this') ? 5 : 2) : '';
}

/** How many of a shape's properties hold more than a scalar. */
function structure(shape: Shape): number {
  return namesOf(shape).filter((name) => propertyOf(shape, name)?.kind !== 'scalar').length;
}

function joinLabel(label: string, segment: string, shape: Shape): string {
  const step = isList(shape) && /^\d+$/.test(segment) ? '[]' : label ? `.${segment}` : segment;
  return `${label}${step}`;
}

function collectInline(node: Node | null | undefined, file: string, found: Map<string, SyntaxFile>): void {
  if (!node) return;
  if (node.type === 'DecoratorBlock') {
    const decorator = node as hbs.AST.DecoratorBlock;
    const name = decorator.params[0];
    if (decorator.path.original === 'inline' && name?.type === 'StringLiteral')
      found.set((name as hbs.AST.StringLiteral).value, { file, ast: decorator.program });
  }
  const block = node as Partial<hbs.AST.BlockStatement> & { body?: Node[] };
  block.body?.forEach((child) => collectInline(child, file, found));
  collectInline(block.program, file, found);
  collectInline(block.inverse, file, found);
}
