/**
 * Helpers for the deployment tests: render a kustomization with the real kubectl, validate objects
 * against the Kubernetes schemas (kubernetes-models), read the environment variables the service
 * knows from its config loader.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
