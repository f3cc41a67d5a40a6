// Validates Kubernetes objects (a JSON array of { where, object } on stdin) against the schemas
// kubernetes-models generated from the Kubernetes OpenAPI document; prints the problems as JSON.
// A script of its own because kubernetes-models is an ES module only (backend/test/ops/kubernetes.spec.ts).
import { readFileSync } from 'node:fs';

const problems = [];
for (const { where, object } of JSON.parse(readFileSync(0, 'utf8'))) {
  const models = await import(`kubernetes-models/${object.apiVersion}/${object.kind}`);
  try {
    new models[object.kind](object).validate();
  } catch (error) {
    problems.push(`${where}: ${error.message}`);
  }
}
console.log(JSON.stringify(problems));
