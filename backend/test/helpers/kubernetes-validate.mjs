// Validates Kubernetes objects (a JSON array of { where, object } on stdin) against the schemas
// kubernetes-models generated from the Kubernetes OpenAPI document, and the objects of the
// Prometheus and external-secrets operators against the schemas generated from their CRDs
// (@kubernetes-models/prometheus-operator, @kubernetes-models/external-secrets); prints the
// problems as JSON. A script of its own because these packages are ES modules only
// (backend/test/ops/kubernetes.spec.ts).
import { readFileSync } from 'node:fs';

/** The package that models an API group; the core and built-in groups are kubernetes-models'. */
const PACKAGES = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'external-secrets.io': '@kubernetes-models/external-secrets',
};
const modelPath = (apiVersion, kind) =>
  `${PACKAGES[apiVersion.split('/')[0]] ?? 'kubernetes-models'}/${apiVersion}/${kind}`;

const problems = [];
for (const { where, object } of JSON.parse(readFileSync(0, 'utf8'))) {
  let models;
  try {
    models = await import(modelPath(object.apiVersion, object.kind));
  } catch {
    problems.push(`${where}: no schema for ${object.apiVersion} ${object.kind}`);
    continue;
  }
  try {
    new models[object.kind](object).validate();
  } catch (error) {
    problems.push(`${where}: ${error.message}`);
  }
}
console.log(JSON.stringify(problems));
