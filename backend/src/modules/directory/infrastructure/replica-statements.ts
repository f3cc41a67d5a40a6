import { sql, type Expression } from 'kysely';
import { compileOnly, sent } from '../../../database/typed-sql';

/** What the replica checks read of PostgreSQL's own statistics views. */
interface ServerViews {
  pg_stat_wal_receiver: { status: string };
}
const db = compileOnly<ServerViews>();

/**
 * A WAL position as bytes from 0/0, in text: a LSN counts bytes of WAL, so the difference of two
 * is how far apart they are, and a bigint of it would not fit a JavaScript number on the way.
 */
const bytesOf = <Bytes extends string | null = string>(position: Expression<unknown>) =>
  sql<Bytes>`(${position} - ${sql.lit('0/0')}::pg_lsn)::text`;

/** The primary's current WAL position (ReadReplicas samples it to measure each replica's lag). */
export const PRIMARY_POSITION = sent(db.selectNoFrom((eb) => bytesOf(eb.fn('pg_current_wal_lsn')).as('lsn')).compile());

/**
 * A replica's state: a standby at all, the position it has replayed (null on a primary), and
 * whether its WAL receiver streams from the primary now.
 */
export const REPLICA_STATE = sent(
  db
    .selectNoFrom((eb) => [
      eb.fn<boolean>('pg_is_in_recovery').as('standby'),
      bytesOf<string | null>(eb.fn('pg_last_wal_replay_lsn')).as('replayed'),
      eb
        .exists(
          eb.selectFrom('pg_stat_wal_receiver').select(eb.lit(1).as('one')).where('status', '=', sql.lit('streaming')),
        )
        .as('streaming'),
    ])
    .compile(),
);
