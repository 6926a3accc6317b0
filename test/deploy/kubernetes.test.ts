/**
 * deploy/: what `kubectl apply -k` sends is valid Kubernetes and keeps the service's own rules:
 * drains within the grace period, probes on routes the service answers, memory for every export
 * thread's heap, workers tied to the CPU limit, every environment variable configured.
 */
import request from 'supertest';
import { loadConfig } from '../../src/config';
import { startService } from '../helpers/service';
import {
  configVariables,
  cores,
  egressAllows,
  keySetAddress,
  kustomize,
  kustomizeVariant,
  mebibytes,
  only,
  parseObjects,
  selects,
  validateObjects,
  type K8sObject,
} from './manifests';

const OVERLAYS = ['deploy/overlays/production', 'deploy/overlays/shared-storage'];
/** The process base left beside the export threads' heaps (Node, express, the pool), in MiB. */
const PROCESS_BASE_MIB = 256;
/** Peak RSS of one replica with both workers rendering 100-description PDFs (`npm run test:replicas`, "sizing": 478 and 502 MiB in two runs). */
const MEASURED_PEAK_RSS_MIB = 502;

const yamlByOverlay = new Map(OVERLAYS.map((dir) => [dir, kustomize(dir)]));
const rendered = new Map<string, K8sObject[]>(OVERLAYS.map((dir) => [dir, parseObjects(yamlByOverlay.get(dir)!)]));
const production = rendered.get('deploy/overlays/production')!;
const deployment = only(production, 'Deployment');
const pod = deployment.spec.template;
const container = pod.spec.containers[0];
const configMap = only(production, 'ConfigMap');
const workersFromCpuLimit = Math.ceil(cores(container.resources.limits.cpu));
/** Production with the optional ServiceMonitor component, as an operator with Prometheus Operator adds it. */
const withServiceMonitorYaml = kustomizeVariant('deploy/overlays/production', (files) => {
  files['kustomization.yaml'] = files['kustomization.yaml'].replace(
    '# - ../../components/servicemonitor',
    '- ../../components/servicemonitor',
  );
});
const withServiceMonitor = parseObjects(withServiceMonitorYaml);
/** Production with Keycloak in the cluster: its component, and its key set fetched in the cluster. */
const IN_CLUSTER_JWKS = 'http://keycloak.keycloak.svc:8080/realms/OpenCDMP/protocol/openid-connect/certs';
const withInClusterKeycloak = parseObjects(
  kustomizeVariant('deploy/overlays/production', (files) => {
    files['kustomization.yaml'] = files['kustomization.yaml'].replace(
      '../../components/issuer-external',
      '../../components/issuer-in-cluster',
    );
    files['config.yaml'] += `  AUTH_JWKS_URI: ${IN_CLUSTER_JWKS}\n`;
  }),
);
/** The environment the container starts with (ConfigMap, then its own env; EXPORT_WORKERS from the CPU limit). */
function containerEnvironment(objects: K8sObject[]): Record<string, string> {
  const env: Record<string, string> = { ...only(objects, 'ConfigMap').data };
  for (const variable of only(objects, 'Deployment').spec.template.spec.containers[0].env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (variable.valueFrom?.resourceFieldRef?.resource === 'limits.cpu')
      env[variable.name] = String(workersFromCpuLimit);
  }
  return env;
}

describe.each(OVERLAYS)('kubectl kustomize %s', (dir) => {
  const objects = rendered.get(dir)!;

  it('renders only objects valid against the Kubernetes (and Prometheus Operator) schemas', () => {
    const { ok, report } = validateObjects(yamlByOverlay.get(dir)!);
    expect(report.filter((line) => !line.startsWith('valid '))).toEqual([]);
    expect(report).toHaveLength(objects.length);
    expect(ok).toBe(true);
  });

  it('has the objects a production deployment needs, all in one namespace', () => {
    const kinds = objects.map((o) => o.kind);
    for (const kind of [
      'ConfigMap',
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'NetworkPolicy',
    ]) {
      expect(kinds).toContain(kind);
    }
    // A cluster without the Prometheus Operator applies it too: the ServiceMonitor is a component.
    expect(kinds).not.toContain('ServiceMonitor');
    expect(new Set(objects.map((o) => o.metadata.namespace))).toEqual(new Set(['opencdmp']));
  });

  it('lets the pods fetch the key set of the identity provider it configures', () => {
    const env = containerEnvironment(objects);
    expect(egressAllows(only(objects, 'NetworkPolicy'), keySetAddress(env))).toBe(true);
  });

  it('gives the service a configuration it starts with in production, naming every variable it reads', () => {
    const env = containerEnvironment(objects);
    expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(configVariables()));
    const config = loadConfig(env);
    expect(config.production).toBe(true);
    expect(config.auth).toMatchObject({
      issuer: expect.stringMatching(/^https:\/\//),
      audience: 'plugins',
      disabled: false,
    });
    expect(config.exportWorkers).toBe(workersFromCpuLimit);
  });
});

it('the base renders without a ServiceMonitor: nothing in it needs a custom resource definition', () => {
  const kinds = parseObjects(kustomize('deploy/base')).map((o) => o.kind);
  expect(kinds.sort()).toEqual([
    'ConfigMap',
    'Deployment',
    'HorizontalPodAutoscaler',
    'PodDisruptionBudget',
    'Service',
  ]);
});

describe('the optional ServiceMonitor component', () => {
  it('adds a valid ServiceMonitor in the overlay namespace that selects the Service', () => {
    const { ok, report } = validateObjects(withServiceMonitorYaml);
    expect(report.filter((line) => !line.startsWith('valid '))).toEqual([]);
    expect(ok).toBe(true);
    const monitor = only(withServiceMonitor, 'ServiceMonitor');
    expect(monitor.metadata.namespace).toBe('opencdmp');
    const service = only(withServiceMonitor, 'Service');
    expect(selects(monitor.spec.selector.matchLabels, service.metadata.labels)).toBe(true);
    expect(monitor.spec.endpoints[0].port).toBe(service.spec.ports[0].name);
  });
});

it('the schema check rejects an invalid object (so a pass means something)', () => {
  const broken = yamlByOverlay.get('deploy/overlays/production')!.replace(/replicas: 2/, 'replicas: two');
  const { ok, report } = validateObjects(broken);
  expect(ok).toBe(false);
  expect(report).toContainEqual(expect.stringMatching(/^INVALID apps\/v1 Deployment .*replicas must be integer/));
});

describe('the production Deployment', () => {
  it('runs at least 2 replicas, spread over nodes and zones, never all down in a rollout', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    const keys = pod.spec.topologySpreadConstraints.map(
      (c: { topologyKey: string; labelSelector: { matchLabels: Record<string, string> } }) => {
        expect(selects(c.labelSelector.matchLabels, pod.metadata.labels)).toBe(true);
        return c.topologyKey;
      },
    );
    expect(keys).toEqual(expect.arrayContaining(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']));
  });

  it('lets an export in flight finish before the kill: grace period > preStop pause + EXPORT_TIMEOUT_MS', () => {
    const config = loadConfig(containerEnvironment(production));
    const preStop = container.lifecycle.preStop.exec.command as string[];
    const pauseSeconds = preStop[0] === 'sleep' ? Number(preStop[1]) : 0;
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan(pauseSeconds + config.exportTimeoutMs / 1000);
  });

  it('runs as a non-root user on a read-only root filesystem with only /tmp writable', () => {
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: expect.any(Number) });
    expect(pod.spec.securityContext.runAsUser).not.toBe(0);
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    const mounts = container.volumeMounts.map((m: { mountPath: string }) => m.mountPath);
    expect(mounts).toEqual(['/tmp']);
  });

  it('ties EXPORT_WORKERS to the CPU limit and leaves memory for every worker heap', () => {
    const workers = container.env.find((e: { name: string }) => e.name === 'EXPORT_WORKERS');
    expect(workers.valueFrom.resourceFieldRef).toMatchObject({ containerName: container.name, resource: 'limits.cpu' });
    const config = loadConfig(containerEnvironment(production));
    const limit = mebibytes(container.resources.limits.memory);
    expect(limit).toBeGreaterThanOrEqual(PROCESS_BASE_MIB + config.exportWorkers * config.exportMemoryMb);
    expect(mebibytes(container.resources.requests.memory)).toBeGreaterThanOrEqual(MEASURED_PEAK_RSS_MIB);
    expect(mebibytes(container.resources.requests.memory)).toBeLessThanOrEqual(limit);
  });

  it('probes routes the service answers, on the port it listens on', async () => {
    const port = container.ports.find((p: { name: string }) => p.name === 'http');
    expect(port.containerPort).toBe(Number(configMap.data!.PORT));
    const service = startService();
    try {
      // Ready once the first export thread has warmed up, as a pod is.
      await service.exports.warmedUp;
      for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
        expect(probe.httpGet.port).toBe('http');
        await request(service.app).get(probe.httpGet.path).expect(200);
      }
      expect(container.readinessProbe.httpGet.path).toBe('/health/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health/live');
      // The optional ServiceMonitor scrapes a route that exists too.
      const monitor = only(withServiceMonitor, 'ServiceMonitor');
      await request(service.app).get(monitor.spec.endpoints[0].path).expect(200);
    } finally {
      await service.close();
    }
  });
});

describe('the objects around the Deployment', () => {
  const podLabels = pod.metadata.labels;

  it('Service, PodDisruptionBudget and NetworkPolicy select the pods', () => {
    const service = only(production, 'Service');
    expect(selects(service.spec.selector, podLabels)).toBe(true);
    expect(service.spec.ports[0].targetPort).toBe('http');
    expect(selects(only(production, 'PodDisruptionBudget').spec.selector.matchLabels, podLabels)).toBe(true);
    expect(selects(only(production, 'NetworkPolicy').spec.podSelector.matchLabels, podLabels)).toBe(true);
    expect(selects(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
  });

  it('autoscales the Deployment on CPU and on exports in flight', () => {
    const hpa = only(production, 'HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const metrics = hpa.spec.metrics.map(
      (m: { type: string; resource?: { name: string }; pods?: { metric: { name: string } } }) =>
        m.resource?.name ?? m.pods?.metric.name,
    );
    expect(metrics).toEqual(['cpu', 'dmp_exports_in_flight']);
  });

  it('lets in only the planning service and Prometheus, and out only DNS and the identity provider', () => {
    const policy = only(production, 'NetworkPolicy');
    expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const sources = policy.spec.ingress.flatMap(
      (rule: { from: { podSelector?: { matchLabels: Record<string, string> } }[] }) => rule.from,
    );
    expect(
      sources.map(
        (s: { podSelector?: { matchLabels: Record<string, string> } }) =>
          s.podSelector?.matchLabels['app.kubernetes.io/name'],
      ),
    ).toEqual(['opencdmp-backend', 'prometheus']);
    // DNS: kube-dns pods, selected by their own labels only (none of ours).
    expect(policy.spec.egress[0].to[0].podSelector.matchLabels).toEqual({ 'k8s-app': 'kube-dns' });
    // The example issuer is outside the cluster: HTTPS out, nothing else.
    expect(policy.spec.egress.slice(1)).toEqual([
      { to: [{ ipBlock: { cidr: '0.0.0.0/0' } }], ports: [{ port: 443, protocol: 'TCP' }] },
    ]);
  });

  it('with Keycloak in the cluster, lets the pods reach its pods only, where the key set is fetched', () => {
    const policy = only(withInClusterKeycloak, 'NetworkPolicy');
    const env = containerEnvironment(withInClusterKeycloak);
    expect(keySetAddress(env)).toBe(IN_CLUSTER_JWKS);
    expect(egressAllows(policy, keySetAddress(env))).toBe(true);
    expect(policy.spec.egress.some((rule: { to: { ipBlock?: unknown }[] }) => rule.to.some((p) => p.ipBlock))).toBe(
      false,
    );
    // So the same policy with the key set outside the cluster is caught (the trip wire this guards).
    expect(egressAllows(policy, env.AUTH_ISSUER)).toBe(false);
  });
});

describe('the shared-storage overlay', () => {
  const objects = rendered.get('deploy/overlays/shared-storage')!;

  it('mounts a ReadWriteMany claim at SHARED_STORAGE_DIR, so every replica and the backend see one directory', () => {
    const env = containerEnvironment(objects);
    expect(loadConfig(env).sharedStorageDir).toBe('/shared');
    const spec = only(objects, 'Deployment').spec.template.spec;
    const mount = spec.containers[0].volumeMounts.find(
      (m: { mountPath: string }) => m.mountPath === env.SHARED_STORAGE_DIR,
    );
    const volume = spec.volumes.find((v: { name: string }) => v.name === mount.name);
    const claim = only(objects, 'PersistentVolumeClaim');
    expect(volume.persistentVolumeClaim.claimName).toBe(claim.metadata.name);
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    expect(mount.readOnly).toBeFalsy();
  });
});
