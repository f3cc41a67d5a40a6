import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describeCommittedStatements, type CompiledStatement } from '../../../database/sql-snapshots.testing';
import type { ContactCountQuery } from '../application/contact-count-reads';
import { contactCountStatements } from './sql-contact-counts';
import { contactLimitStatements } from './sql-contact-limits';
import { demoCreatorStatements, type DemoProfileRow } from './demo-creators.seeder';
import { dueFollowerCountStatements } from './sql-due-follower-counts';
import { localAudienceStatements } from './sql-local-audience';
import { profileStatsStatements } from './sql-profile-stats';
import { replyTimeStatements } from './sql-reply-times';
import { CREATOR_TABLES, creatorSql } from './creator-tables';

/**
 * The creator module's typed statements as PostgreSQL receives them (issue 38 point 3), committed
 * beside the adapters: a change to one is a diff of `creator-sql.snapshot.sql` in review. After a
 * change made on purpose: `UPDATE_SQL_SNAPSHOTS=1 npx jest creator-sql.snapshot`.
 */
const FILE = join(__dirname, 'creator-sql.snapshot.sql');
const NOW = new Date('2026-11-25T10:00:00.000Z');
const WEEK_AGO = new Date('2026-11-18T10:00:00.000Z');
const PROFILE = '00000000-0000-4000-8000-000000000001';
const CITIES = ['akron', 'parma'];

const DEMO_ROW: DemoProfileRow = {
  id: PROFILE,
  user_id: '00000000-0000-4000-8000-000000000002',
  full_name: 'Avery Brooks',
  phone: '(216) 555-0100',
  bio: 'Coffee and comedy in Ohio City.',
  neighborhood: 'Ohio City',
  city: 'Cleveland',
  city_slug: 'cleveland',
  niches: ['Food', 'Comedy'],
  platforms: [{ name: 'TikTok', handle: 'averybrooks', url: 'https://tiktok.com/@averybrooks', followers: 4200 }],
  content_types: ['Shorts'],
  collab_types: ['Affiliate'],
  media_kit_url: null,
  link_hub_url: null,
  can_use_name_publicly: true,
  approval_status: 'approved',
  approval_notes: null,
  is_public: true,
  phone_verified: true,
  total_followers: 4200,
  created_at: WEEK_AGO,
  updated_at: NOW,
  decided_at: NOW,
  profile_image_url: '/storage/profile-images/a/profile.webp',
  profile_image_small_url: '/storage/profile-images/a/avatar.webp',
};

const counts = (q: Partial<ContactCountQuery>): ContactCountQuery => ({
  offset: 0,
  limit: 25,
  sort: 'total',
  order: 'DESC',
  cities: null,
  weekAgo: WEEK_AGO,
  unansweredBefore: NOW,
  ...q,
});

function statements(em: EntityManager): [string, CompiledStatement][] {
  const db = creatorSql(em);
  return [
    ['contact counts: creators who received any, every city', contactCountStatements.creators(db, null).compile()],
    ['contact counts: creators who received any, some cities', contactCountStatements.creators(db, CITIES).compile()],
    ['contact counts: a page, most messages first', contactCountStatements.page(db, counts({})).compile()],
    [
      'contact counts: a page of some cities, oldest last message first',
      contactCountStatements
        .page(db, counts({ cities: CITIES, sort: 'last_received_at', order: 'ASC', offset: 50 }))
        .compile(),
    ],
    ['reply times: unanswered messages claimed', replyTimeStatements.claimUnanswered(db, NOW, 200).compile()],
    ["reply times: a creator's counted delays", replyTimeStatements.countedDelays(db, PROFILE, NOW).compile()],
    ['reply times: kept when changed', replyTimeStatements.keep(db, PROFILE, 2, false).compile()],
    ['follower counts: due reminders claimed', dueFollowerCountStatements.claimProfiles(db, NOW, 100).compile()],
    ["local audience: the profile's recorded share", localAudienceStatements.recordedShare(db, PROFILE).compile()],
    [
      'local audience: the queue, every city',
      localAudienceStatements.adminPage(db, 'pending', { offset: 0, limit: 25, cities: null }).compile(),
    ],
    [
      'local audience: decided checks of some cities',
      localAudienceStatements.adminPage(db, 'recorded', { offset: 25, limit: 25, cities: CITIES }).compile(),
    ],
    [
      'local audience: the queue counted, every city',
      localAudienceStatements.adminCount(db, 'pending', null).compile(),
    ],
    [
      'local audience: decided checks counted, some cities',
      localAudienceStatements.adminCount(db, 'recorded', CITIES).compile(),
    ],
    ['local audience: a share recorded', localAudienceStatements.recordShare(db, PROFILE, 42, '2026-11-20').compile()],
    [
      'profile stats: a batch of counts added',
      profileStatsStatements
        .add(db, [
          { profileId: PROFILE, day: '2026-11-20', measure: 'views', source: 'search', n: 3 },
          { profileId: PROFILE, day: '2026-11-20', measure: 'appearances', source: '', n: 12 },
        ])
        .compile(),
    ],
    [
      "profile stats: one profile's days",
      profileStatsStatements
        .daily(db, { profileId: PROFILE }, '2026-11-01', '2026-11-30', 'America/New_York')
        .compile(),
    ],
    [
      "profile stats: some cities' days",
      profileStatsStatements.daily(db, { cities: CITIES }, '2026-11-01', '2026-11-30', 'America/New_York').compile(),
    ],
    [
      "profile stats: every city's days",
      profileStatsStatements.daily(db, { cities: null }, '2026-11-01', '2026-11-30', 'America/New_York').compile(),
    ],
    ['profile stats: creators of every city', profileStatsStatements.creatorsIn(db, null).compile()],
    ['profile stats: creators of some cities', profileStatsStatements.creatorsIn(db, CITIES).compile()],
    [
      'profile stats: which accounts own a creator profile in some cities',
      profileStatsStatements.creatorAccountsIn(db, [PROFILE, 'not-a-uuid'], CITIES).compile(),
    ],
    [
      'contact limits: from an unproven address',
      contactLimitStatements.fromAddress(db, 'Brand@Example.com', false, WEEK_AGO, 5).compile(),
    ],
    [
      'contact limits: to a creator from proven senders',
      contactLimitStatements.toCreator(db, PROFILE, true, WEEK_AGO, 20).compile(),
    ],
    [
      "contact limits: a browser's shortlists",
      contactLimitStatements.shortlistsOfClient(db, 'c0ffee', WEEK_AGO, 10).compile(),
    ],
    [
      'contact limits: shortlist messages from an address',
      contactLimitStatements.shortlistMessagesFrom(db, 'brand@example.com', WEEK_AGO, 5).compile(),
    ],
    ['demo seed: whether any creator exists', demoCreatorStatements.anyCreator(db).compile()],
    ['demo seed: the demo creators inserted', demoCreatorStatements.insert(db, [DEMO_ROW, DEMO_ROW]).compile()],
  ];
}

describeCommittedStatements({
  what: 'creator',
  title: 'The creator module statements, as creator-sql.snapshot.spec.ts compiles them.',
  file: FILE,
  statements,
  tables: CREATOR_TABLES,
});
