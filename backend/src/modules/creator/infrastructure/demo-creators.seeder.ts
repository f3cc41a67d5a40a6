import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql, type InsertObject } from 'kysely';
import { ObjectStorage } from '../../../shared/storage/object-storage';
import { AccountDirectory } from '../../identity';
import { Cities } from '../../city';
import { PROFILE_IMAGE_SMALL_SIZE, profileImageKey, profileImageSmallKey } from '../application/own-profile.service';
import { processImage } from '../../../shared/images/image-processor';
import { demoPortraitWebp } from './demo-portraits';
import { creatorSql, type CreatorSql, type CreatorTables } from './creator-tables';
import {
  COLLAB_TYPES,
  CONTENT_TYPES,
  LIMITS,
  NICHES,
  PLATFORM_NAMES,
  platformProfileUrl,
  totalFollowers,
  type Niche,
} from '@local-creators/common';

const DEMO_CREATORS = 72;
const PORTRAITS_AT_ONCE = 4;
const FIRST = [
  'Maya',
  'Jordan',
  'Aaliyah',
  'Marcus',
  'Sofia',
  'Devon',
  'Priya',
  'Tyler',
  'Imani',
  'Luis',
  'Hannah',
  'Andre',
  'Grace',
  'Malik',
  'Olivia',
  'Ethan',
  'Jasmine',
  'Noah',
  'Camila',
  'Isaiah',
  'Zoe',
  'Caleb',
  'Nia',
  'Ryan',
  'Elena',
  'Xavier',
  'Chloe',
  'Darius',
  'Lily',
  'Omar',
  'Ava',
  'Terrell',
  'Mia',
  'Gabriel',
  'Kendra',
  'Owen',
];
const LAST = [
  'Brooks',
  'Kowalski',
  'Washington',
  'Nguyen',
  'Rivera',
  'Patel',
  'Sullivan',
  'Jackson',
  'Novak',
  'Hernandez',
  'Coleman',
  'Murphy',
  'Kim',
  'Bell',
  'Dombrowski',
  'Reyes',
  'Carter',
  'Hoffman',
  'Ali',
  'Mitchell',
];
const HOODS = [
  'Ohio City',
  'Tremont',
  'Lakewood',
  'Gordon Square',
  'University Circle',
  'Little Italy',
  'Slavic Village',
  'Detroit-Shoreway',
  'Collinwood',
  'Shaker Heights',
  'Cleveland Heights',
  'Downtown',
  'AsiaTown',
  'Clark-Fulton',
  'Edgewater',
  "Kamm's Corners",
  'Old Brooklyn',
  'Waterloo',
];
/** Three voices per niche; `{hood}` is the creator's neighborhood. */
const BIOS: Record<Niche, string[]> = {
  Food: [
    'Eating my way through Cleveland, one pierogi and one taco at a time. Based in {hood}.',
    'Home cook and brunch hunter. I review the West Side Market stalls so you know what to order.',
    'Corned beef, Polish boys and the best new patios: honest food reviews from {hood}.',
  ],
  Events: [
    'Your guide to what is on this weekend in the 216: festivals, pop-ups and shows.',
    'I go to every street fair, gallery night and food truck rally so you can pick the best.',
    'Weekly event roundups from {hood} and beyond. If it is happening in Cleveland, I am there.',
  ],
  Outdoors: [
    'Trails, lakefront sunsets and Cuyahoga Valley adventures, all year round.',
    'Kayaking the Cuyahoga, hiking the Metroparks, and finding the quiet corners of Lake Erie.',
    'Four-season outdoors from {hood}: snowshoe trails in January, beach days in July.',
  ],
  Family: [
    'Kid-approved Cleveland: parks, museums and rainy-day ideas for busy parents.',
    'Mom of three sharing stroller-friendly spots, free weekends and family eats in {hood}.',
    'Zoo days, library story times and playground reviews. Cleveland with little ones.',
  ],
  Fitness: [
    'Run club regular and trainer sharing Cleveland workouts and healthy spots.',
    'Boutique studio reviews, lakefront runs and meal prep from a certified coach in {hood}.',
    'Marathon training diary: from the Towpath to the Cleveland Marathon start line.',
  ],
  Music: [
    'Live music lover covering Cleveland venues, local bands and vinyl finds.',
    'From the Grog Shop to Blossom: show reviews, setlists and new local releases.',
    'Guitarist and playlist curator spotlighting the {hood} music scene every week.',
  ],
  Fashion: [
    'Thrift hauls and local boutiques: Cleveland style on a real budget.',
    'Street style from {hood}, vintage finds and outfits that survive lake effect snow.',
    'Stylist sharing local designers, seasonal lookbooks and sustainable fashion tips.',
  ],
  Comedy: [
    'Sketches about Cleveland life: lake effect snow, sports heartbreak and more.',
    'Stand-up comic from {hood}. Open mics on Tuesdays, Browns grief counseling on Sundays.',
    'Short videos about being from Ohio. Yes, we call it pop. No, I will not explain.',
  ],
  Photography: [
    'Capturing Cleveland architecture, skylines and golden-hour portraits.',
    'Street and night photographer: bridges, neon and the Flats after dark.',
    'Portrait photographer in {hood} shooting local makers, musicians and small businesses.',
  ],
  Travel: [
    'Day trips and weekend getaways from Cleveland, plus hidden local gems.',
    'Lake Erie islands, wine country and road trips: I plan them so you do not have to.',
    'Budget travel from CLE airport, with plenty of love for staycations in {hood}.',
  ],
  Lifestyle: [
    'Coffee shops, home projects and everyday joy in Northeast Ohio.',
    'Slow living in {hood}: plants, bookstores, thrifted furniture and Sunday routines.',
    'Apartment tours, local finds and honest reviews of life in Cleveland on a budget.',
  ],
};
const REJECTION_NOTES = [
  'Please add links to your main accounts so we can verify them.',
  'We could not reach you at this number. Update your phone and we will call again.',
  'Your accounts are based outside Cleveland; this directory is local creators only.',
];
/** Follower tiers (most creators are nano or micro), clamped to a realistic 800 to 2,000,000. */
const TIERS: [min: number, max: number, weight: number][] = [
  [800, 10_000, 0.5],
  [10_000, 100_000, 0.3],
  [100_000, 1_000_000, 0.15],
  [1_000_000, 2_000_000, 0.05],
];
const MIN_FOLLOWERS = 800;
const MAX_FOLLOWERS = 2_000_000;
const DAY_MS = 86_400_000;

/** A demo creator's row: the columns the seed writes; the rest keep their defaults. */
export type DemoProfileRow = Pick<
  CreatorTables['creator_profiles'],
  | 'id'
  | 'user_id'
  | 'full_name'
  | 'phone'
  | 'bio'
  | 'neighborhood'
  | 'city'
  | 'city_slug'
  | 'niches'
  | 'platforms'
  | 'content_types'
  | 'collab_types'
  | 'media_kit_url'
  | 'link_hub_url'
  | 'can_use_name_publicly'
  | 'approval_status'
  | 'approval_notes'
  | 'is_public'
  | 'phone_verified'
  | 'total_followers'
  | 'created_at'
  | 'updated_at'
  | 'decided_at'
  | 'profile_image_url'
  | 'profile_image_small_url'
>;

/** The seed's statements (creator-sql.snapshot.sql). */
export const demoCreatorStatements = {
  /** Whether any creator exists: the seed then does nothing. */
  anyCreator: (db: CreatorSql) =>
    db
      .selectFrom('creator_profiles')
      .select(sql<number>`1`.as('one'))
      .limit(1),
  /** Every demo creator in one statement: all or nothing. */
  insert: (db: CreatorSql, rows: readonly DemoProfileRow[]) =>
    db.insertInto('creator_profiles').values(
      // The other columns keep their defaults, which the types (columns, not defaults) cannot see.
      rows.map((row) => ({
        ...row,
        platforms: sql`${JSON.stringify(row.platforms)}::jsonb`,
      })) as unknown as InsertObject<CreatorTables, 'creator_profiles'>[],
    ),
};

/** A small deterministic generator, so every fresh demo looks the same. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

type DemoState = 'listed' | 'pending' | 'rejected' | 'approved-unverified';
const stateOf = (i: number): DemoState =>
  i % 12 === 5 ? 'pending' : i % 12 === 9 ? 'rejected' : i % 12 === 11 ? 'approved-unverified' : 'listed';

/**
 * 72 realistic demo creators across every niche and platform, for the embedded default only:
 * most listed, some pending, a few rejected, a few approved but not yet phone verified, each with
 * an illustrated portrait (demo-portraits.ts; decision 0221). Their
 * accounts cannot sign in (the stored hash matches no password). Idempotent: it does nothing
 * once any creator exists.
 */
export async function seedDemoCreators(app: INestApplicationContext, print: (line: string) => void) {
  const em = app.get(EntityManager).fork();
  // The install's own city (CITY): the demo creators live there.
  const home = await app.get(Cities).home();
  if (await demoCreatorStatements.anyCreator(creatorSql(em)).executeTakeFirst()) return;

  const random = rng(216);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const pickSome = <T>(list: readonly T[], min: number, max: number) => {
    const n = min + Math.floor(random() * (max - min + 1));
    return [...list].sort(() => random() - 0.5).slice(0, n);
  };
  const between = (min: number, max: number) => Math.round(min + random() * (max - min));
  const tierFollowers = () => {
    let roll = random();
    for (const [min, max, weight] of TIERS) {
      if (roll < weight) return between(min, max);
      roll -= weight;
    }
    return between(MIN_FOLLOWERS, 10_000);
  };

  const now = Date.now();
  const accounts: { email: string; createdAt: Date }[] = [];
  const profiles: DemoProfileRow[] = [];
  for (let i = 0; i < DEMO_CREATORS; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 7) % LAST.length]!;
    const niche = NICHES[i % NICHES.length]!;
    const niches = [
      niche,
      ...pickSome(
        NICHES.filter((n) => n !== niche),
        0,
        2,
      ),
    ];
    const hood = pick(HOODS);
    const handle = [
      `${first}${last}`,
      `${first}.in.216`,
      `cle${first}${last.slice(0, 1)}`,
      `${first}_${niche}`,
      `${first}${last}cle`,
    ][i % 5]!.toLowerCase();

    // The main platform cycles so every platform appears; it carries the creator's tier.
    const main = PLATFORM_NAMES[i % PLATFORM_NAMES.length]!;
    const others = pickSome(
      PLATFORM_NAMES.filter((p) => p !== main),
      0,
      2,
    );
    const reach = i === 3 ? MAX_FOLLOWERS : i === 8 ? MIN_FOLLOWERS : tierFollowers();
    const platforms = [main, ...others].map((name, k) => ({
      name,
      handle,
      url: platformProfileUrl(name, handle),
      followers:
        k === 0 ? reach : Math.min(MAX_FOLLOWERS, Math.max(MIN_FOLLOWERS, Math.round(reach * (0.05 + random() * 0.5)))),
    }));

    const state = stateOf(i);
    const approved = state === 'listed' || state === 'approved-unverified';
    // Spread over the last year; a decision follows the application within two days.
    const createdAt = new Date(now - between(0, 364) * DAY_MS - i * 3_600_000);
    const decidedAt =
      state === 'pending' ? null : new Date(Math.min(now, createdAt.getTime() + between(2, 48) * 3_600_000));
    const bio = pick(BIOS[niche]).replace('{hood}', hood).slice(0, LIMITS.bioMax);
    const email = `creator${String(i + 1).padStart(2, '0')}@demo.localcreators.local`;

    accounts.push({ email, createdAt });
    profiles.push({
      id: randomUUID(),
      user_id: email, // replaced by the account's id below
      full_name: `${first} ${last}`,
      phone: `(216) 555-${String(100 + i).padStart(4, '0')}`,
      bio,
      neighborhood: hood,
      city: home.name,
      city_slug: home.slug,
      niches,
      platforms,
      content_types: pickSome(CONTENT_TYPES, 1, 4),
      collab_types: pickSome(COLLAB_TYPES, 1, 3),
      media_kit_url: i % 3 === 0 ? `https://${handle.replace(/[._]/g, '')}.example.com/media-kit.pdf` : null,
      link_hub_url: i % 4 === 0 ? `https://linktr.ee/${handle}` : null,
      can_use_name_publicly: i % 10 !== 7,
      approval_status: approved ? 'approved' : state,
      approval_notes: state === 'rejected' ? pick(REJECTION_NOTES) : null,
      is_public: approved,
      phone_verified: state === 'listed',
      total_followers: totalFollowers(platforms),
      created_at: createdAt,
      updated_at: decidedAt ?? createdAt,
      decided_at: decidedAt,
      profile_image_url: null,
      profile_image_small_url: null,
    });
  }

  // The accounts come from identity (they cannot sign in); a retried seed gets the same ones back.
  const accountIds = await app.get(AccountDirectory).createLockedAccounts(accounts);
  for (const row of profiles) row.user_id = accountIds.get(row.user_id)!;
  // Each gets an illustrated portrait, stored where an uploaded photo goes (a few at a time: sharp
  // renders on its own threads).
  const storage = app.get(ObjectStorage);
  for (let i = 0; i < profiles.length; i += PORTRAITS_AT_ONCE) {
    await Promise.all(
      profiles.slice(i, i + PORTRAITS_AT_ONCE).map(async (row, k) => {
        const portrait = await demoPortraitWebp(i + k);
        const small = await processImage(portrait, { maxSize: PROFILE_IMAGE_SMALL_SIZE });
        row.profile_image_small_url = await storage.put(
          profileImageSmallKey(row.user_id),
          small.body,
          small.contentType,
        );
        row.profile_image_url = await storage.put(profileImageKey(row.user_id), portrait, 'image/webp');
      }),
    );
  }
  // One multi-row insert: fast, and all or nothing.
  const insertProfiles = demoCreatorStatements.insert(creatorSql(em), profiles).execute();
  // Nothing half-written: without their profiles, the portraits go again.
  await insertProfiles.catch(async (error: unknown) => {
    await Promise.all(
      profiles.flatMap((row) => [
        storage.delete(profileImageKey(row.user_id)),
        storage.delete(profileImageSmallKey(row.user_id)),
      ]),
    );
    throw error;
  });
  print(`  Seeded ${profiles.length} demo creators.`);
}
