import { CanActivate, ExecutionContext, ForbiddenException, NestInterceptor, type CallHandler } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { creatorWithProfile } from '../creator/fixtures';

const DENY = 'x-test-deny';
const DENIED = 'Denied by the test guard';

/** A global interceptor as a tracing or metrics one would be: it records every request it sees, by route. */
class SeenRoutes implements NestInterceptor {
  readonly seen = new Set<string>();
  intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    this.seen.add(`${req.method} ${req.routeOptions.url}`);
    return next.handle();
  }
}

/** A global guard as a throttle would be: it refuses any request that asks to be refused. */
class DenyWhenAsked implements CanActivate {
  canActivate(context: ExecutionContext) {
    if (context.switchToHttp().getRequest<FastifyRequest>().headers[DENY]) throw new ForbiddenException(DENIED);
    return true;
  }
}

/**
 * Issue 22: every route of the API runs Fastify and Nest's whole pipeline (guards, interceptors,
 * pipes, filters), the cached directory reads and the searches included: no answer is sent from
 * before the framework. A guard or interceptor added globally later covers every route.
 */
describe('one pipeline for every route Nest serves, the pages included', () => {
  let t: TestApp;
  let admin: AuthSession;
  let creatorId: string;
  const recorder = new SeenRoutes();

  beforeAll(async () => {
    t = await createTestApp({
      beforeInit: (app) => {
        app.useGlobalInterceptors(recorder);
        app.useGlobalGuards(new DenyWhenAsked());
      },
    });
    admin = await signUpAdmin(t);
    creatorId = (await creatorWithProfile(t, 'Rita Routes')).id;
  });
  afterAll(() => t?.close());

  /**
   * The routes Nest serves, as the router lists them: everything under /api, the two documents
   * crawlers expect at the root and the pages (`/*`). The OpenAPI page (/api/docs), the built
   * assets and uploaded images are files, which @nestjs/swagger and @fastify/static serve.
   */
  const apiRoutes = () =>
    t.routes.filter((r) => {
      const url = r.split(' ')[1]!;
      return (
        (url.startsWith('/api/') && !url.startsWith('/api/docs')) || ['/sitemap.xml', '/robots.txt', '/*'].includes(url)
      );
    });
  /** A request to `route` with its parameters filled in; signing out goes last, as it ends the session. */
  const send = (route: string, headers: Record<string, string>) => {
    const [method, url] = route.split(' ') as [string, string];
    const path = url === '/*' ? `/creator/${creatorId}` : url.replace(/:\w+/g, creatorId);
    return t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'](path).set(headers);
  };
  const lastIfSigningOut = (a: string, b: string) => Number(a.includes('logout')) - Number(b.includes('logout'));

  it('lists the routes it checks, the directory among them', () => {
    expect(apiRoutes()).toEqual(
      expect.arrayContaining([
        'GET /api/directory',
        'GET /api/creators',
        'GET /api/creators/:id',
        'GET /sitemap.xml',
        'GET /*',
      ]),
    );
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('runs a global interceptor for every route, also when the answer comes from the cache', async () => {
    // Twice each, so the directory's second answers are cached ones.
    for (const route of [...apiRoutes()].sort(lastIfSigningOut)) {
      for (let i = 0; i < 2; i++) await send(route, bearer(admin));
    }
    await t.http().get('/api/creators?q=rita').expect(200);
    expect([...recorder.seen].sort()).toEqual([...apiRoutes()].sort());
  });

  it('lets a global guard refuse every route, cached and searched ones included', async () => {
    const cached = [
      '/api/directory',
      '/api/creators?niche=Food',
      '/api/creators?q=rita',
      `/api/creators/${creatorId}`,
      `/creator/${creatorId}`,
      '/directory',
    ];
    for (const path of cached) await t.http().get(path).expect(200); // now cached
    const answers: Record<string, string> = {};
    for (const route of apiRoutes()) {
      const res = await send(route, { [DENY]: '1' });
      answers[route] = `${res.status} ${res.body?.message ?? ''}`;
    }
    for (const path of cached) {
      const res = await t.http().get(path).set(DENY, '1');
      answers[`GET ${path}`] = `${res.status} ${res.body?.message ?? ''}`;
    }
    expect(Object.entries(answers).filter(([, answer]) => answer !== `403 ${DENIED}`)).toEqual([]);
  });
});
