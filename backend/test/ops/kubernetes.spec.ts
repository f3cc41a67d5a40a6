import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { parse, parseAllDocuments } from 'yaml';

// The Kubernetes manifests (deploy/kubernetes, decision 0322) checked without a cluster against the
// Kubernetes API's own schemas, as kubeconform -strict would: kubernetes-models carries validators
// generated from the Kubernetes OpenAPI document (types, required fields, formats, enums), and its
// TypeScript types, generated from the same document, catch a field the API does not have (a
// misspelt `readinesProbe` is silently dropped by a cluster). Then what this deployment promises:
// rolling one pod in before one goes, probes, hardening, secrets as files.
const dir = join(__dirname, '../../../deploy/kubernetes');
const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'));
const resources = (kustomization.resources as string[]).flatMap((file) =>
  parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc, i) => ({ file, i, object: doc.toJS() as Record<string, any> })),
);
const byKind = (kind: string, name: string) => resources.find((r) => r.object.kind === kind && r.object.metadata.name === name)!.object;

/** The kubernetes-models module of an apiVersion and kind: `apps/v1` Deployment → kubernetes-models/apps/v1/Deployment. */
const modelPath = (apiVersion: string, kind: string) => `kubernetes-models/${apiVersion}/${kind}`;

describe('deploy/kubernetes', () => {
  it('lists every manifest of the folder in kustomization.yaml, and names the image it sets', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    const images = resources.flatMap(({ object }) => (object.spec?.template?.spec?.containers ?? []).map((c: { image: string }) => c.image));
    expect(images.length).toBeGreaterThanOrEqual(3);
    expect(new Set(images)).toEqual(new Set([kustomization.images[0].name]));
  });

  it('validates every object against the Kubernetes schemas', () => {
    // kubernetes-models is an ES module only (its exports have no `require`): it runs in a node of its own.
    const validate = join(__dirname, '../helpers/kubernetes-validate.mjs');
    const input = JSON.stringify(resources.map(({ file, i, object }) => ({ where: `${file}#${i} ${object.kind}/${object.metadata?.name}`, object })));
    const out = execFileSync(process.execPath, [validate], { cwd: join(dir, '../..'), input, encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(out)).toEqual([]);
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
      { noEmit: true, strict: true, skipLibCheck: true, types: [], module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
      host,
    );
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
      const { object, file, i } = resources[Math.floor(at / 2)] ?? { object: { kind: '?', metadata: {} }, file: '?', i: 0 };
      return `${file}#${i} ${object.kind}/${object.metadata?.name}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
    expect(problems).toEqual([]);
  }, 60_000);

  it('rolls the api and the workers one new pod in before an old one goes; the api is ready on /api/health', () => {
    for (const name of ['api', 'worker']) {
      expect(byKind('Deployment', name).spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
      expect(byKind('Deployment', name).spec.replicas).toBeGreaterThanOrEqual(2);
    }
    const api = byKind('Deployment', 'api').spec.template.spec;
    expect(api.containers[0].readinessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    // Longer than the api's own drain (SHUTDOWN_DRAIN_S, 5 s) plus what is in flight.
    expect(api.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15);
    expect(byKind('PodDisruptionBudget', 'api').spec.minAvailable).toBe(1);
    expect(byKind('Deployment', 'worker').spec.template.spec.containers[0].livenessProbe.exec.command).toEqual(['lc-health', 'worker']);
  });

  it('runs every pod hardened: not root, read-only root, no capabilities, no privilege escalation, limits; secrets as files only', () => {
    const config = byKind('ConfigMap', 'local-creators').data as Record<string, string>;
    for (const name of ['JWT_SECRET', 'SMTP_URL', 'DATABASE_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      expect(config[name]).toBeUndefined();
      expect(config[`${name}_FILE`]).toMatch(/^\/run\/secrets\/local-creators\//);
    }
    expect(new URL(config.DATABASE_URL!).password).toBe('');
    expect(config.DATABASE_URL).toContain('sslmode=verify-full');
    expect(config.REDIS_URL).toMatch(/^rediss:\/\//);
    const pods = resources.filter(({ object }) => object.spec?.template?.spec).map(({ object }) => object.spec.template.spec);
    expect(pods).toHaveLength(3);
    for (const pod of pods) {
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers) {
        expect(container.securityContext).toEqual({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
        expect(container.resources.limits).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
        expect(container.volumeMounts).toEqual(expect.arrayContaining([{ name: 'tmp', mountPath: '/tmp' }]));
        expect(container.env ?? []).not.toContainEqual(expect.objectContaining({ name: expect.stringMatching(/SECRET$|PASSWORD$/) }));
      }
    }
  });
});
