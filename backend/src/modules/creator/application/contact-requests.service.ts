import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  MSG,
  REPLY_TIMES,
  replyTimeText,
  validateContactRequest,
  type AdminContactCounts,
  type ContactRequestInput,
  type ReceivedContactRequest,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { RateLimiter } from '../../../shared/rate-limiter';
import { RetryLater, StoredRequestLimit, waitText } from '../../../shared/stored-request-limit';
import type { Principal } from '../../../shared/auth/principal';
import { AccountDirectory } from '../../identity';
import { Outbox } from '../../notifications';
import { ContactRequest } from '../domain/contact-request';
import { CreatorProfile } from '../domain/creator-profile';
import { ContactCountReads } from './contact-count-reads';
import { ContactLimits } from './contact-limits';
import { CreatorRepository } from './creator.repository';
import { toPublicCreator } from './creator-views';
import { replyTokenHash } from './reply-times';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The dashboard lists this many, newest first. */
const RECEIVED_MAX = 200;

export interface ContactAttempt {
  profileId: string;
  body: unknown;
  clientIp: string;
  /** The signed-in caller, if any: their own confirmed address is a proven sender (decision 0840). */
  user?: Principal;
}

const closed = () => DomainError.notFound('CREATOR.CONTACT_CLOSED', MSG.contactClosed);

/**
 * Brands write to a creator through the profile's Contact form (decision 0501). The creator is
 * mailed through the outbox, reply-to the brand; the creator's address never leaves the server.
 * Limited per client address (Redis), per brand address and per creator (counted from the stored
 * messages, so parallel sends cannot both slip under a limit).
 */
@Injectable()
export class ContactRequests {
  private readonly logger = new Logger(ContactRequests.name);

  constructor(
    private readonly em: EntityManager,
    private readonly profiles: CreatorRepository,
    private readonly accounts: AccountDirectory,
    private readonly outbox: Outbox,
    private readonly counts: ContactCountReads,
    private readonly limits: ContactLimits,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async send(attempt: ContactAttempt): Promise<{ status: 'sent' }> {
    await this.limiter.hit('creator-contact', attempt.clientIp, this.config.rateLimits.publicForms);
    const body = (
      typeof attempt.body === 'object' && attempt.body !== null && !Array.isArray(attempt.body) ? attempt.body : {}
    ) as Record<string, unknown>;
    const input = unwrapValidation(validateContactRequest(body));
    const profile = UUID.test(attempt.profileId)
      ? await this.em.findOne(CreatorProfile, { id: attempt.profileId })
      : null;
    if (!profile) throw closed();
    profile.assertTakesMessages();
    // Only bots fill the hidden field: they get a person's answer, and nothing is kept or mailed.
    if (typeof body.company_website === 'string' && body.company_website.trim() !== '') {
      this.logger.warn(`honeypot filled from ${attempt.clientIp}: message to creator ${profile.id} dropped`);
      return { status: 'sent' };
    }
    const creatorEmail = (await this.accounts.emailsOf([profile.userId])).get(profile.userId);
    if (!creatorEmail) throw closed();

    // Proven for this message only when the account's own confirmed address sends it (decision 0840):
    // an address typed into the form proves nothing, whoever types it.
    const proven = !!attempt.user?.emailConfirmed && attempt.user.email.toLowerCase() === input.email.toLowerCase();
    const now = this.clock.now();
    await this.em.transactional(async (em) => {
      await this.lockAddress(em, input.email);
      const refused = await this.deliver(em, profile, creatorEmail, input, now, null, proven);
      if (refused) throw refused;
    });
    return { status: 'sent' };
  }

  /** Taken first, before any creator's lock, so two sends never wait on each other crosswise. */
  async lockAddress(em: EntityManager, brandEmail: string) {
    await StoredRequestLimit.serialize(em, `contact-address:${brandEmail.toLowerCase()}`);
  }

  /**
   * One creator's copy of a brand's message, inside the caller's transaction after lockAddress:
   * the per-address and per-creator limits are checked against the stored messages, then the
   * message is kept and its mail queued (Reply-To the brand). Answers the refusal instead of
   * throwing it, so a message to a whole shortlist goes on to the next creator (decision 0702).
   *
   * Proven and unproven senders are counted apart (decision 0840): an address is limited by its own
   * messages of the same kind, and the creator's cap counts only proven senders' messages, so
   * strangers typing made-up addresses fill only their own small allowance, never a proven brand's.
   */
  async deliver(
    em: EntityManager,
    profile: CreatorProfile,
    creatorEmail: string,
    input: ContactRequestInput,
    now: Date,
    shortlistMessageId: string | null,
    proven: boolean,
  ): Promise<RetryLater | null> {
    await StoredRequestLimit.serialize(em, `contact-creator:${profile.id}`);
    const perAddress = this.config.rateLimits.contactPerAddress;
    const addressWait = await this.limits.fromAddress(em, input.email, proven, perAddress, now);
    if (addressWait !== null)
      return new RetryLater(
        'CREATOR.CONTACT_ADDRESS_LIMIT',
        MSG.contactAddressLimit(perAddress.limit, waitText(addressWait)),
        addressWait,
      );
    const perCreator = proven
      ? this.config.rateLimits.contactPerCreator
      : this.config.rateLimits.contactUnprovenPerCreator;
    const creatorWait = await this.limits.toCreator(em, profile.id, proven, perCreator, now);
    if (creatorWait !== null)
      return proven
        ? new RetryLater('CREATOR.CONTACT_CREATOR_LIMIT', MSG.contactCreatorLimit(waitText(creatorWait)), creatorWait)
        : new RetryLater(
            'CREATOR.CONTACT_UNPROVEN_LIMIT',
            MSG.contactUnprovenCreatorLimit(waitText(creatorWait)),
            creatorWait,
          );

    // The creator's one-click "I replied" note (decision 0710, 0841) and, for a proven sender only,
    // the brand's "They replied" link (decision 0841): only their hashes are kept.
    const replyToken = randomBytes(32).toString('base64url');
    const brandToken = proven ? randomBytes(32).toString('base64url') : null;
    const request = ContactRequest.create(
      profile,
      input,
      now,
      shortlistMessageId,
      replyTokenHash(replyToken),
      brandToken && replyTokenHash(brandToken),
    );
    em.persist(request);
    const creatorName = toPublicCreator(profile, this.config.cityTimeZone).display_name;
    // Our words only, never the message: the address was proven, and still gets nobody's text (as 0702).
    if (brandToken)
      this.outbox.add(
        'contact-brand-copy',
        { profileId: profile.id, creatorName, email: request.email, token: brandToken },
        em,
      );
    this.outbox.add(
      'creator-contact',
      {
        profileId: profile.id,
        creatorName,
        creatorEmail,
        brandName: request.brandName,
        brandEmail: request.email,
        budgetRange: request.budgetRange,
        message: request.message,
        replyToken,
      },
      em,
    );
    // The next creator's count must see this one.
    await em.flush();
    return null;
  }

  /** The creator's account address, looked up at send time; never leaves the server. */
  async creatorEmail(profile: CreatorProfile): Promise<string | undefined> {
    return (await this.accounts.emailsOf([profile.userId])).get(profile.userId);
  }

  /** The messages brands sent the caller, newest first (the dashboard's list). */
  async received(user: Principal): Promise<ReceivedContactRequest[]> {
    const profile = await this.profiles.findByUserId(user.id);
    if (!profile) return [];
    const rows = await this.em.find(
      ContactRequest,
      { profileId: profile.id },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: RECEIVED_MAX },
    );
    return rows.map((r) => ({
      id: r.id,
      brand_name: r.brandName,
      email: r.email,
      budget_range: r.budgetRange,
      message: r.message,
      created_at: r.createdAt.toISOString(),
      replied_at: r.repliedAt?.toISOString() ?? null,
    }));
  }

  /**
   * Per creator, for the admins: how many messages, how many in the last week, from how many
   * addresses, and when the last came. Never the messages (decision 0501).
   */
  async countsPerCreator(opts: {
    offset: number;
    limit: number;
    sort: 'total' | 'last_7_days' | 'last_received_at';
    order: 'ASC' | 'DESC';
    /** The cities to count (slugs); null for every city (decision 0601). */
    cities: readonly string[] | null;
  }): Promise<{ items: AdminContactCounts[]; total: number }> {
    const now = this.clock.now().getTime();
    const { rows, total } = await this.counts.perCreator({
      ...opts,
      weekAgo: new Date(now - 7 * 86_400_000),
      unansweredBefore: new Date(now - REPLY_TIMES.unansweredAfterDays * 86_400_000),
    });
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        city_slug: r.city_slug,
        creator_name: r.full_name ?? '',
        total: Number(r.total),
        last_7_days: Number(r.last_7_days),
        distinct_senders: Number(r.distinct_senders),
        via_shortlists: Number(r.via_shortlists),
        replied: Number(r.replied),
        unanswered: Number(r.unanswered),
        reply_time: replyTimeText(
          r.reply_rarely
            ? { within_days: null, rarely: true }
            : r.reply_days
              ? { within_days: r.reply_days, rarely: false }
              : null,
        ),
        last_received_at: new Date(r.last_received_at).toISOString(),
      })),
    };
  }
}
