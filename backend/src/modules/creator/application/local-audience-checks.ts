import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  LOCAL_AUDIENCE,
  MSG,
  PLATFORM_NAMES,
  type AdminLocalAudienceCheck,
  type LocalAudienceStatus,
  type OwnLocalAudienceCheck,
  type PlatformName,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { assertCity } from '../../../shared/auth/city-scope';
import { DomainError } from '../../../shared/domain-error';
import { Clock } from '../../../shared/clock';
import type { Principal } from '../../../shared/auth/principal';
import { processImage } from '../../../shared/images/image-processor';
import { AccountDirectory } from '../../identity';
import { Outbox } from '../../notifications';
import { CreatorProfile } from '../domain/creator-profile';
import { checkDay, LocalAudienceCheck } from '../domain/local-audience-check';
import { CreatorRepository } from './creator.repository';
import { LocalAudienceStore } from './local-audience-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A creator's own list: the latest few are enough to see where a check stands. */
const OWN_CHECKS_SHOWN = 5;

const notFound = () => DomainError.notFound('LOCAL_AUDIENCE.NOT_FOUND', MSG.localAudienceNotFound);

const toOwn = (c: LocalAudienceCheck): OwnLocalAudienceCheck => ({
  id: c.id,
  platform: c.platform,
  shows_on: c.showsOn,
  status: c.status,
  share: c.share,
  checked_on: c.checkedOn,
  reason: c.reason,
  created_at: c.createdAt.toISOString(),
  decided_at: c.decidedAt?.toISOString() ?? null,
});

export interface OwnLocalAudience {
  /** What the profile shows now (fresh or not; the page applies the 180 days). */
  recorded: { share: number; checked_on: string } | null;
  checks: OwnLocalAudienceCheck[];
}

/**
 * A local audience, proven (decision 0720): a creator uploads a dated screenshot of a platform's
 * audience insights; an admin records the share and the day, or rejects it with a reason (mailed).
 * Only admins record: the creator's route takes a screenshot, never a share.
 */
@Injectable()
export class LocalAudienceChecks {
  constructor(
    private readonly em: EntityManager,
    private readonly profiles: CreatorRepository,
    private readonly accounts: AccountDirectory,
    private readonly outbox: Outbox,
    private readonly store: LocalAudienceStore,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Today's calendar day in the city (YYYY-MM-DD): what "not in the future" and "180 days" count from. */
  today(now = this.clock.now()): string {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: this.config.cityTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  }

  async upload(user: Principal, file: { buffer: Buffer } | undefined, body: unknown): Promise<OwnLocalAudienceCheck> {
    const fields = (body ?? {}) as { platform?: unknown; shows_on?: unknown };
    const profile = await this.profiles.findByUserId(user.id);
    if (!profile) throw DomainError.invalid('LOCAL_AUDIENCE.NO_PROFILE', MSG.localAudienceNoProfile);
    if (typeof fields.platform !== 'string' || !(PLATFORM_NAMES as readonly string[]).includes(fields.platform)) {
      throw DomainError.invalid('LOCAL_AUDIENCE.PLATFORM', MSG.localAudiencePlatform, 'platform');
    }
    const showsOn = checkDay(fields.shows_on, this.today(), 'shows_on', LOCAL_AUDIENCE.screenshotMaxAgeDays);
    if (!file?.buffer?.length) throw DomainError.invalid('LOCAL_AUDIENCE.NO_FILE', MSG.localAudienceNoFile, 'file');
    // The photo's checks: header first (image bombs), bounded decoding, re-encoded without metadata.
    const image = await processImage(file.buffer, { maxSize: LOCAL_AUDIENCE.screenshotMaxSize });
    const check = LocalAudienceCheck.upload(
      profile.id,
      fields.platform as PlatformName,
      showsOn,
      image.body,
      image.contentType,
      this.clock.now(),
    );
    await this.em.fork().transactional(async (em) => {
      // One waiting screenshot a profile: a newer one replaces it in the queue.
      await em.nativeDelete(LocalAudienceCheck, { profileId: profile.id, status: 'pending' });
      em.persist(check);
    });
    return toOwn(check);
  }

  async ofOwner(user: Principal): Promise<OwnLocalAudience> {
    const profile = await this.profiles.findByUserId(user.id);
    if (!profile) return { recorded: null, checks: [] };
    const checks = await this.em.find(
      LocalAudienceCheck,
      { profileId: profile.id },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: OWN_CHECKS_SHOWN },
    );
    const row = await this.store.recordedShare(profile.id);
    return {
      recorded:
        row?.local_share != null && row.local_share_checked_on
          ? { share: row.local_share, checked_on: row.local_share_checked_on }
          : null,
      checks: checks.map(toOwn),
    };
  }

  /** `cities`: the admin's cities (decision 0601); null for every city. */
  async forAdmins(
    status: LocalAudienceStatus,
    page: { offset: number; limit: number; cities: readonly string[] | null },
  ): Promise<{ items: AdminLocalAudienceCheck[]; total: number }> {
    const [rows, total] = await this.store.forAdmins(status, page);
    return { items: await this.toAdmin(rows), total };
  }

  async one(admin: Principal, id: string): Promise<AdminLocalAudienceCheck> {
    const check = UUID.test(id) ? await this.em.findOne(LocalAudienceCheck, { id }) : null;
    if (!check) throw notFound();
    await this.assertAdminsCity(admin, check.profileId);
    return (await this.toAdmin([check]))[0]!;
  }

  /** 403 unless the check's creator is in one of the admin's cities (decision 0601). */
  private async assertAdminsCity(admin: Principal, profileId: string) {
    const profile = await this.em.findOne(CreatorProfile, { id: profileId }, { fields: ['citySlug'] });
    if (profile) assertCity(admin, profile.citySlug);
  }

  /** The screenshot's bytes, for an admin's browser only. */
  async image(admin: Principal, id: string): Promise<{ body: Buffer; type: string }> {
    const check = UUID.test(id)
      ? await this.em.findOne(LocalAudienceCheck, { id }, { populate: ['image'] as never })
      : null;
    if (!check) throw notFound();
    await this.assertAdminsCity(admin, check.profileId);
    return { body: Buffer.from(check.image), type: check.imageType };
  }

  /**
   * `{ share, checked_on }` records the share (0–100) and the day; `{ reason }` rejects it (mailed
   * to the creator). A decided check is a 409. The profile takes the share unless it already has
   * one checked on a later day.
   */
  async decide(id: string, body: unknown, admin: Principal): Promise<AdminLocalAudienceCheck> {
    const input = (body ?? {}) as { share?: unknown; checked_on?: unknown; reason?: unknown };
    const recording = input.share !== undefined;
    let share = 0;
    let checkedOn = '';
    let reason = '';
    if (recording) {
      if (typeof input.share !== 'number' || !Number.isInteger(input.share) || input.share < 0 || input.share > 100) {
        throw DomainError.invalid('LOCAL_AUDIENCE.BAD_SHARE', MSG.localAudienceBadShare, 'share');
      }
      share = input.share;
      checkedOn = checkDay(input.checked_on, this.today(), 'checked_on', LOCAL_AUDIENCE.staleAfterDays - 1);
    } else {
      reason = typeof input.reason === 'string' ? input.reason.trim() : '';
      if (!reason || reason.length > LOCAL_AUDIENCE.reasonMax || reason.includes('\u0000')) {
        throw DomainError.invalid('LOCAL_AUDIENCE.REASON', MSG.localAudienceReason, 'reason');
      }
    }
    if (!UUID.test(id)) throw notFound();
    const now = this.clock.now();
    const decided = await this.em.fork().transactional(async (em) => {
      const check = await em.findOne(LocalAudienceCheck, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!check) throw notFound();
      const profile = await em.findOne(CreatorProfile, { id: check.profileId });
      if (!profile) throw notFound();
      assertCity(admin, profile.citySlug);
      if (recording) {
        check.record(share, checkedOn, admin.email, now);
        await this.store.recordShare(em, profile.id, share, checkedOn);
      } else {
        check.reject(reason, admin.email, now);
        const email = (await this.accounts.emailsOf([profile.userId])).get(profile.userId);
        if (email)
          this.outbox.add(
            'local-audience-rejected',
            { email, name: profile.fullName, platform: check.platform, reason },
            em,
          );
      }
      return check;
    });
    return (await this.toAdmin([decided]))[0]!;
  }

  private async toAdmin(rows: LocalAudienceCheck[]): Promise<AdminLocalAudienceCheck[]> {
    const names = new Map(
      (rows.length
        ? await this.em.find(CreatorProfile, { id: { $in: [...new Set(rows.map((r) => r.profileId))] } })
        : []
      ).map((p) => [p.id, p.fullName] as const),
    );
    return rows.map((r) => ({
      ...toOwn(r),
      profile_id: r.profileId,
      creator_name: names.get(r.profileId) ?? '',
      image_url: `/api/admin/local-audience-checks/${r.id}/image`,
      decided_by: r.decidedBy,
    }));
  }
}
