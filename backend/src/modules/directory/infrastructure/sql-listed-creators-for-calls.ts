import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PublicCreator } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { creatorSql, toPublicCreator, type CreatorSql } from '../../creator';
import { DirectoryReads } from '../application/directory-reads';
import { ListedCreatorsForCalls, type CallCandidate } from '../application/listed-creators-for-calls';
import { sql } from 'kysely';
import { validUuids } from '../../../shared/sql';
import { LISTED } from './listing-rule';

/** The listed profiles (spec 4) with a call's candidate's columns. */
const listedCandidates = (db: CreatorSql) =>
  db
    .selectFrom('creator_profiles as p')
    .select([
      'p.id',
      'p.user_id',
      'p.full_name',
      'p.city_slug',
      'p.niches',
      'p.content_types',
      'p.collab_types',
      'p.neighborhood',
      sql<string>`coalesce(p.listed_followers, p.total_followers)`.as('followers'),
    ])
    .where(LISTED);

/** The statements (directory-sql.snapshot.sql keeps the public ones; these are in creator's module snapshot). */
export const callCandidateStatements = {
  inCityWithNiches: (db: CreatorSql, citySlug: string, niches: readonly string[]) =>
    listedCandidates(db)
      .where('p.city_slug', '=', citySlug)
      .where(sql<boolean>`p.niches && ${[...niches]}::text[]`)
      .orderBy('p.id'),

  listedOf: (db: CreatorSql, userIds: readonly string[]) =>
    listedCandidates(db).where('p.user_id', '=', sql<string>`any(${validUuids(userIds)}::uuid[])`),
};

type Row = Awaited<ReturnType<ReturnType<typeof callCandidateStatements.listedOf>['execute']>>[number];

const toCandidate = (r: Row): CallCandidate => ({
  profileId: r.id,
  userId: r.user_id,
  name: r.full_name,
  city_slug: r.city_slug,
  niches: r.niches,
  content_types: r.content_types,
  collab_types: r.collab_types,
  neighborhood: r.neighborhood,
  followers: Number(r.followers),
});

@Injectable()
export class SqlListedCreatorsForCalls extends ListedCreatorsForCalls {
  constructor(
    private readonly em: EntityManager,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly reads: DirectoryReads,
  ) {
    super();
  }

  async inCityWithNiches(citySlug: string, niches: readonly string[]) {
    const rows = await callCandidateStatements.inCityWithNiches(creatorSql(this.em), citySlug, niches).execute();
    return rows.map(toCandidate);
  }

  async listedOf(userIds: readonly string[]) {
    if (userIds.length === 0) return new Map<string, CallCandidate>();
    const rows = await callCandidateStatements.listedOf(creatorSql(this.em), userIds).execute();
    return new Map(rows.map((r) => [r.user_id, toCandidate(r)] as const));
  }

  async publicProfilesOf(profileIds: readonly string[]) {
    if (profileIds.length === 0) return new Map<string, PublicCreator>();
    // The directory's own read of a profile (its facts: confirmed handles, count dates, reply time).
    const profiles = await this.reads.findManyReadOnly([...new Set(profileIds)]);
    const now = this.clock.now();
    return new Map(
      profiles.filter((p) => p.isListed).map((p) => [p.id, toPublicCreator(p, this.config.cityTimeZone, now)] as const),
    );
  }
}
