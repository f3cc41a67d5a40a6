import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { type Document, parse, parseAllDocuments } from 'yaml';

// The Kubernetes manifests (deploy/kubernetes, decisions 0322, 0880-0883) checked without a cluster
// against the Kubernetes API's own schemas, as kubeconform -strict would: kubernetes-models carries
// validators generated from the Kubernetes OpenAPI document (types, required fields, formats,
// enums), @kubernetes-models/prometheus-operator and @kubernetes-models/external-secrets the same
// for the operators' CRDs, and their TypeScript types, generated from the same documents, catch a
// field the API does not have (a misspelt `readinesProbe` is silently dropped by a cluster). Then
// what this deployment promises: rolling one pod in before one goes, migrations before a pod
// starts with no Job to delete, probes, autoscaling, disruption budgets, who may talk to whom,
// hardening, secrets as files from a Secret no one writes by hand, the compose stack's alerts.
const root = join(__dirname, '../../..');
const dir = join(root, 'deploy/kubernetes');
type Resource = { file: string; i: number; doc: Document; object: Record<string, any> };
/** The objects of a kustomization and of the components it lists, each with its file (relative to deploy/kubernetes). */
const load = (folder: string): { resources: Resource[]; files: string[] } => {
  const k = parse(readFileSync(join(dir, folder, 'kustomization.yaml'), 'utf8'));
  const files = (k.resources as string[]).map((f) => join(folder, f));
  const resources: Resource[] = files.flatMap((file) =>
    parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc, i) => ({
      file,
      i,
      doc,
      object: doc.toJS() as Record<string, any>,
    })),
  );
  for (const component of (k.components ?? []) as string[]) {
    const loaded = load(join(folder, component));
    resources.push(...loaded.resources);
    files.push(...loaded.files);
  }
  return { resources, files };
};
const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'));
const { resources, files: listed } = load('.');
const find = (kind: string, name: string) =>
  resources.find((r) => r.object.kind === kind && r.object.metadata.name === name);
const byKind = (kind: string, name: string) => {
  const found = find(kind, name);
  if (!found) throw new Error(`no ${kind}/${name} in deploy/kubernetes`);
  return found.object;
};
const ofKind = (kind: string) => resources.filter((r) => r.object.kind === kind).map((r) => r.object);
const config = () => byKind('ConfigMap', 'local-creators').data as Record<string, string>;

/** The npm module modelling an apiVersion and kind: `apps/v1` Deployment → kubernetes-models/apps/v1/Deployment (as kubernetes-validate.mjs). */
const PACKAGES: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'external-secrets.io': '@kubernetes-models/external-secrets',
};
const modelPath = (apiVersion: string, kind: string) =>
  `${PACKAGES[apiVersion.split('/')[0]!] ?? 'kubernetes-models'}/${apiVersion}/${kind}`;

type Labels = Record<string, string>;
type Selector = { matchLabels?: Labels; matchExpressions?: { key: string; operator: string; values?: string[] }[] };
/** Kubernetes' label selector: every matchLabels pair and every expression hold (an empty selector selects all). */
const selects = (selector: Selector, labels: Labels) =>
  Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in labels && values.includes(labels[key]!);
    if (operator === 'NotIn') return !(key in labels) || !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    throw new Error(`unknown selector operator ${operator}`);
  });

/** A party to a connection: a pod (its namespace's labels, its labels, its containers' named ports), or an address outside the cluster. */
type Party = { outside: true } | { namespace: Labels; pod: Labels; ports?: Record<string, number> };
const NAMESPACE = { 'kubernetes.io/metadata.name': 'local-creators' };
const podOf = (deployment: string): { namespace: Labels; pod: Labels; ports: Record<string, number> } => {
  const spec = byKind('Deployment', deployment).spec.template;
  const ports = Object.fromEntries(
    (spec.spec.containers as { ports?: { name: string; containerPort: number }[] }[])
      .flatMap((c) => c.ports ?? [])
      .map((p) => [p.name, p.containerPort]),
  );
  return { namespace: NAMESPACE, pod: spec.metadata.labels, ports };
};
const INGRESS_CONTROLLER: Party = {
  namespace: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
  pod: { 'app.kubernetes.io/name': 'ingress-nginx' },
};
const PROMETHEUS: Party = {
  namespace: { 'kubernetes.io/metadata.name': 'monitoring' },
  pod: { 'app.kubernetes.io/name': 'prometheus' },
};
const DNS: Party = { namespace: { 'kubernetes.io/metadata.name': 'kube-system' }, pod: { 'k8s-app': 'kube-dns' } };
const STRANGER: Party = { namespace: NAMESPACE, pod: { run: 'debug' } };
const OUTSIDE: Party = { outside: true };
/** The monitoring component's exporters (monitoring/exporters.yaml), named as the compose stack's services. */
const EXPORTERS = ['postgres-exporter', 'redis-exporter', 'blackbox-exporter'] as const;

type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: { cidr: string; except?: string[] } };
const peerMatches = (peer: Peer, party: Party) => {
  if ('outside' in party) return peer.ipBlock !== undefined && ['0.0.0.0/0', '::/0'].includes(peer.ipBlock.cidr);
  if (peer.ipBlock) return false;
  // A peer with a podSelector alone means pods of the policy's own namespace.
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, party.namespace)
    : party.namespace['kubernetes.io/metadata.name'] === 'local-creators';
  return namespaceOk && (peer.podSelector ? selects(peer.podSelector, party.pod) : true);
};
/**
 * Whether the NetworkPolicies let `from` open a connection to `to` on a port, as a cluster enforces
 * them: each side in local-creators is bound by the policies that select it (for egress or ingress),
 * and is let through by any rule of any of them. A named port is the destination pod's.
 */
const allowed = (from: Party, to: Party, port: number, protocol: 'TCP' | 'UDP' = 'TCP') => {
  const policies = ofKind('NetworkPolicy');
  const portMatches = (rulePorts: { port?: number | string; protocol?: string }[] | undefined) =>
    !rulePorts ||
    rulePorts.some(
      (p) =>
        (p.protocol ?? 'TCP') === protocol &&
        (p.port === undefined ||
          p.port === port ||
          (typeof p.port === 'string' && !('outside' in to) && to.ports?.[p.port] === port)),
    );
  const side = (pod: Party, direction: 'Egress' | 'Ingress', other: Party) => {
    if ('outside' in pod || pod.namespace['kubernetes.io/metadata.name'] !== 'local-creators') return true;
    const binding = policies.filter(
      (p) => (p.spec.policyTypes as string[]).includes(direction) && selects(p.spec.podSelector, pod.pod),
    );
    if (binding.length === 0) return true;
    const rules = binding.flatMap((p) => (direction === 'Egress' ? (p.spec.egress ?? []) : (p.spec.ingress ?? []))) as {
      to?: Peer[];
      from?: Peer[];
      ports?: [];
    }[];
    return rules.some((r) => {
      const peers = direction === 'Egress' ? r.to : r.from;
      return (!peers || peers.some((peer) => peerMatches(peer, other))) && portMatches(r.ports);
    });
  };
  return side(from, 'Egress', to) && side(to, 'Ingress', from);
};

describe('deploy/kubernetes', () => {
  const pods = () =>
    resources.filter(({ object }) => object.spec?.template?.spec).map(({ object }) => object.spec.template.spec);
  const appPods = () => ['api', 'worker'].map((name) => byKind('Deployment', name).spec.template.spec);
  const containersOf = (pod: { containers: any[]; initContainers?: any[] }) => [
    ...(pod.initContainers ?? []),
    ...pod.containers,
  ];

  it('lists every manifest of the folder and its components in the kustomizations, and names the image it sets', () => {
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
      (f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml'),
    );
    expect([...listed].sort()).toEqual(files.sort());
    // Each component folder is a kustomize Component (a Kustomization there would not be merged in).
    for (const component of kustomization.components as string[]) {
      expect(parse(readFileSync(join(dir, component, 'kustomization.yaml'), 'utf8'))).toMatchObject({
        apiVersion: 'kustomize.config.k8s.io/v1alpha1',
        kind: 'Component',
      });
    }
    const images = appPods().flatMap((pod) => containersOf(pod).map((c: { image: string }) => c.image));
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(new Set(images)).toEqual(new Set([kustomization.images[0].name]));
    // The exporters run the images (and versions) the compose stack runs and test:compose scrapes.
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).services;
    for (const name of EXPORTERS) {
      expect({ name, image: byKind('Deployment', name).spec.template.spec.containers[0].image }).toEqual({
        name,
        image: compose[name].image,
      });
    }
  });

  it("validates every object against the Kubernetes schemas and the operators' CRDs", () => {
    // kubernetes-models is an ES module only (its exports have no `require`): it runs in a node of its own.
    const validate = join(__dirname, '../helpers/kubernetes-validate.mjs');
    const input = JSON.stringify(
      resources.map(({ file, i, object }) => ({
        where: `${file}#${i} ${object.kind}/${object.metadata?.name}`,
        object,
      })),
    );
    const out = execFileSync(process.execPath, [validate], { cwd: root, input, encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(out)).toEqual([]);
    expect(new Set(resources.map(({ object }) => object.kind))).toEqual(
      new Set([
        'Namespace',
        'ConfigMap',
        'Deployment',
        'Service',
        'PodDisruptionBudget',
        'HorizontalPodAutoscaler',
        'Ingress',
        'NetworkPolicy',
        'ServiceMonitor',
        'Probe',
        'PrometheusRule',
        'ExternalSecret',
      ]),
    );
  });

  it('finds a broken object: the validator names a wrong type in a CRD and in a built-in object', () => {
    const validate = join(__dirname, '../helpers/kubernetes-validate.mjs');
    const monitor = structuredClone(byKind('ServiceMonitor', 'local-creators'));
    monitor.spec.endpoints[0].interval = 15;
    const hpa = structuredClone(byKind('HorizontalPodAutoscaler', 'api'));
    hpa.spec.minReplicas = 'two';
    const input = JSON.stringify([
      { where: 'broken ServiceMonitor', object: monitor },
      { where: 'broken HorizontalPodAutoscaler', object: hpa },
      {
        where: 'unknown kind',
        object: { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitors', metadata: { name: 'x' } },
      },
    ]);
    const problems = JSON.parse(
      execFileSync(process.execPath, [validate], { cwd: root, input, encoding: 'utf8', timeout: 60_000 }),
    ) as string[];
    expect(problems).toEqual([
      expect.stringMatching(/^broken ServiceMonitor: .*interval/),
      expect.stringMatching(/^broken HorizontalPodAutoscaler: .*minReplicas/),
      'unknown kind: no schema for monitoring.coreos.com/v1 ServiceMonitors',
    ]);
  });

  it('has no field the Kubernetes API does not know (the schemas as TypeScript types, excess properties refused)', () => {
    const check = join(dir, '__manifests_check__.ts');
    const lines = resources.map(({ object }, n) => {
      const type = `I${object.kind}`;
      return `import type { ${type} as T${n} } from '${modelPath(object.apiVersion, object.kind)}';\nexport const r${n}: T${n} = ${JSON.stringify(object)};`;
    });
    const source = lines.join('\n');
    const host = ts.createCompilerHost({});
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (f) => (f === check ? source : readFile(f));
    host.fileExists = (f) => f === check || fileExists(f);
    const program = ts.createProgram(
      [check],
      {
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        types: [],
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
      },
      host,
    );
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
      const { object, file, i } = resources[Math.floor(at / 2)] ?? {
        object: { kind: '?', metadata: {} },
        file: '?',
        i: 0,
      };
      return `${file}#${i} ${object.kind}/${object.metadata?.name}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it('rolls the api and the workers one new pod in before an old one goes; the api is ready on /api/health', () => {
    for (const name of ['api', 'worker']) {
      expect(byKind('Deployment', name).spec.strategy).toEqual({
        type: 'RollingUpdate',
        rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
      });
    }
    expect(byKind('Deployment', 'worker').spec.replicas).toBeGreaterThanOrEqual(2);
    const api = byKind('Deployment', 'api').spec.template.spec;
    expect(api.containers[0].readinessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    // Longer than the api's own drain (SHUTDOWN_DRAIN_S, 5 s) plus what is in flight.
    expect(api.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15);
    expect(byKind('Deployment', 'worker').spec.template.spec.containers[0].livenessProbe.exec.command).toEqual([
      'lc-health',
      'worker',
    ]);
  });

  it('migrates before any new api or worker pod starts, in the pod itself: no Job, nothing to delete per release, nothing probed', () => {
    expect(ofKind('Job')).toEqual([]);
    for (const name of ['api', 'worker']) {
      const pod = byKind('Deployment', name).spec.template.spec;
      expect(pod.initContainers).toHaveLength(1);
      const [migrate] = pod.initContainers;
      expect(migrate.command).toEqual(['node', 'backend/dist/cli.js', 'migrate']);
      // A plain init container (no restartPolicy: not a sidecar) runs to the end before the app
      // starts and is never probed: a long migration is never killed.
      expect(migrate.restartPolicy).toBeUndefined();
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) expect(migrate[probe]).toBeUndefined();
      // The same settings, secrets and CA as the app container.
      expect(migrate.envFrom).toEqual(pod.containers[0].envFrom);
      expect(migrate.volumeMounts).toEqual(pod.containers[0].volumeMounts);
    }
  });

  it('gives a slow start on a busy node time before liveness acts (startup probes), then checks liveness at once', () => {
    for (const [name, minimum] of [
      ['api', 120],
      ['worker', 60],
    ] as const) {
      const container = byKind('Deployment', name).spec.template.spec.containers[0];
      const { startupProbe, livenessProbe } = container;
      expect(startupProbe.periodSeconds * startupProbe.failureThreshold).toBeGreaterThanOrEqual(minimum);
      expect(livenessProbe.initialDelaySeconds).toBeUndefined();
    }
    const api = byKind('Deployment', 'api').spec.template.spec.containers[0];
    // The process is up, not the database: health's 503 while a database is away must not kill a starting pod.
    expect(api.startupProbe.tcpSocket).toEqual({ port: 'http' });
    expect(byKind('Deployment', 'worker').spec.template.spec.containers[0].startupProbe.exec.command).toEqual([
      'lc-health',
      'worker',
    ]);
  });

  it('scales the api on CPU between 2 and a bounded maximum, and leaves the count to the autoscaler', () => {
    const hpa = byKind('HorizontalPodAutoscaler', 'api');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'api' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.maxReplicas).toBeLessThanOrEqual(10);
    expect(hpa.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      },
    ]);
    // Utilization is a share of the request: the api container must ask for CPU.
    expect(byKind('Deployment', 'api').spec.template.spec.containers[0].resources.requests.cpu).toBeDefined();
    // A replica count in the Deployment would reset the autoscaler's on every apply.
    expect(byKind('Deployment', 'api').spec.replicas).toBeUndefined();
  });

  it('keeps one api and one worker pod through a node drain (disruption budgets below the pod counts)', () => {
    const counts = {
      api: byKind('HorizontalPodAutoscaler', 'api').spec.minReplicas,
      worker: byKind('Deployment', 'worker').spec.replicas,
    };
    for (const [name, count] of Object.entries(counts)) {
      const pdb = byKind('PodDisruptionBudget', name);
      expect(pdb.spec.minAvailable).toBe(1);
      expect(count).toBeGreaterThan(pdb.spec.minAvailable);
      expect(selects(pdb.spec.selector, byKind('Deployment', name).spec.template.metadata.labels)).toBe(true);
    }
  });

  it('lets through what each part needs and nothing else (network policies, default deny, each with its reason)', () => {
    const deny = byKind('NetworkPolicy', 'default-deny');
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    for (const { doc, object } of resources.filter((r) => r.object.kind === 'NetworkPolicy')) {
      // The comment above the object (the yaml parser hangs a file's first one on the first key).
      const contents = doc.contents as {
        commentBefore?: string;
        items?: { key?: { commentBefore?: string } }[];
      } | null;
      const why = doc.commentBefore || contents?.commentBefore || contents?.items?.[0]?.key?.commentBefore || '';
      expect({ policy: object.metadata.name, why: why.length > 20 }).toEqual({
        policy: object.metadata.name,
        why: true,
      });
    }
    const api = podOf('api');
    const worker = podOf('worker');
    const cases: [string, boolean][] = [
      ['ingress controller -> api http', allowed(INGRESS_CONTROLLER, api, 3000)],
      ['ingress controller -> api metrics', allowed(INGRESS_CONTROLLER, api, 9464)],
      ['ingress controller -> worker metrics', allowed(INGRESS_CONTROLLER, worker, 9464)],
      ['a stranger pod in the namespace -> api http', allowed(STRANGER, api, 3000)],
      ['worker -> api http', allowed(worker, api, 3000)],
      ['prometheus -> api metrics', allowed(PROMETHEUS, api, 9464)],
      ['prometheus -> worker metrics', allowed(PROMETHEUS, worker, 9464)],
      ['prometheus -> api http', allowed(PROMETHEUS, api, 3000)],
      ['outside -> api http', allowed(OUTSIDE, api, 3000)],
    ];
    for (const [name, pod] of [
      ['api', api],
      ['worker', worker],
    ] as const) {
      cases.push(
        [`${name} -> DNS udp`, allowed(pod, DNS, 53, 'UDP')],
        [`${name} -> DNS tcp`, allowed(pod, DNS, 53, 'TCP')],
        [
          `${name} -> postgres (and its migrate init container)`,
          allowed(pod, OUTSIDE, Number(new URL(config().DATABASE_URL!).port)),
        ],
        [`${name} -> redis`, allowed(pod, OUTSIDE, Number(new URL(config().REDIS_URL!).port))],
        [`${name} -> smtp submission`, allowed(pod, OUTSIDE, 587)],
        [`${name} -> smtp implicit tls`, allowed(pod, OUTSIDE, 465)],
        [`${name} -> https (S3, webhooks)`, allowed(pod, OUTSIDE, 443)],
        [`${name} -> ssh outside`, allowed(pod, OUTSIDE, 22)],
        [`${name} -> plain http outside`, allowed(pod, OUTSIDE, 80)],
        [`${name} -> a stranger pod`, allowed(pod, STRANGER, 8080)],
        [`${name} -> DNS on another port`, allowed(pod, DNS, 8080)],
      );
    }
    for (const name of EXPORTERS) {
      const exporter = podOf(name);
      const port = Object.values(exporter.ports)[0]!;
      cases.push(
        [`prometheus -> ${name} metrics`, allowed(PROMETHEUS, exporter, port)],
        [`ingress controller -> ${name} metrics`, allowed(INGRESS_CONTROLLER, exporter, port)],
        [`a stranger pod -> ${name} metrics`, allowed(STRANGER, exporter, port)],
        [`api -> ${name} metrics`, allowed(api, exporter, port)],
        [`${name} -> DNS udp`, allowed(exporter, DNS, 53, 'UDP')],
        [`${name} -> postgres`, allowed(exporter, OUTSIDE, Number(new URL(config().DATABASE_URL!).port))],
        [`${name} -> redis`, allowed(exporter, OUTSIDE, Number(new URL(config().REDIS_URL!).port))],
        [`${name} -> https`, allowed(exporter, OUTSIDE, 443)],
        [`${name} -> smtp submission`, allowed(exporter, OUTSIDE, 587)],
        [`${name} -> api http`, allowed(exporter, api, 3000)],
      );
    }
    const open = new Set([
      ...EXPORTERS.flatMap((n) => [`prometheus -> ${n} metrics`, `${n} -> DNS udp`]),
      'postgres-exporter -> postgres',
      'redis-exporter -> redis',
      'blackbox-exporter -> https',
      'ingress controller -> api http',
      'prometheus -> api metrics',
      'prometheus -> worker metrics',
      ...['api', 'worker'].flatMap((n) => [
        `${n} -> DNS udp`,
        `${n} -> DNS tcp`,
        `${n} -> postgres (and its migrate init container)`,
        `${n} -> redis`,
        `${n} -> smtp submission`,
        `${n} -> smtp implicit tls`,
        `${n} -> https (S3, webhooks)`,
      ]),
    ]);
    expect(Object.fromEntries(cases)).toEqual(Object.fromEntries(cases.map(([name]) => [name, open.has(name)])));
  });

  it('routes through a named ingress class', () => {
    expect(byKind('Ingress', 'local-creators').spec.ingressClassName).toEqual(expect.stringMatching(/^[a-z0-9-]+$/));
  });

  it('has Prometheus scrape every api and worker pod as job "local-creators", the job the alerts watch', () => {
    const monitor = byKind('ServiceMonitor', 'local-creators');
    const services = ofKind('Service').filter((s) => selects(monitor.spec.selector, s.metadata.labels ?? {}));
    expect(services.map((s) => s.metadata.name).sort()).toEqual(['api', 'worker']);
    const job = parse(readFileSync(join(root, 'deploy/monitoring/prometheus.yml'), 'utf8')).scrape_configs[0].job_name;
    expect(readFileSync(join(root, 'deploy/monitoring/alerts.yml'), 'utf8')).toContain(`up{job="${job}"}`);
    expect(monitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    for (const service of services) {
      expect(service.metadata.labels[monitor.spec.jobLabel]).toBe(job);
      const port = service.spec.ports.find((p: { name: string }) => p.name === 'metrics');
      const deployment = byKind('Deployment', service.metadata.name);
      expect(selects({ matchLabels: service.spec.selector }, deployment.spec.template.metadata.labels)).toBe(true);
      expect(podOf(service.metadata.name)).toMatchObject({
        ports: { [port.targetPort]: Number(config().METRICS_PORT) },
      });
    }
  });

  it("carries the compose stack's alert rules (deploy/monitoring/alerts.yml) in its PrometheusRule, but for what only the stack's own services make", () => {
    // If this fails after an edit of alerts.yml or postgres-exporter.yml: `npm run kubernetes:rules` writes both anew.
    const generated = JSON.parse(
      execFileSync(process.execPath, [join(root, 'scripts/kubernetes-rules.mjs'), '--print'], { encoding: 'utf8' }),
    ) as Record<string, string>;
    for (const [file, text] of Object.entries(generated)) expect(readFileSync(join(root, file), 'utf8')).toBe(text);
    type Rule = { alert: string; expr: string };
    const compose = (
      parse(readFileSync(join(root, 'deploy/monitoring/alerts.yml'), 'utf8')).groups as { rules: Rule[] }[]
    ).flatMap((g) => g.rules);
    const kept = (byKind('PrometheusRule', 'local-creators').spec.groups as { rules: Rule[] }[]).flatMap(
      (g) => g.rules,
    );
    // Managed PostgreSQL and photos on S3: their disks, WAL archive and backups are the provider's.
    expect(compose.map((r) => r.alert).filter((a) => !kept.some((k) => k.alert === a))).toEqual([
      'DiskFilling',
      'WalArchiveFailing',
      'BackupTooOld',
    ]);
    for (const rule of kept) {
      const same = compose.find((r) => r.alert === rule.alert)!;
      // The proxy is the ingress controller: its requests of this Ingress.
      if (rule.alert === 'ProxyErrors') {
        expect(rule.expr).toContain('nginx_ingress_controller_requests{ingress="local-creators", status=~"5.."}');
        expect({ ...rule, expr: same.expr }).toEqual(same);
      } else expect(rule).toEqual(same);
    }
    // Every job a kept rule names is scraped there: the app's pods, the exporters, the site's probe.
    const jobs = new Set([
      ...ofKind('ServiceMonitor').flatMap((monitor) =>
        ofKind('Service')
          .filter((s) => selects(monitor.spec.selector, s.metadata.labels ?? {}))
          .map((s) => s.metadata.labels[monitor.spec.jobLabel] as string),
      ),
      ...ofKind('Probe').map((probe) => probe.spec.jobName as string),
    ]);
    expect([...jobs].sort()).toEqual(['local-creators', 'postgres', 'redis', 'site']);
    const named = kept.flatMap((r) => [...r.expr.matchAll(/job="([^"]+)"/g)].map((m) => m[1]!));
    expect(named.filter((job) => !jobs.has(job))).toEqual([]);
    const exporterDown = kept.find((r) => r.alert === 'ExporterDown')!.expr;
    for (const job of ['postgres', 'redis', 'site']) expect(jobs.has(job) && exporterDown.includes(job)).toBe(true);
  });

  it("runs the exporters of the managed PostgreSQL and Redis and probes the site, each scraped as the job the compose stack's Prometheus names", () => {
    const scrape = parse(readFileSync(join(root, 'deploy/monitoring/prometheus.yml'), 'utf8')).scrape_configs as {
      job_name: string;
      static_configs?: { targets: string[] }[];
      params?: { module: string[] };
    }[];
    const composeJob = (target: string) =>
      scrape.find((j) => j.static_configs?.some((c) => c.targets.some((t) => t.startsWith(target))))!;
    const monitor = byKind('ServiceMonitor', 'exporters');
    const scraped = ofKind('Service').filter((s) => selects(monitor.spec.selector, s.metadata.labels ?? {}));
    expect(scraped.map((s) => s.metadata.name).sort()).toEqual(['postgres-exporter', 'redis-exporter']);
    for (const service of scraped) {
      const port = service.spec.ports.find((p: { name: string }) => p.name === monitor.spec.endpoints[0].port);
      expect(service.metadata.labels[monitor.spec.jobLabel]).toBe(
        composeJob(`${service.metadata.name}:${port.port}`).job_name,
      );
      expect(podOf(service.metadata.name).ports.metrics).toBe(port.port);
    }
    // The site: PUBLIC_URL's health through the blackbox exporter's Service, with the module it defines.
    const probe = byKind('Probe', 'site');
    const site = composeJob('https://');
    expect(probe.spec.jobName).toBe(site.job_name);
    expect(probe.spec.targets.staticConfig.static).toEqual([`${config().PUBLIC_URL}/api/health`]);
    const blackbox = byKind('Service', 'blackbox-exporter');
    expect(probe.spec.prober.url).toBe(`blackbox-exporter.local-creators.svc:${blackbox.spec.ports[0].port}`);
    expect(probe.spec.module).toBe(site.params!.module[0]);
    expect(Object.keys(parse(byKind('ConfigMap', 'blackbox-exporter').data['blackbox.yml']).modules)).toEqual([
      probe.spec.module,
    ]);

    // They sign in where the app does, with the app's stored passwords, as files.
    const settings = byKind('ConfigMap', 'exporters').data as Record<string, string>;
    const database = new URL(config().DATABASE_URL!);
    expect(`postgres://${database.username}@${settings.DATA_SOURCE_URI}`).toBe(config().DATABASE_URL);
    expect(settings.DATA_SOURCE_USER).toBe(database.username);
    const redis = new URL(config().REDIS_URL!);
    expect(settings.REDIS_ADDR).toBe(`${redis.protocol}//${redis.host}`);
    expect(settings.REDIS_EXPORTER_TLS_CA_CERT_FILE).toBe(redis.searchParams.get('sslrootcert'));
    const mounted = (name: string, file: string) => {
      const pod = byKind('Deployment', name).spec.template.spec;
      const mount = pod.containers[0].volumeMounts.find((m: { mountPath: string }) =>
        file.startsWith(`${m.mountPath}/`),
      );
      return {
        volume: pod.volumes.find((v: { name: string }) => v.name === mount.name),
        key: file.slice(mount.mountPath.length + 1),
      };
    };
    const pgPassword = mounted('postgres-exporter', settings.DATA_SOURCE_PASS_FILE!);
    expect(pgPassword.volume.secret).toMatchObject({
      secretName: 'local-creators',
      items: [{ key: 'postgres_password', path: pgPassword.key }],
    });
    expect(config().DATABASE_PASSWORD_FILE).toMatch(/\/postgres_password$/);
    const queries = mounted(
      'postgres-exporter',
      byKind('Deployment', 'postgres-exporter').spec.template.spec.containers[0].args[0].split('=')[1],
    );
    expect(Object.keys(byKind('ConfigMap', queries.volume.configMap.name).data)).toEqual([queries.key]);
    // The Redis exporter's password file, the JSON map it reads, made from the app's stored password.
    const redisPassword = mounted('redis-exporter', settings.REDIS_PASSWORD_FILE!);
    const made = byKind('ExternalSecret', redisPassword.volume.secret.secretName);
    expect(made.spec.target.name).toBe(redisPassword.volume.secret.secretName);
    const template = made.spec.target.template.data[redisPassword.key] as string;
    const stored = byKind('ExternalSecret', 'local-creators').spec.data.find(
      (d: { secretKey: string }) => d.secretKey === 'redis_password',
    );
    expect(made.spec.data).toEqual([stored]);
    expect(JSON.parse(template.replace('{{ .redis_password | toJson }}', '"x"'))).toEqual({
      [settings.REDIS_ADDR!]: 'x',
    });
  });

  it('has every pod read its secrets from the Secret the external-secrets operator makes, and no secret value in the repository', () => {
    const external = byKind('ExternalSecret', 'local-creators');
    expect(ofKind('Secret')).toEqual([]);
    const secretNames = appPods().flatMap((pod) =>
      (pod.volumes as { secret?: { secretName: string } }[]).filter((v) => v.secret).map((v) => v.secret!.secretName),
    );
    expect(secretNames).toHaveLength(2);
    expect(new Set(secretNames)).toEqual(new Set([external.spec.target.name]));
    expect(external.spec.target.creationPolicy).toBe('Owner');
    // One key per secret file the settings name, each fetched from the store (a remote key, never a value).
    const mount = byKind('Deployment', 'api').spec.template.spec.containers[0].volumeMounts.find(
      (m: { name: string }) => m.name === 'secrets',
    ).mountPath;
    const files = Object.entries(config())
      .filter(([k]) => k.endsWith('_FILE'))
      .map(([, path]) => path);
    expect(files.map((f) => f.slice(0, f.lastIndexOf('/')))).toEqual(files.map(() => mount));
    expect(external.spec.data.map((d: { secretKey: string }) => d.secretKey).sort()).toEqual(
      files.map((f) => f.slice(f.lastIndexOf('/') + 1)).sort(),
    );
    for (const d of external.spec.data) expect(Object.keys(d.remoteRef)).toEqual(['key']);
    expect(external.spec.target.template).toBeUndefined();
  });

  it('signs in to Redis with a password from that Secret, as the compose and swarm stacks do (decision 0930)', () => {
    const settings = config();
    expect(new URL(settings.REDIS_URL!).password).toBe('');
    expect(settings.REDIS_PASSWORD_FILE).toMatch(/\/redis_password$/);
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    expect(compose).toContain('REDIS_PASSWORD_FILE: /run/secrets/redis_password');
  });

  it('runs every pod hardened: not root, read-only root, no capabilities, no privilege escalation, limits; secrets as files only', () => {
    for (const name of ['JWT_SECRET', 'SMTP_URL', 'DATABASE_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      expect(config()[name]).toBeUndefined();
      expect(config()[`${name}_FILE`]).toMatch(/^\/run\/secrets\/local-creators\//);
    }
    expect(new URL(config().DATABASE_URL!).password).toBe('');
    expect(config().DATABASE_URL).toContain('sslmode=verify-full');
    expect(config().REDIS_URL).toMatch(/^rediss:\/\//);
    expect(pods()).toHaveLength(2 + EXPORTERS.length);
    for (const pod of pods()) {
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of containersOf(pod)) {
        expect(container.securityContext).toEqual({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
        expect(container.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
        expect(container.volumeMounts).toEqual(expect.arrayContaining([{ name: 'tmp', mountPath: '/tmp' }]));
        expect(container.env ?? []).not.toContainEqual(
          expect.objectContaining({ name: expect.stringMatching(/SECRET$|PASSWORD$/) }),
        );
      }
    }
  });
});
