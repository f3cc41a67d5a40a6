import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PublicCreator } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { toPublicCreator } from '../../creator';
import { DirectoryReads } from '../application/directory-reads';
import { ListedCreatorsForCalls, type CallCandidate } from '../application/listed-creators-for-calls';
import { textArray, uuidArray } from '../../../shared/sql';
import { LISTED_SQL } from './directory-sql';

interface Row {
  id: string;
  user_id: string;
  full_name: string;
  city_slug: string;
  niches: string[];
  content_types: string[];
  collab_types: string[];
  neighborhood: string | null;
  followers: string | number;
}

const COLUMNS = `p.id, p.user_id, p.full_name, p.city_slug, p.niches, p.content_types, p.collab_types, p.neighborhood,
  coalesce(p.listed_followers, p.total_followers) as followers`;

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
    const rows: Row[] = await this.em
      .getConnection()
      .execute(
        `select ${COLUMNS} from creator_profiles p where ${LISTED_SQL} and p.city_slug = ? and p.niches && ?::text[] order by p.id`,
        [citySlug, textArray(niches)],
      );
    return rows.map(toCandidate);
  }

  async listedOf(userIds: readonly string[]) {
    if (userIds.length === 0) return new Map<string, CallCandidate>();
    const rows: Row[] = await this.em
      .getConnection()
      .execute(`select ${COLUMNS} from creator_profiles p where ${LISTED_SQL} and p.user_id = any(?::uuid[])`, [
        uuidArray(userIds),
      ]);
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
