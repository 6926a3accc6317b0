/**
 * Helpers for the deployment tests: render a kustomization with the real kubectl, validate objects
 * against the Kubernetes schemas (kubernetes-models), read the environment variables the service
 * knows from its config loader.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = path.join(__dirname, '../..');

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
}

/** `kubectl kustomize <dir>`: the YAML `kubectl apply -k <dir>` would send. */
export function kustomize(dir: string): string {
  return execFileSync('kubectl', ['kustomize', path.join(ROOT, dir)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function parseObjects(yamlText: string): K8sObject[] {
  return parseAllDocuments(yamlText).map((doc) => {
    if (doc.errors.length > 0) throw new Error(doc.errors[0].message);
    return doc.toJS() as K8sObject;
  });
}

/**
 * Validates objects against the Kubernetes schemas with scripts/validate-k8s.mjs (kubernetes-models
 * ships ES modules only, which Node runs natively and Jest's CommonJS runtime does not).
 * Returns its report, one line per object, and whether all were valid.
 */
export function validateObjects(yamlText: string): { ok: boolean; report: string[] } {
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/validate-k8s.mjs')], {
    input: yamlText,
    encoding: 'utf8',
  });
  return { ok: run.status === 0, report: run.stdout.trim().split('\n') };
}

export function only(objects: K8sObject[], kind: string): K8sObject {
  const found = objects.filter((o) => o.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`);
  return found[0];
}

export function selects(matchLabels: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.keys(matchLabels).length > 0 && Object.entries(matchLabels).every(([k, v]) => labels?.[k] === v);
}

/** Kubernetes quantities: "1280Mi" -> MiB, "2" / "1500m" -> cores. */
const MEBIBYTES_PER_UNIT: Record<string, number> = { '': 1 / (1024 * 1024), Ki: 1 / 1024, Mi: 1, Gi: 1024 };
export const mebibytes = (quantity: string): number => {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi)?$/.exec(quantity);
  if (!match) throw new Error(`unsupported memory quantity ${quantity}`);
  return Number(match[1]) * MEBIBYTES_PER_UNIT[match[2] ?? ''];
};
export const cores = (quantity: string): number =>
  quantity.endsWith('m') ? Number(quantity.slice(0, -1)) / 1000 : Number(quantity);

/** Every environment variable src/config.ts reads (`env.NAME` or a helper called with `(env, 'NAME'`). */
export function configVariables(): string[] {
  const source = fs.readFileSync(path.join(ROOT, 'src/config.ts'), 'utf8');
  const names = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\(env, '([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1] ?? m[2]);
  return [...new Set(names)].sort();
}

/**
 * Renders a copy of an overlay after `edit` has changed its files, as a user's own overlay made
 * from it would render (its `../../` paths still reach deploy/base and deploy/components).
 */
export function kustomizeVariant(dir: string, edit: (files: Record<string, string>) => void): string {
  const source = path.join(ROOT, dir);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-variant-'));
  try {
    const files: Record<string, string> = {};
    for (const name of fs.readdirSync(source)) files[name] = fs.readFileSync(path.join(source, name), 'utf8');
    edit(files);
    const deployFromCopy = path.relative(copy, path.join(source, '../..'));
    for (const [name, text] of Object.entries(files)) {
      const relocated = name === 'kustomization.yaml' ? text.replaceAll('../../', `${deployFromCopy}/`) : text;
      fs.writeFileSync(path.join(copy, name), relocated);
    }
    return execFileSync('kubectl', ['kustomize', copy], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

interface EgressRule {
  to?: { ipBlock?: { cidr: string }; podSelector?: object; namespaceSelector?: object }[];
  ports?: { port: number | string; protocol?: string }[];
}

/**
 * Whether a NetworkPolicy lets the pods open a TCP connection to `url`. A host outside the cluster
 * (a name with dots that is not a `.svc` name) needs an ipBlock rule; a Service in the cluster
 * needs a pod or namespace selector rule (its port taken as the pods' port, as for Keycloak's).
 */
export function egressAllows(policy: K8sObject, url: string): boolean {
  const { hostname, port, protocol } = new URL(url);
  const portNumber = Number(port || (protocol === 'https:' ? 443 : 80));
  const inCluster = !hostname.includes('.') || /\.svc(\.cluster\.local)?$/.test(hostname);
  return (policy.spec.egress as EgressRule[]).some((rule) => {
    const portAllowed = !rule.ports || rule.ports.some((p) => p.port === portNumber && (p.protocol ?? 'TCP') === 'TCP');
    const peerAllowed =
      !rule.to ||
      rule.to.some((peer) => (inCluster ? Boolean(peer.podSelector || peer.namespaceSelector) : Boolean(peer.ipBlock)));
    return portAllowed && peerAllowed;
  });
}

/** The address the service fetches its keys from: AUTH_JWKS_URI, else the issuer (its discovery document). */
export const keySetAddress = (env: Record<string, string | undefined>): string => env.AUTH_JWKS_URI || env.AUTH_ISSUER!;
