import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { REPLY_MSG, REPLY_TIMES, replyTimeOf } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { scheduleSweep } from '../../../shared/sweeps';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { StoredRequestLimit } from '../../../shared/stored-request-limit';
import { ContactRequest } from '../domain/contact-request';
import { ReplyTimeStore } from './reply-time-store';

const DAY_MS = 86_400_000;
/** Messages counted as unanswered per sweep: a backlog is worked off over several sweeps. */
const LAPSES_PER_SWEEP = 500;
export const replyTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Replies you can count on (decisions 0710, 0841): only messages from proven senders count; the
 * brand's "They replied" link marks one answered; the creator's own "I replied" link is their note
 * (it keeps a message out of the unanswered count, never makes it answered); a sweep counts proven
 * messages neither side marked within 14 days as unanswered. After each, the profile's public
 * reply time is worked out again from its counted messages (replyTimeOf in common) and written to
 * the profile only when it changed, which moves the listing version (migration 0006).
 */
@Injectable()
export class ReplyTimes {
  constructor(
    private readonly em: EntityManager,
    private readonly store: ReplyTimeStore,
    private readonly clock: Clock,
  ) {}

  /** The POST behind the brand's "They replied" link (decision 0841); answering again is harmless. */
  async confirmReply(body: unknown): Promise<{ status: 'recorded' | 'already_recorded' }> {
    const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : undefined;
    if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token))
      throw DomainError.invalid('CREATOR.REPLY_LINK_INVALID', REPLY_MSG.brandLinkInvalid, 'token');
    const now = this.clock.now();
    return this.em.fork().transactional(async (em) => {
      const found = await em.findOne(
        ContactRequest,
        { brandTokenHash: replyTokenHash(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!found) throw DomainError.notFound('CREATOR.REPLY_LINK_UNKNOWN', REPLY_MSG.linkUnknown);
      if (found.replyConfirmedAt) return { status: 'already_recorded' as const };
      await StoredRequestLimit.serialize(em, `reply-times:${found.profileId}`);
      found.replyConfirmedAt = now;
      await em.flush();
      await this.recompute(em, found.profileId, now);
      return { status: 'recorded' as const };
    });
  }

  /**
   * The POST behind the creator's "I replied" link: their own note for the dashboard (decision 0841).
   * It never makes a reply count; it keeps the message out of the unanswered count.
   */
  async recordReply(body: unknown): Promise<{ status: 'recorded' | 'already_recorded'; brand_name: string }> {
    const token = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : undefined;
    if (typeof token !== 'string' || !/^[\w-]{20,100}$/.test(token))
      throw DomainError.invalid('CREATOR.REPLY_LINK_INVALID', REPLY_MSG.linkInvalid, 'token');
    const now = this.clock.now();
    return this.em.fork().transactional(async (em) => {
      // Under the row's lock, so two clicks at once record one reply.
      const found = await em.findOne(
        ContactRequest,
        { replyTokenHash: replyTokenHash(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!found) throw DomainError.notFound('CREATOR.REPLY_LINK_UNKNOWN', REPLY_MSG.linkUnknown);
      if (found.repliedAt) return { status: 'already_recorded' as const, brand_name: found.brandName };
      await StoredRequestLimit.serialize(em, `reply-times:${found.profileId}`);
      found.repliedAt = now;
      await em.flush();
      await this.recompute(em, found.profileId, now);
      return { status: 'recorded' as const, brand_name: found.brandName };
    });
  }

  /**
   * Counts messages unanswered for 14 days (claimed with SKIP LOCKED, so replicas sweeping together
   * never count one twice) and works out their creators' reply times again. Answers how many.
   */
  async countUnanswered(now: Date): Promise<number> {
    const before = new Date(now.getTime() - REPLY_TIMES.unansweredAfterDays * DAY_MS);
    return this.em.fork().transactional(async (em) => {
      const due = await this.store.claimUnanswered(em, before, LAPSES_PER_SWEEP);
      if (!due.length) return 0;
      const lapsed = await em.find(ContactRequest, { id: { $in: due } });
      for (const r of lapsed) r.lapsedAt = now;
      // Through the unit of work, so this process's directory reads see the change at once (ListingChangeSubscriber).
      await em.flush();
      const profiles = [...new Set(lapsed.map((r) => r.profileId))].sort();
      for (const id of profiles) {
        await StoredRequestLimit.serialize(em, `reply-times:${id}`);
        await this.recompute(em, id, now);
      }
      return due.length;
    });
  }

  /**
   * Works out one profile's public reply time from its counted messages, inside the caller's
   * transaction: proven senders' messages only, answered when the brand confirmed it, unanswered
   * after 14 days when neither side marked it (decision 0841).
   */
  private async recompute(em: EntityManager, profileId: string, now: Date) {
    const before = new Date(now.getTime() - REPLY_TIMES.unansweredAfterDays * DAY_MS);
    const time = replyTimeOf(await this.store.countedDelays(em, profileId, before));
    await this.store.keep(em, profileId, time?.within_days ?? null, time?.rarely ?? false);
  }
}

/** Runs the unanswered sweep every REPLY_SWEEP_S seconds in the API process (0: never). */
@Injectable()
export class ReplySweepSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('ReplyTimes');

  constructor(
    private readonly replies: ReplyTimes,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap() {
    scheduleSweep(this.scheduler, 'reply-sweep', this.config.replySweepSeconds, () =>
      this.replies
        .countUnanswered(this.clock.now())
        .then(
          (n) =>
            n && this.logger.log(`counted ${n} messages as unanswered after ${REPLY_TIMES.unansweredAfterDays} days`),
        )
        .catch((error: Error) => this.logger.warn(`reply sweep failed: ${error.message}`)),
    );
  }
}
