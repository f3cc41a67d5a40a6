import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { EntityManager } from '@mikro-orm/postgresql';
import { MSG, type AdminCreator, type AdminHandleCheck } from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { checkVersion, expectedVersion, flushOrConflict } from '../../../shared/expected-version';
import {
  CreatorRepository,
  HandleChecks,
  describeChanges,
  toAdminCreatorDto,
  toPublicCreator,
  type CreatorProfile,
} from '../../creator';
import { CreatorAdminQueries, type AdminCreatorQuery } from '../../directory';
import { AccountDirectory } from '../../identity';
import type { Principal } from '../../../shared/auth/principal';
import { assertCity } from '../../../shared/auth/city-scope';
import { Outbox } from '../../notifications';
import { AuditTrail } from './audit-trail';
import { decisionFromBody } from './creator-decision';

/** Accounts an e-mail search may name; a word that common is not an address anyone is looking for. */
const EMAIL_MATCHES_MAX = 1_000;

const changed = () => DomainError.conflict('MODERATION.STALE', MSG.creatorChanged);

/** Review decisions and phone verification, each audited and (for decisions) mailed to the creator. */
@Injectable()
export class ModerateCreators {
  constructor(
    private readonly em: EntityManager,
    private readonly creators: CreatorRepository,
    private readonly search: CreatorAdminQueries,
    private readonly accounts: AccountDirectory,
    private readonly audit: AuditTrail,
    private readonly outbox: Outbox,
    private readonly clock: Clock,
    private readonly handles: HandleChecks,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async list(q: AdminCreatorQuery): Promise<{ items: AdminCreator[]; total: number }> {
    // Words also find a creator by the account's e-mail, which only the identity module knows.
    const userIds = q.q?.trim() ? await this.accounts.userIdsWithEmailContaining(q.q, EMAIL_MATCHES_MAX) : undefined;
    const { items, total, emails } = await this.search.search({ ...q, userIds });
    return { items: items.map((p) => toAdminCreatorDto(p, emails.get(p.userId) ?? '')), total };
  }

  async get(admin: Principal, id: string): Promise<AdminCreator> {
    const profile = await this.load(admin, id);
    return toAdminCreatorDto(profile, await this.emailOf(profile));
  }

  /**
   * Applies the one transition the body asks for (see decisionFromBody) through the domain; the
   * profile, its audit row and the creator's mail are written in one flush. A body that changes
   * nothing answers the current profile and writes nothing.
   *
   * The decision applies only to the version the admin saw (`version` in the body): another
   * version is a 409. Of concurrent decisions on one version, the first to commit wins; the
   * others lose the row's optimistic lock at flush and are rolled back whole (no audit row, no
   * mail) into the same 409.
   */
  async decide(admin: Principal, id: string, body: unknown): Promise<AdminCreator> {
    const profile = await this.load(admin, id);
    const version = expectedVersion(body);
    const decision = decisionFromBody(body, profile);
    checkVersion(version, profile.version, changed);
    const email = await this.emailOf(profile);
    if (!decision) return toAdminCreatorDto(profile, email);
    const now = this.clock.now();
    const from = profile.approvalStatus;
    const wasListed = profile.isListed;
    switch (decision.kind) {
      case 'approve':
        profile.approve(now);
        this.audit.record(admin, 'creator_profile', profile, 'approve', { from, to: profile.approvalStatus });
        this.outbox.add('creator-approved', { email, name: profile.fullName, profileId: profile.id });
        break;
      case 'reject':
        profile.reject(decision.notes, now);
        this.audit.record(admin, 'creator_profile', profile, 'reject', {
          from,
          to: profile.approvalStatus,
          notes: profile.approvalNotes,
        });
        this.outbox.add('creator-rejected', {
          email,
          name: profile.fullName,
          notes: profile.approvalNotes,
          citySlug: profile.citySlug,
        });
        break;
      case 'phone': {
        const changes = profile.phoneVerified !== decision.verified;
        profile.setPhoneVerified(decision.verified, now);
        // The creator hears that the profile left the directory (or is back), not only the admins.
        if (changes)
          this.outbox.add('creator-phone-verification', {
            email,
            name: profile.fullName,
            profileId: profile.id,
            verified: decision.verified,
            citySlug: profile.citySlug,
          });
        this.audit.record(
          admin,
          'creator_profile',
          profile,
          decision.verified ? 'phone_verified_on' : 'phone_verified_off',
          {
            from: String(!decision.verified),
            to: String(decision.verified),
          },
        );
        break;
      }
    }
    await this.tellPartners(profile, wasListed, now);
    await flushOrConflict(() => this.em.flush(), changed);
    return toAdminCreatorDto(profile, email);
  }

  /**
   * The partners' webhooks hear when a decision lists or unlists the creator (decision 0810), in
   * the decision's flush. A listed creator's event carries the profile's public view, as the feed
   * shows it; an unlisted one's only the id, since nothing of the profile is public any more.
   */
  private async tellPartners(profile: CreatorProfile, wasListed: boolean, now: Date) {
    if (profile.isListed === wasListed) return;
    if (!profile.isListed) {
      await this.outbox.event('creator.unlisted', { creator: { id: profile.id } }, now);
      return;
    }
    await this.creators.loadPublicFacts(profile);
    await this.outbox.event(
      'creator.listed',
      { creator: toPublicCreator(profile, this.config.cityTimeZone, now) },
      now,
    );
  }

  /**
   * An admin has looked at what an approved creator changed since verification: the profile as
   * it is now becomes the verified one (audited). Needs the version the admin saw; with nothing
   * to acknowledge it answers the profile and writes nothing.
   */
  async acknowledgeChanges(admin: Principal, id: string, body: unknown): Promise<AdminCreator> {
    const profile = await this.load(admin, id);
    checkVersion(expectedVersion(body, true), profile.version, changed);
    const email = await this.emailOf(profile);
    const changes = profile.changesSinceVerification;
    if (changes.length === 0) return toAdminCreatorDto(profile, email);
    profile.acknowledgeChanges();
    this.audit.record(admin, 'creator_profile', profile, 'changes_acknowledged', { notes: describeChanges(changes) });
    await flushOrConflict(() => this.em.flush(), changed);
    return toAdminCreatorDto(profile, email);
  }

  /** Each handle of the profile with its code, address and confirmation (decision 0502). */
  async handleChecks(admin: Principal, id: string): Promise<AdminHandleCheck[]> {
    return this.handles.forAdmins(await this.load(admin, id), this.clock.now());
  }

  /**
   * `{ confirmed, version }`: the admin saw the code in the platform's bio during the check (or
   * takes that back). Applies to the check as the console showed it (a handle changed since is
   * a 409); the check and its audit row are written in one flush. Answers the profile's checks.
   */
  async setHandleConfirmed(admin: Principal, id: string, checkId: string, body: unknown): Promise<AdminHandleCheck[]> {
    const profile = await this.load(admin, id);
    const confirmed = (body as { confirmed?: unknown } | null)?.confirmed;
    if (typeof confirmed !== 'boolean')
      throw DomainError.invalid('MODERATION.BAD_CONFIRMED', 'confirmed must be true or false', 'confirmed');
    const check = await this.handles.setConfirmed(
      id,
      checkId,
      expectedVersion(body, true),
      confirmed,
      admin.email,
      this.clock.now(),
    );
    this.audit.record(admin, 'creator_profile', profile, confirmed ? 'handle_confirmed' : 'handle_unconfirmed', {
      to: `${check.platform} @${check.handle.replace(/^@+/, '')}`,
    });
    await flushOrConflict(
      () => this.em.flush(),
      () => DomainError.conflict('CREATOR.HANDLE_CHANGED', MSG.handleChanged),
    );
    return this.handles.forAdmins(profile, this.clock.now());
  }

  private async emailOf(profile: CreatorProfile) {
    return (await this.accounts.emailsOf([profile.userId])).get(profile.userId) ?? '';
  }

  /** The profile, 404 when unknown and 403 when it belongs to a city the admin was not given (decision 0601). */
  private async load(admin: Principal, id: string) {
    const profile = await this.creators.findById(id);
    if (!profile) throw DomainError.notFound('MODERATION.NOT_FOUND', MSG.profileNotFound);
    assertCity(admin, profile.citySlug);
    return profile;
  }
}
