import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';

/** The install's id, given to the database by its first migration (no entity maps the table). */
interface InstallationTables {
  installation: { id: string; created_at: Date };
}

type InstallationSql = Kysely<InstallationTables>;

/** The statements' Kysely: the EntityManager's own. */
export const installationSql = (em: EntityManager): InstallationSql => em.getKysely<InstallationTables>();

/** The statements (system-sql.snapshot.sql). */
export const installationStatements = {
  /** The first id, should a copied database hold two. */
  id: (db: InstallationSql) => db.selectFrom('installation').select('id').orderBy('created_at').limit(1),
};
