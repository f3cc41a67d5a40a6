import { Injectable, OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';

/** How long the pool's end waits for connections still checked out before it takes them back. */
export const END_GRACE_MS = 5_000;

/**
 * Gives the pool back a connection its holder will never release (decision 0940).
 *
 * MikroORM 7 runs transactions through Kysely, whose transaction hands its connection back only
 * after a commit or rollback that succeeded. Two ways that never happens:
 * - PostgreSQL restarts while a transaction is open (the outbox relay opens one every 0.5 s): both
 *   fail. A connection that ends while checked out is released here with an error, so the pool
 *   drops it; a later release of it by its holder (a plain query's) does nothing.
 * - The ORM closes while a transaction is starting: on a loaded host a new connection for it
 *   arrived after `pool.end()`, and the transaction never gave it back. `pool.end()` (the
 *   process's shutdown) then waited forever (CI, twice). `endGraceMs` after the end is called,
 *   every connection still checked out, or checked out since, is released with an error.
 */
export function releaseDeadConnections(pool: Pool, endGraceMs = END_GRACE_MS): void {
  const checkedOut = new Set<PoolClient>();
  const watched = new WeakSet<PoolClient>();
  let takingBack = false;
  const takeBack = (client: PoolClient, why: string) => {
    if (!checkedOut.delete(client)) return;
    const release = client.release;
    client.release = () => undefined;
    release.call(client, new Error(why));
  };
  pool.on('acquire', (client) => {
    checkedOut.add(client);
    // pg-pool sets the client's `release` after this event: taken back on the next turn.
    if (takingBack) setImmediate(() => takeBack(client, 'checked out after the pool ended'));
    if (watched.has(client)) return;
    watched.add(client);
    client.once('end', () => takeBack(client, 'connection ended while checked out'));
  });
  pool.on('release', (_error, client) => {
    checkedOut.delete(client);
  });
  const end = pool.end.bind(pool);
  pool.end = ((callback?: () => void) => {
    setTimeout(() => {
      takingBack = true;
      for (const client of [...checkedOut]) takeBack(client, 'still checked out when the pool ended');
    }, endGraceMs).unref();
    return end(callback as never);
  }) as Pool['end'];
}

/** Watches the ORM's pool of the running process. */
@Injectable()
export class DeadConnectionGuard implements OnModuleInit {
  constructor(private readonly orm: MikroORM) {}

  async onModuleInit() {
    releaseDeadConnections(await this.orm.em.getConnection().getNativeClient());
  }
}
