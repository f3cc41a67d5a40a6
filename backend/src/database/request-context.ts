import { AsyncLocalStorage } from 'node:async_hooks';
import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/core';
import type { FastifyInstance } from 'fastify';

/** One request's EntityManager, forked from the global one on first use. */
class LazyFork {
  private em?: EntityManager;
  constructor(private readonly orm: MikroORM) {}

  get(name: string): EntityManager | undefined {
    if (name !== this.orm.em.name) return undefined;
    // Forked from the global EntityManager itself (not from the context, which is this), and
    // without context lookups of its own: as the request's context it would only find itself.
    return (this.em ??= this.orm.em.fork({ disableContextResolution: true, useContext: false }));
  }
}

const requestScope = new AsyncLocalStorage<LazyFork>();

/**
 * MikroORM's `context` option: an explicit RequestContext when code opened one (the worker,
 * page previews), else the current request's own fork. Replaces the default, which reads only
 * RequestContext.
 */
export function currentEntityManager(name: string): EntityManager | undefined {
  return RequestContext.getEntityManager(name) ?? requestScope.getStore()?.get(name);
}

/**
 * A forked EntityManager (its own identity map) for every request handler, made only when the
 * handler touches the database: the cached directory reads, the busiest routes, never do.
 * Entered in Fastify's preHandler hook, after the body is read, because a context entered in
 * onRequest (where Nest middleware runs) does not survive the body stream's events. Replaces
 * @mikro-orm/nestjs's own middleware (registerRequestContext: false).
 */
export function forkEntityManagerPerRequest(fastify: FastifyInstance, orm: MikroORM) {
  fastify.addHook('preHandler', (_req, _reply, done) => requestScope.run(new LazyFork(orm), done));
}
