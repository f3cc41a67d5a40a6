import { Injectable, OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool, PoolClient } from 'pg';

/**
 * Gives the pool back a connection that died while it was checked out (decision 0940).
 *
 * MikroORM 7 runs transactions through Kysely, whose transaction hands its connection back only
 * after a commit or rollback that succeeded. When PostgreSQL restarts while a transaction is open
 * (the outbox relay opens one every 0.5 s), both fail, and the connection would stay checked out
 * for good: one of the pool's slots lost per restart, and `pool.end()` at shutdown waiting forever.
 * A connection that ends while checked out is released here with an error, so the pool drops it;
 * a later release of it by its holder (a plain query's) does nothing.
 */
export function releaseDeadConnections(pool: Pool): void {
  const checkedOut = new Set<PoolClient>();
  const watched = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => {
    checkedOut.add(client);
    if (watched.has(client)) return;
    watched.add(client);
    client.once('end', () => {
      if (!checkedOut.delete(client)) return;
      const release = client.release;
      client.release = () => undefined;
      release.call(client, new Error('connection ended while checked out'));
    });
  });
  pool.on('release', (_error, client) => {
    checkedOut.delete(client);
  });
}

/** Watches the ORM's pool of the running process. */
@Injectable()
export class DeadConnectionGuard implements OnModuleInit {
  constructor(private readonly orm: MikroORM) {}

  async onModuleInit() {
    releaseDeadConnections(await this.orm.em.getConnection().getNativeClient());
  }
}
