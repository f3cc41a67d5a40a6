import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { LocalAudienceStatus } from '@local-creators/common';
import { LocalAudienceStore } from '../application/local-audience-store';
import { LocalAudienceCheck } from '../domain/local-audience-check';
import { creatorSql, type CreatorSql } from './creator-tables';

interface AdminPage {
  offset: number;
  limit: number;
  cities: readonly string[] | null;
}

/** A check's columns but its screenshot (`image`, lazy: only the image route reads the bytes). */
const CHECK_COLUMNS = [
  'c.id',
  'c.profile_id',
  'c.platform',
  'c.shows_on',
  'c.image_type',
  'c.status',
  'c.share',
  'c.checked_on',
  'c.reason',
  'c.decided_by',
  'c.decided_at',
  'c.created_at',
] as const;

/** The checks of one status, of the cities' creators: the cities in the statement itself, not their creators' ids read first. */
const checksOf = (db: CreatorSql, status: LocalAudienceStatus, cities: readonly string[] | null) =>
  db
    .selectFrom('local_audience_checks as c')
    .where('c.status', '=', status)
    .$call((qb) =>
      cities === null
        ? qb
        : qb.where((eb) =>
            eb.exists(
              eb
                .selectFrom('creator_profiles as p')
                .select(eb.lit(1).as('one'))
                .whereRef('p.id', '=', 'c.profile_id')
                .where('p.city_slug', '=', eb.fn.any(eb.val(cities))),
            ),
          ),
    );

/** The statements (creator-sql.snapshot.sql). */
export const localAudienceStatements = {
  recordedShare: (db: CreatorSql, profileId: string) =>
    db
      .selectFrom('creator_profiles')
      .select((eb) => [
        'local_share',
        eb.fn<string | null>('to_char', ['local_share_checked_on', sql.lit('YYYY-MM-DD')]).as('local_share_checked_on'),
      ])
      .where('id', '=', profileId),

  /** The queue oldest first; decided checks latest decision first. */
  adminPage: (db: CreatorSql, status: LocalAudienceStatus, page: AdminPage) =>
    checksOf(db, status, page.cities)
      .select(CHECK_COLUMNS)
      .$if(status === 'pending', (qb) => qb.orderBy('c.created_at', 'asc'))
      .$if(status !== 'pending', (qb) => qb.orderBy('c.decided_at', 'desc'))
      .orderBy('c.id', 'asc')
      .offset(page.offset)
      .limit(page.limit),

  adminCount: (db: CreatorSql, status: LocalAudienceStatus, cities: readonly string[] | null) =>
    checksOf(db, status, cities).select((eb) => eb.fn.countAll<string>().as('count')),

  recordShare: (db: CreatorSql, profileId: string, share: number, checkedOn: string) =>
    db
      .updateTable('creator_profiles')
      .set({ local_share: share, local_share_checked_on: checkedOn })
      .where('id', '=', profileId)
      .where((eb) => eb.or([eb('local_share_checked_on', 'is', null), eb('local_share_checked_on', '<=', checkedOn)])),
};

@Injectable()
export class SqlLocalAudienceStore extends LocalAudienceStore {
  constructor(private readonly em: EntityManager) {
    super();
  }

  recordedShare(profileId: string) {
    return localAudienceStatements.recordedShare(creatorSql(this.em), profileId).executeTakeFirst();
  }

  async forAdmins(status: LocalAudienceStatus, page: AdminPage): Promise<[LocalAudienceCheck[], number]> {
    const db = creatorSql(this.em);
    const rows = await localAudienceStatements.adminPage(db, status, page).execute();
    const { count } = await localAudienceStatements.adminCount(db, status, page.cities).executeTakeFirstOrThrow();
    // Rows to entities as the ORM's own query builder makes them (columns to properties, its
    // types), in the EntityManager's identity map, the screenshot left unloaded.
    return [rows.map((row) => this.em.map(LocalAudienceCheck, row)), Number(count)];
  }

  async recordShare(em: EntityManager, profileId: string, share: number, checkedOn: string): Promise<void> {
    await localAudienceStatements.recordShare(creatorSql(em), profileId, share, checkedOn).execute();
  }
}
