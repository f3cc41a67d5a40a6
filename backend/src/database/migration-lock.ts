import type { Kysely } from 'kysely';

/** The advisory lock key of `migrate`: any fixed bigint; this one is "lc-mig" in ASCII. */
export const MIGRATION_LOCK = 119173219707239;

/**
 * The migration lock's statements (system-sql.snapshot.sql). `migrate` runs them on a connection
 * of its own, held while the migrator works on the ORM's: compiled here, sent there.
 */
export const migrationLockStatements = {
  /** Waits until no other `migrate` holds the lock, then holds it for this session. */
  take: <DB>(db: Kysely<DB>) =>
    db.selectNoFrom((eb) => eb.fn<void>('pg_advisory_lock', [eb.val(MIGRATION_LOCK)]).as('taken')),
  give: <DB>(db: Kysely<DB>) =>
    db.selectNoFrom((eb) => eb.fn<boolean>('pg_advisory_unlock', [eb.val(MIGRATION_LOCK)]).as('given')),
};
