/**
 * The template context's shape, read from its JSON Schema (schemas/template-context.schema.json):
 * which names a template can read where, so a path that the context does not have is reported
 * (`plan.titel`), whatever one plan holds. Derived from the schema, never listed by hand, so a
 * field added to the schema is known at once.
 *
 * A shape is one of: anything (not checked), a scalar, a list, an object (named properties, and
 * for maps a shape of every other key) or a union (a value of several kinds, a nullable field).
 */
import { readPackageJson } from '../paths';

export type Shape =
  | { kind: 'any' }
  | { kind: 'scalar'; type: 'string' | 'number' | 'boolean' | 'null' }
  | { kind: 'array'; items: Shape }
  /** `rest` is the shape of keys not in `properties` (a map), or null when there are none. */
  | { kind: 'object'; properties: Map<string, Shape>; rest: Shape | null }
  | { kind: 'union'; members: Shape[] };

export type ObjectShape = Extract<Shape, { kind: 'object' }>;

export const ANY: Shape = { kind: 'any' };
const SCALARS = {
  string: { kind: 'scalar', type: 'string' },
  number: { kind: 'scalar', type: 'number' },
  boolean: { kind: 'scalar', type: 'boolean' },
  null: { kind: 'scalar', type: 'null' },
} as const satisfies Record<string, Shape>;

export const scalar = (type: keyof typeof SCALARS): Shape => SCALARS[type];

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shapes of one schema document, made on demand (the schema is recursive: sections hold sections). */
class SchemaShapes {
  private readonly shapes = new Map<SchemaNode, Shape>();

  constructor(private readonly root: SchemaNode) {}

  shapeOf(node: unknown): Shape {
    if (node === true || !isNode(node)) return ANY;
    const known = this.shapes.get(node);
    if (known) return known;
    const alternatives = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
    if (Array.isArray(alternatives)) {
      const union: Shape = { kind: 'union', members: [] };
      this.shapes.set(node, union);
      union.members.push(...alternatives.map((alternative) => this.shapeOf(alternative)));
      return union;
    }
    if (typeof node.$ref === 'string' && !isObjectSchema(node)) {
      const shape = this.shapeOf(this.resolve(node.$ref));
      this.shapes.set(node, shape);
      return shape;
    }
    if (isObjectSchema(node)) {
      const object: ObjectShape = { kind: 'object', properties: new Map(), rest: null };
      this.shapes.set(node, object);
      this.fillObject(object, node);
      return object;
    }
    const shape = this.valueShape(node);
    this.shapes.set(node, shape);
    return shape;
  }

  /** Properties of an object schema and of the schemas it builds on ($ref, allOf); closed when any says so. */
  private fillObject(object: ObjectShape, node: SchemaNode): void {
    const parts = [node, ...(typeof node.$ref === 'string' ? [this.resolve(node.$ref)] : [])];
    if (Array.isArray(node.allOf)) parts.push(...node.allOf.filter(isNode));
    let closed = false;
    let rest: Shape | null = null;
    for (const part of parts) {
      for (const [name, property] of Object.entries(isNode(part.properties) ? part.properties : {})) {
        if (!object.properties.has(name)) object.properties.set(name, this.shapeOf(property));
      }
      if (part.additionalProperties === false || part.unevaluatedProperties === false) closed = true;
      else if (isNode(part.additionalProperties)) rest = this.shapeOf(part.additionalProperties);
    }
    object.rest = closed ? null : (rest ?? ANY);
  }

  private valueShape(node: SchemaNode): Shape {
    if ('const' in node) return literalShape(node.const);
    if (Array.isArray(node.enum)) return union(node.enum.map(literalShape));
    const types = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
    if (types.length === 0) return ANY;
    return union(
      types.map((type): Shape => {
        switch (type) {
          case 'array':
            return { kind: 'array', items: this.shapeOf(node.items ?? true) };
          case 'object':
            return { kind: 'object', properties: new Map(), rest: ANY };
          case 'integer':
            return SCALARS.number;
          case 'string':
          case 'number':
          case 'boolean':
          case 'null':
            return SCALARS[type];
          default:
            return ANY;
        }
      }),
    );
  }

  /** A local reference ("#/$defs/plan"). */
  private resolve(ref: string): SchemaNode {
    let node: unknown = this.root;
    for (const segment of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) {
      node = isNode(node) ? node[segment.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    }
    if (!isNode(node)) throw new Error(`The template context schema refers to ${ref}, which it does not define.`);
    return node;
  }
}

function isObjectSchema(node: SchemaNode): boolean {
  return node.type === 'object' || isNode(node.properties);
}

function literalShape(value: unknown): Shape {
  if (value === null) return SCALARS.null;
  switch (typeof value) {
    case 'string':
      return SCALARS.string;
    case 'number':
      return SCALARS.number;
    case 'boolean':
      return SCALARS.boolean;
    default:
      return ANY;
  }
}

/** One shape for several: itself when there is one, `any` when any member is. */
export function union(shapes: Shape[]): Shape {
  const members: Shape[] = [];
  for (const shape of shapes.flatMap((s) => (s.kind === 'union' ? s.members : [s]))) {
    if (shape.kind === 'any') return ANY;
    if (!members.includes(shape)) members.push(shape);
  }
  return members.length === 1 ? members[0] : { kind: 'union', members };
}

/** The shape of the values a JSON Schema describes (local $refs, oneOf/anyOf/allOf, types, properties, items). */
export function shapeOfSchema(schema: object): Shape {
  return new SchemaShapes(schema as SchemaNode).shapeOf(schema);
}

let contextRoot: Shape | undefined;

/** The shape of the whole context a layout template receives. */
export function templateContextShape(): Shape {
  contextRoot ??= shapeOfSchema(readPackageJson<object>('schemas/template-context.schema.json'));
  return contextRoot;
}

/** The shape of `shape.name`, or null when the context has no such thing there. */
export function propertyOf(shape: Shape, name: string): Shape | null {
  switch (shape.kind) {
    case 'any':
      return ANY;
    case 'scalar':
      return shape.type === 'string' && name === 'length' ? SCALARS.number : null;
    case 'array':
      if (name === 'length') return SCALARS.number;
      return /^\d+$/.test(name) ? shape.items : null;
    case 'object':
      return shape.properties.get(name) ?? shape.rest;
    case 'union': {
      const found = shape.members.map((member) => propertyOf(member, name)).filter((s): s is Shape => s !== null);
      return found.length > 0 ? union(found) : null;
    }
  }
}

/** What `{{#each}}` over a shape gives each turn: a list's items, a map's values. */
export function elementOf(shape: Shape): Shape {
  switch (shape.kind) {
    case 'array':
      return shape.items;
    case 'object':
      return union([...shape.properties.values(), ...(shape.rest ? [shape.rest] : [])]);
    case 'union': {
      // A nullable list: null is not iterated, so only the list's items count.
      const iterable = shape.members.filter((member) => member.kind !== 'scalar');
      return iterable.length > 0 ? union(iterable.map(elementOf)) : ANY;
    }
    default:
      // A scalar is not iterated at all; nothing inside the block runs, so nothing is checked.
      return ANY;
  }
}

/** The names readable on a shape, for "did you mean". */
export function namesOf(shape: Shape): string[] {
  switch (shape.kind) {
    case 'object':
      return [...shape.properties.keys()];
    case 'union':
      return [...new Set(shape.members.flatMap(namesOf))];
    case 'array':
      return ['length'];
    default:
      return [];
  }
}

/** True for a list, or a union of lists and nothing (a nullable list). */
export function isList(shape: Shape): boolean {
  if (shape.kind === 'array') return true;
  if (shape.kind !== 'union') return false;
  return shape.members.some(isList) && shape.members.every((m) => isList(m) || m === SCALARS.null);
}

/** "text", "a number", "a list": what a scalar or list is, in a message. */
export function describeShape(shape: Shape): string {
  switch (shape.kind) {
    case 'scalar':
      return { string: 'text', number: 'a number', boolean: 'true or false', null: 'always empty' }[shape.type];
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'union':
      return [...new Set(shape.members.map(describeShape))].join(' or ');
    default:
      return 'anything';
  }
}
