import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { MSG, type AdminHandleCheck, type OwnHandleCheck } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import type { CreatorProfile } from '../domain/creator-profile';
import { HandleCheck, planHandleChecks, type ClearedHandle } from '../domain/handle-check';

const byPlatformOrder = (profile: Pick<CreatorProfile, 'platforms'>) => (a: HandleCheck, b: HandleCheck) => {
  const at = (c: HandleCheck) => profile.platforms.findIndex((p) => p.name === c.platform && p.handle === c.handle);
  return at(a) - at(b);
};

/**
 * The handle checks of profiles (decision 0502). Changes join the caller's unit of work: they are
 * written by its next flush, with the profile they belong to, or not at all.
 */
@Injectable()
export class HandleChecks {
  constructor(private readonly em: EntityManager) {}

  /** After a profile's save: a check for each platform handle; a changed handle's confirmation goes. */
  async sync(profile: CreatorProfile, now: Date): Promise<{ issued: HandleCheck[]; cleared: ClearedHandle[] }> {
    const checks = await this.em.find(HandleCheck, { profileId: profile.id });
    const plan = planHandleChecks(profile.id, checks, profile.platforms, now);
    for (const c of plan.remove) this.em.remove(c);
    for (const c of plan.issue) this.em.persist(c);
    return { issued: plan.issue, cleared: plan.cleared };
  }

  /** What the creator sees: each handle, its code and whether it is confirmed. */
  async ofOwner(profile: CreatorProfile, now: Date): Promise<OwnHandleCheck[]> {
    const checks = await this.em.find(HandleCheck, { profileId: profile.id });
    return checks.sort(byPlatformOrder(profile)).map((c) => ({
      platform: c.platform,
      handle: c.handle,
      code: c.codeAt(now),
      confirmed_at: c.confirmedAt?.toISOString() ?? null,
      renewal_due: c.renewalDue(now),
    }));
  }

  /** What the admins see: also the platform's address, who confirmed and the check's id and version. */
  async forAdmins(profile: CreatorProfile, now: Date): Promise<AdminHandleCheck[]> {
    const checks = await this.em.find(HandleCheck, { profileId: profile.id });
    return checks.sort(byPlatformOrder(profile)).map((c) => ({
      id: c.id,
      platform: c.platform,
      handle: c.handle,
      url: profile.platforms.find((p) => p.name === c.platform && p.handle === c.handle)?.url || null,
      code: c.codeAt(now),
      confirmed_at: c.confirmedAt?.toISOString() ?? null,
      renewal_due: c.renewalDue(now),
      confirmed_by: c.confirmedBy,
      version: c.version,
    }));
  }

  /**
   * An admin confirms (or takes back) one check of the profile, as the console showed it
   * (`version`): a handle changed since then is a 409, and nothing is written. Not flushed here.
   */
  async setConfirmed(
    profileId: string,
    checkId: string,
    version: unknown,
    confirmed: boolean,
    adminEmail: string,
    now: Date,
  ): Promise<HandleCheck> {
    const check = await this.em.findOne(HandleCheck, { id: checkId, profileId });
    if (!check || (version !== undefined && version !== check.version))
      throw DomainError.conflict('CREATOR.HANDLE_CHANGED', MSG.handleChanged);
    if (confirmed) check.confirm(adminEmail, now);
    else check.unconfirm();
    return check;
  }
}
