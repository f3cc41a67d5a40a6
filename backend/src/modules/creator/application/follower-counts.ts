import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { FOLLOWER_FRESHNESS, type AdminFollowerCount, type OwnFollowerCount } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { scheduleSweep } from '../../../shared/sweeps';
import { DomainError } from '../../../shared/domain-error';
import { Clock } from '../../../shared/clock';
import type { Principal } from '../../../shared/auth/principal';
import { assertCity } from '../../../shared/auth/city-scope';
import { AccountDirectory } from '../../identity';
import { Outbox } from '../../notifications';
import { CreatorProfile } from '../domain/creator-profile';
import { FollowerCount, planFollowerCounts, type FollowerJump } from '../domain/follower-count';
import { handleKey } from '../domain/handle-check';
import { CreatorRepository } from './creator.repository';
import { DueFollowerCounts } from './due-follower-counts';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Profiles mailed per sweep: a backlog is worked off over several sweeps. */
const REMINDERS_PER_SWEEP = 200;

/** In the profile's platform order. */
const inPlatformOrder = (profile: Pick<CreatorProfile, 'platforms'>) => (a: FollowerCount, b: FollowerCount) => {
  const at = (c: FollowerCount) =>
    profile.platforms.findIndex((p) => handleKey(p.name, p.handle) === handleKey(c.platform, c.handle));
  return at(a) - at(b);
};
const toOwn = (c: FollowerCount): OwnFollowerCount => ({
  platform: c.platform,
  handle: c.handle,
  followers: Number(c.followers),
  confirmed_at: c.confirmedAt.toISOString(),
});

export type AdminFollowerFilter = 'stale' | 'due' | 'jumped';

/**
 * Follower counts and their freshness (decision 0503): dated on every change, re-confirmed with
 * one click, a reminder mail once a count is 90 days old, jumps flagged to the admins.
 */
@Injectable()
export class FollowerCounts {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: CreatorRepository,
    private readonly accounts: AccountDirectory,
    private readonly outbox: Outbox,
    private readonly due: DueFollowerCounts,
    private readonly clock: Clock,
  ) {}

  /** After a profile's save, in its unit of work: changed counts dated now; jumps go to the admins. */
  async sync(
    profile: CreatorProfile,
    creatorEmail: string,
    now: Date,
    opts: { newProfile: boolean },
  ): Promise<FollowerJump[]> {
    const counts = await this.em.find(FollowerCount, { profileId: profile.id });
    const plan = planFollowerCounts(profile.id, counts, profile.platforms, now, opts);
    for (const c of plan.remove) this.em.remove(c);
    for (const c of plan.add) this.em.persist(c);
    const kept = [...counts.filter((c) => !plan.remove.includes(c)), ...plan.add];
    profile.holdFeaturedFor(kept.filter((c) => c.awaitsReview()).map((c) => handleKey(c.platform, c.handle)));
    if (plan.jumps.length) {
      this.outbox.add('follower-jump', {
        creatorName: profile.fullName,
        creatorEmail,
        profileId: profile.id,
        citySlug: profile.citySlug,
        jumps: plan.jumps,
      });
    }
    return plan.jumps;
  }

  async ofOwner(user: Principal): Promise<OwnFollowerCount[]> {
    const profile = await this.profiles.findByUserId(user.id);
    if (!profile) return [];
    return (await this.em.find(FollowerCount, { profileId: profile.id })).sort(inPlatformOrder(profile)).map(toOwn);
  }

  /** "Still right": every count of the caller's profile is confirmed as it is, now (the dashboard's one click). */
  async confirmAll(user: Principal): Promise<OwnFollowerCount[]> {
    const profile = await this.profiles.findByUserId(user.id);
    if (!profile) return [];
    const counts = await this.em.find(FollowerCount, { profileId: profile.id });
    const now = this.clock.now();
    for (const c of counts) c.confirm(Number(c.followers), now);
    await this.em.flush();
    return counts.sort(inPlatformOrder(profile)).map(toOwn);
  }

  /**
   * Mails each approved creator with a count confirmed 90 or more days ago and not yet reminded,
   * once (confirming clears the reminder). Rows are claimed with SKIP LOCKED and marked in the
   * same transaction as the outbox rows, so replicas sweeping together never mail twice.
   * Answers how many creators were mailed.
   */
  async sendDueReminders(now: Date): Promise<number> {
    const dueBefore = new Date(now.getTime() - FOLLOWER_FRESHNESS.reconfirmAfterDays * DAY_MS);
    return this.em.fork().transactional(async (em) => {
      const due = await this.due.claimProfiles(em, dueBefore, REMINDERS_PER_SWEEP * 10);
      const profileIds = [...new Set(due)].slice(0, REMINDERS_PER_SWEEP);
      if (!profileIds.length) return 0;
      const [profiles, counts] = await Promise.all([
        em.find(CreatorProfile, { id: { $in: profileIds } }),
        em.find(FollowerCount, { profileId: { $in: profileIds } }),
      ]);
      const emails = await this.accounts.emailsOf(profiles.map((p) => p.userId));
      for (const profile of profiles) {
        const email = emails.get(profile.userId);
        const own = counts.filter((c) => c.profileId === profile.id);
        for (const c of own) if (c.confirmedAt <= dueBefore) c.remindedAt = now;
        if (!email) continue;
        this.outbox.add(
          'followers-reconfirm',
          {
            email,
            name: profile.fullName,
            counts: own.sort(inPlatformOrder(profile)).map((c) => ({
              platform: c.platform,
              handle: c.handle,
              followers: Number(c.followers),
              confirmedAt: c.confirmedAt.toISOString(),
            })),
          },
          em,
        );
      }
      return profiles.length;
    });
  }

  /**
   * An admin looked at a jump and lets the count count (the Featured badge may follow). The
   * profile's list is written without moving its version: the admin may still decide on the
   * page they have open (as confirming a handle does, decision 0502).
   */
  async reviewJump(countId: string, admin: Principal): Promise<AdminFollowerCount> {
    const count = UUID.test(countId) ? await this.em.findOne(FollowerCount, { id: countId }) : null;
    if (!count?.jumpedAt) throw DomainError.notFound('CREATOR.NO_JUMP', 'This follower count has no jump to review');
    const owner = await this.em.findOne(CreatorProfile, { id: count.profileId }, { fields: ['citySlug'] });
    if (owner) assertCity(admin, owner.citySlug);
    count.review(this.clock.now());
    const waiting = (await this.em.find(FollowerCount, { profileId: count.profileId })).filter((c) => c.awaitsReview());
    await this.em.transactional(async (tx) => {
      await tx.nativeUpdate(
        CreatorProfile,
        { id: count.profileId },
        { followersUnderReview: waiting.map((c) => handleKey(c.platform, c.handle)) },
      );
    });
    const profile = await this.em.findOne(CreatorProfile, { id: count.profileId });
    return this.toAdmin(count, profile);
  }

  /** The admins' list: counts 180+ days old (`stale`), 90+ (`due`), or that jumped, oldest or newest jump first. */
  async forAdmins(
    filter: AdminFollowerFilter,
    page: { offset: number; limit: number },
    cities: readonly string[] | null,
  ): Promise<{ items: AdminFollowerCount[]; total: number }> {
    const now = this.clock.now();
    const when =
      filter === 'jumped'
        ? { jumpedAt: { $ne: null } }
        : {
            confirmedAt: {
              $lte: new Date(
                now.getTime() -
                  (filter === 'stale' ? FOLLOWER_FRESHNESS.asOfAfterDays : FOLLOWER_FRESHNESS.reconfirmAfterDays) *
                    DAY_MS,
              ),
            },
          };
    // A city admin's list: counts of creators in their cities (decision 0601).
    const inCities = cities
      ? {
          profileId: {
            $in: this.em
              .createQueryBuilder(CreatorProfile, 'p')
              .select('p.id')
              .where({ citySlug: { $in: [...cities] } }),
          },
        }
      : {};
    const where = { ...when, ...inCities } as FilterQuery<FollowerCount>;
    const [rows, total] = await this.em.findAndCount(FollowerCount, where, {
      orderBy:
        filter === 'jumped'
          ? { jumpedAt: 'desc', profileId: 'asc', platform: 'asc' }
          : { confirmedAt: 'asc', profileId: 'asc', platform: 'asc' },
      offset: page.offset,
      limit: page.limit,
    });
    const names = new Map(
      (rows.length
        ? await this.em.find(CreatorProfile, { id: { $in: [...new Set(rows.map((r) => r.profileId))] } })
        : []
      ).map((p) => [p.id, p] as const),
    );
    return {
      total,
      items: rows.map((r) => this.toAdmin(r, names.get(r.profileId))),
    };
  }

  private toAdmin(
    r: FollowerCount,
    owner: Pick<CreatorProfile, 'fullName' | 'citySlug'> | null | undefined,
  ): AdminFollowerCount {
    return {
      ...toOwn(r),
      id: r.id,
      profile_id: r.profileId,
      city_slug: owner?.citySlug ?? '',
      creator_name: owner?.fullName ?? '',
      reminded_at: r.remindedAt?.toISOString() ?? null,
      previous_followers: r.previousFollowers === null ? null : Number(r.previousFollowers),
      jumped_at: r.jumpedAt?.toISOString() ?? null,
      jump_reviewed_at: r.jumpReviewedAt?.toISOString() ?? null,
    };
  }
}

/** Runs the reminder sweep every FOLLOWER_REMINDER_SWEEP_S seconds in the API process (0: never). */
@Injectable()
export class FollowerReminderSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('FollowerReminders');

  constructor(
    private readonly counts: FollowerCounts,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap() {
    scheduleSweep(this.scheduler, 'follower-reminder-sweep', this.config.followerReminderSweepSeconds, () =>
      this.counts
        .sendDueReminders(this.clock.now())
        .then((n) => n && this.logger.log(`asked ${n} creators to re-confirm their follower counts`))
        .catch((error: Error) => this.logger.warn(`follower reminder sweep failed: ${error.message}`)),
    );
  }
}
