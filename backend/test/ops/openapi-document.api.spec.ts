import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema?: unknown;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** Writes that take no body: the caller, the path and the query say it all. */
const BODILESS = [
  'POST /api/auth/logout',
  'POST /api/auth/confirm-email/resend',
  'POST /api/me/profile/crew',
  'POST /api/me/profile/followers/confirm',
  'POST /api/shortlists/own/share',
  'POST /api/admin/notifications/{id}/retry',
  'POST /api/admin/notifications/{id}/resend',
  'POST /api/me/calls/{id}/answers/finish',
  'POST /api/me/calls/{id}/answers/{answerId}/pick',
];

/** Issue 38 point 5: the document partners generate clients from types what the routes take and answer. */
describe('The OpenAPI document at /api/docs-json', () => {
  let t: TestApp;
  let doc: Document;
  let operations: { key: string; path: string; method: string; op: Operation }[];

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/docs-json').expect(200)).body as Document;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({
        key: `${method.toUpperCase()} ${path}`,
        path,
        method,
        op: item[method]!,
      })),
    );
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('types the success answer of at least 80% of the operations', () => {
    const typed = operations.filter(({ op }) =>
      Object.entries(op.responses ?? {}).some(
        ([status, r]) => /^2\d\d$/.test(status) && Object.values(r.content ?? {}).some((c) => c.schema !== undefined),
      ),
    );
    expect(operations.length).toBeGreaterThan(60);
    expect(typed.length / operations.length).toBeGreaterThanOrEqual(0.8);
  });

  it('describes every path parameter and every query parameter', () => {
    for (const { key, path, op } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const params = op.parameters ?? [];
      for (const name of inPath)
        expect({ key, param: params.find((p) => p.in === 'path' && p.name === name)?.schema }).toEqual({
          key,
          param: expect.anything(),
        });
      for (const p of params.filter((x) => x.in === 'query'))
        expect({ key, name: p.name, schema: p.schema, described: !!p.description }).toEqual({
          key,
          name: p.name,
          schema: expect.anything(),
          described: true,
        });
    }
  });

  it('gives every write that takes a body a typed body', () => {
    const writes = operations.filter(({ method }) => ['post', 'put', 'patch'].includes(method));
    expect(writes.length).toBeGreaterThan(20);
    for (const { key, op } of writes) {
      if (BODILESS.includes(key)) continue;
      expect({ key, body: Object.values(op.requestBody?.content ?? {}).some((c) => c.schema !== undefined) }).toEqual({
        key,
        body: true,
      });
    }
  });

  it('describes the query of the routes that read one', () => {
    const queried: Record<string, string[]> = {
      'GET /api/creators': [
        'q',
        'niche',
        'platform',
        'min_followers',
        'neighborhood',
        'handles',
        'replies_within',
        'min_local_share',
        'city',
        'sort',
        'cursor',
        'per_page',
      ],
      'GET /api/feed/creators': ['cursor', 'per_page', 'city'],
      'GET /api/directory': ['city'],
      'GET /api/admin/creators': ['filter', 'range', 'sort'],
    };
    for (const [key, names] of Object.entries(queried)) {
      const op = operations.find((o) => o.key === key)!.op;
      expect((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
        expect.arrayContaining(names),
      );
    }
  });
});
