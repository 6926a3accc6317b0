/**
 * Markup Compatibility (ECMA-376 Part 3, §9) as a consumer applies it before reading a part: what
 * Word does with the Word 2010+ extensions our DOCX carries (w14, w15, wp14... declared in
 * `mc:Ignorable`). A schema-validating reader that understands only the ECMA-376 namespaces drops
 * elements and attributes of ignorable namespaces it does not understand (unwrapping the elements
 * `mc:ProcessContent` names), takes the first `mc:Choice` of an `mc:AlternateContent` whose
 * `Requires` it understands (else its `mc:Fallback`), and refuses a part whose `mc:MustUnderstand`
 * names a namespace it does not know. What remains must be valid against the ECMA-376 schemas;
 * anything else left in a foreign namespace is an error, as it is for Word.
 */
import { DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';

export const MC_NAMESPACE = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const ELEMENT_NODE = 1;

type Knows = (namespace: string | null) => boolean;

export class MarkupCompatibilityError extends Error {}

interface Scope {
  ignorable: ReadonlySet<string>;
  /** Namespace -> local names whose content is kept when the element is dropped ("*": all). */
  processContent: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * The part as a consumer understanding exactly `understood` (namespace URIs) reads it. Throws a
 * MarkupCompatibilityError for markup the rules make fatal (a MustUnderstand namespace not
 * understood, a prefix that names no namespace).
 */
export function applyMarkupCompatibility(xml: string, understood: ReadonlySet<string>): string {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => level !== 'warning' && errors.push(message),
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !document.documentElement)
    throw new MarkupCompatibilityError(`not well-formed XML: ${errors[0] ?? 'no root element'}`);
  const knows = (namespace: string | null) =>
    namespace === null || namespace === MC_NAMESPACE || namespace === XML_NAMESPACE || understood.has(namespace);
  processElement(document.documentElement, { ignorable: new Set(), processContent: new Map() }, knows);
  return new XMLSerializer().serializeToString(document);
}

function processElement(element: Element, outer: Scope, knows: Knows): void {
  const scope = elementScope(element, outer);
  for (const namespace of prefixList(element, 'MustUnderstand')) {
    if (!knows(namespace))
      throw new MarkupCompatibilityError(
        `<${element.tagName}> must be understood in ${namespace}, which the schemas do not define`,
      );
  }
  for (const attribute of Array.from(element.attributes)) {
    const namespace = attribute.namespaceURI;
    const ignored =
      namespace !== null && namespace !== XMLNS_NAMESPACE && scope.ignorable.has(namespace) && !knows(namespace);
    if (namespace === MC_NAMESPACE || ignored) element.removeAttributeNode(attribute);
  }
  // Nodes still to look at, with the scope they are read in: content taken out of an
  // AlternateContent or an ignored element takes that element's place and is looked at in turn.
  const pending: [Node, Scope][] = Array.from(element.childNodes, (node): [Node, Scope] => [node, scope]).reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, nodeScope] = next;
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (child.namespaceURI === MC_NAMESPACE && child.localName === 'AlternateContent') {
      const [content, contentScope] = selectedContent(child, nodeScope, knows);
      pending.push(
        ...replace(child, content)
          .map((n): [Node, Scope] => [n, contentScope])
          .reverse(),
      );
    } else if (
      child.namespaceURI !== null &&
      nodeScope.ignorable.has(child.namespaceURI) &&
      !knows(child.namespaceURI)
    ) {
      const innerScope = elementScope(child, nodeScope);
      const kept = innerScope.processContent.get(child.namespaceURI);
      const unwrap = kept !== undefined && (kept.has('*') || kept.has(child.localName ?? ''));
      pending.push(
        ...replace(child, unwrap ? Array.from(child.childNodes) : [])
          .map((n): [Node, Scope] => [n, innerScope])
          .reverse(),
      );
    } else {
      processElement(child, nodeScope, knows);
    }
  }
}

/** The scope of `element`: its own Ignorable and ProcessContent declarations added to the outer ones. */
function elementScope(element: Element, outer: Scope): Scope {
  const own = prefixList(element, 'Ignorable');
  const processContent = element.getAttributeNS(MC_NAMESPACE, 'ProcessContent');
  if (own.length === 0 && !processContent) return outer;
  const contents = new Map<string, Set<string>>(
    Array.from(outer.processContent, ([namespace, names]) => [namespace, new Set(names)]),
  );
  for (const name of (processContent ?? '').split(/\s+/).filter(Boolean)) {
    const [prefix, local] = name.split(':');
    const namespace = resolvePrefix(element, prefix, 'ProcessContent');
    contents.set(namespace, new Set([...(contents.get(namespace) ?? []), local ?? '*']));
  }
  return { ignorable: new Set([...outer.ignorable, ...own]), processContent: contents };
}

/** The namespaces the prefixes of an mc attribute name (Ignorable, MustUnderstand, Requires). */
function prefixList(element: Element, attribute: string, namespace: string | null = MC_NAMESPACE): string[] {
  const value = namespace ? element.getAttributeNS(namespace, attribute) : element.getAttribute(attribute);
  return (value ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((prefix) => resolvePrefix(element, prefix, attribute));
}

function resolvePrefix(element: Element, prefix: string, attribute: string): string {
  const namespace = element.lookupNamespaceURI(prefix);
  if (!namespace)
    throw new MarkupCompatibilityError(
      `mc:${attribute} of <${element.tagName}> names the prefix "${prefix}", which is not declared`,
    );
  return namespace;
}

/** The content of the first Choice whose Requires are all understood, else of the Fallback, else nothing. */
function selectedContent(alternate: Element, scope: Scope, knows: Knows): [Node[], Scope] {
  const branches = Array.from(alternate.childNodes).filter((node): node is Element => node.nodeType === ELEMENT_NODE);
  const isBranch = (branch: Element, name: string) => branch.namespaceURI === MC_NAMESPACE && branch.localName === name;
  const chosen =
    branches.find((branch) => isBranch(branch, 'Choice') && prefixList(branch, 'Requires', null).every(knows)) ??
    branches.find((branch) => isBranch(branch, 'Fallback'));
  return chosen ? [Array.from(chosen.childNodes), elementScope(chosen, elementScope(alternate, scope))] : [[], scope];
}

/** Puts `nodes` where `element` was; returns them. */
function replace(element: Element, nodes: Node[]): Node[] {
  const parent = element.parentNode;
  if (!parent) return [];
  for (const node of nodes) parent.insertBefore(node, element);
  parent.removeChild(element);
  return nodes;
}
