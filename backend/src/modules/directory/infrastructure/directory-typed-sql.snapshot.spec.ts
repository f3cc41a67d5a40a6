import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import { CREATOR_TABLES, creatorSql } from '../../creator';
import type { AdminCreatorQuery } from '../application/creator-admin-queries';
import {
  countsByStatus,
  estimatedProfiles,
  keptPositions,
  matchedPage,
  pageFromPosition,
  profileColumnsOf,
  sampledCommonWords,
  walkedPage,
  type ListShape,
} from './admin-list-statements';
import { areaCards, areaCounts, areaNeighborhoods } from './area-statements';
import { callCandidateStatements } from './sql-listed-creators-for-calls';
import { LISTING_VERSION_SQL } from './listing-version';
import { listedIdsStatement } from './sitemap-statements';
import { PRIMARY_POSITION, REPLICA_STATE } from './replica-statements';
import { rowsAsJson } from '../../../database/typed-sql';
import { PROFILE_SQL } from '../../creator';

/**
 * The directory's typed statements (issue 38 point 3), as PostgreSQL receives them, beside its
 * hand-built public ones (`directory-sql.snapshot.sql`, decision 0996): the calls' candidates,
 * the console's lists, the area pages and the sitemap's ids. They read the creator module's tables through its typed Kysely, whose
 * naming creator's own snapshot spec checks. After a change made on purpose:
 * `UPDATE_SQL_SNAPSHOTS=1 npx jest directory-typed-sql.snapshot`.
 */
const FILE = join(__dirname, 'directory-typed-sql.snapshot.sql');

const list = (over: Partial<AdminCreatorQuery>, indexedWord: string | null = null): ListShape => ({
  query: { sort: 'created_at', order: 'DESC', offset: 0, limit: 24, cities: null, ...over },
  indexedWord,
});

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = creatorSql(em);
  const profile = profileColumnsOf(em);
  return [
    [
      "call candidates: a city's listed creators of some niches",
      callCandidateStatements.inCityWithNiches(db, 'akron', ['Food', 'Family']).compile(),
    ],
    [
      'call candidates: the listed profiles of some accounts',
      callCandidateStatements.listedOf(db, ['00000000-0000-4000-8000-0000000000a1', 'not-a-uuid']).compile(),
    ],
    [
      'console list: a name searched, its rarest word asked of the index, in two cities',
      matchedPage(
        profile,
        list(
          { q: 'Maria Food', cities: ['cleveland', 'akron'], userIds: ['00000000-0000-4000-8000-0000000000a1'] },
          'Food',
        ),
      ),
    ],
    [
      'console list: some ids, by name',
      matchedPage(profile, list({ ids: ['00000000-0000-4000-8000-0000000000a1'], sort: 'full_name', order: 'ASC' })),
    ],
    ['console list: every creator, newest first, from an end', walkedPage(profile, list({ offset: 48 }))],
    [
      'console list: the review queue, from an end',
      walkedPage(profile, list({ status: 'pending', order: 'ASC', limit: 20 })),
    ],
    [
      'console list: updated after a rejection, in one city, from an end',
      walkedPage(profile, list({ updatedAfterRejection: true, sort: 'updated_at', cities: ['akron'] })),
    ],
    [
      'console list: updated after a rejection, every city, from an end',
      walkedPage(profile, list({ updatedAfterRejection: true, sort: 'updated_at' })),
    ],
    [
      'console list: a deep page by name from a kept position',
      pageFromPosition(profile, list({ sort: 'full_name', order: 'ASC', offset: 15_000, status: 'approved' }), {
        total: 30_000,
        from: { key: 'Many 1', id: '00000000-0000-4000-8000-0000000000a1' },
        skip: 152,
      }),
    ],
    ['console list: its kept positions', keptPositions(list({ sort: 'full_name', status: 'approved' }))],
    ['console counts: every city', countsByStatus(null)],
    ['console counts: some cities', countsByStatus(['cleveland', 'akron'])],
    ["console names: the table's estimated size", estimatedProfiles()],
    ["console names: a sample's common words", sampledCommonWords(12.5, 0.05)],
    ['the listing version', { sql: LISTING_VERSION_SQL, parameters: [] }],
    ["area page: a niche's counts, every city", areaCounts({ niche: 'Food' })],
    [
      "area page: a neighbourhood's counts and spelling, in a city",
      areaCounts({ neighborhood: 'ohio-city', city: 'cleveland' }),
    ],
    ["area page: a niche's newest cards, in a city", areaCards({ niche: 'Food', city: 'cleveland' }, 'newest', 6)],
    [
      "area page: a neighbourhood's most followed cards, every city",
      areaCards({ neighborhood: 'ohio-city' }, 'followers', 6),
    ],
    ["area pages: a city's neighbourhoods", areaNeighborhoods('cleveland')],
    ['sitemap: listed ids, every city', listedIdsStatement({ city: null, limit: 50_000, offset: 0 })],
    ["sitemap: a city's listed ids", listedIdsStatement({ city: 'akron', limit: 50_000, offset: 50_000 })],
    [
      'a profile, its row as one JSON text',
      { sql: rowsAsJson(PROFILE_SQL), parameters: ['00000000-0000-4000-8000-0000000000a1'] },
    ],
    ["replica checks: the primary's WAL position", PRIMARY_POSITION],
    ["replica checks: a replica's state", REPLICA_STATE],
  ];
}

describeCommittedStatements({
  what: 'directory (typed)',
  title: 'The directory module typed statements, as directory-typed-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  entities: [CREATOR_TABLES.creator_profiles],
});
