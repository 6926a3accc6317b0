#!/usr/bin/env node
// Validates Kubernetes objects (YAML documents on stdin, e.g. `kubectl kustomize deploy/overlays/production`)
// against the Kubernetes API schemas (kubernetes-models) and, for ServiceMonitor, the Prometheus
// Operator's. Prints one line per object; exits 1 if any object is invalid or of an unknown kind.
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

async function model(apiVersion, kind) {
  const module = apiVersion.startsWith('monitoring.coreos.com/')
    ? await import(`@kubernetes-models/prometheus-operator/${apiVersion}`)
    : await import(`kubernetes-models/${apiVersion}`).catch(() => ({}));
  return module[kind];
}

let failed = 0;
for (const doc of parseAllDocuments(readFileSync(0, 'utf8'))) {
  const object = doc.toJS();
  if (!object) continue;
  const name = `${object.apiVersion} ${object.kind} ${object.metadata?.name}`;
  const Model = await model(object.apiVersion, object.kind);
  if (!Model) {
    console.log(`INVALID ${name}: no schema for this kind`);
    failed++;
    continue;
  }
  try {
    new Model(object).validate();
    console.log(`valid ${name}`);
  } catch (error) {
    console.log(`INVALID ${name}: ${error.message.replace(/\s+/g, ' ')}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
