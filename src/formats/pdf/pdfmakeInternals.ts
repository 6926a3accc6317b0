/**
 * pdfmake's and pdfkit's own classes, for the hooks this writer installs on them (engine.ts,
 * pdfkitFonts.ts, lineMeasuring.ts, lineDrawing.ts, compactOutput.ts, tagging/). Their types are not published.
 * pdfkit is resolved from pdfmake's location, so it is the copy pdfmake uses.
 */
import path from 'node:path';

/** A pdfmake or pdfkit method, as wrapped here: each wrapper states its own `this` and parameters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wrappers state their own `this` and parameters
export type Method = (this: any, ...args: any[]) => unknown;
export type Prototype = Record<string, Method>;

const pdfmakeDir = (): string => path.dirname(require.resolve('pdfmake/package.json'));

/** The class a module of pdfmake (`pdfmake/js/<name>`) exports. */
export function pdfmakeClass<T = { prototype: Prototype }>(name: string): T {
  return (require(path.join(pdfmakeDir(), 'js', name)) as { default: T }).default;
}

/** pdfkit's PDFDocument, the copy pdfmake uses. */
export function pdfkitClass<T = { prototype: Prototype }>(): T {
  return require(require.resolve('pdfkit', { paths: [pdfmakeDir()] })) as T;
}

/**
 * Replaces a method with `wrapper(original)`. Throws when pdfmake or pdfkit no longer has it,
 * naming the `hook` to update ("the tagging hooks").
 */
export function wrapMethod(prototype: object, name: string, hook: string, wrapper: (original: Method) => Method): void {
  const methods = prototype as Prototype;
  const original = methods[name];
  if (typeof original !== 'function') throw new Error(`pdfmake/pdfkit has no ${name}: update ${hook}`);
  methods[name] = wrapper(original);
}
