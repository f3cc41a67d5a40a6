import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  atHandle,
  MSG,
  SHORTLIST_LIMITS,
  SHORTLIST_MSG,
  TRUST_TEXT,
  validateContactRequest,
  withViewRef,
  validateShortlistName,
  validateShortlistNote,
  type CreatedShortlist,
  type OwnShortlist,
  type PublicCreator,
  type SharedShortlist,
  type ShortlistDelivery,
  type ShortlistEntry as ShortlistEntryView,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { RateLimiter } from '../../../shared/rate-limiter';
import { RetryLater, StoredRequestLimit, waitText } from '../../../shared/stored-request-limit';
import { Outbox } from '../../notifications';
import { CreatorProfile } from '../domain/creator-profile';
import { Shortlist, ShortlistEntry, ShortlistMessage } from '../domain/shortlist';
import { ContactLimits } from './contact-limits';
import { ContactRequests } from './contact-requests.service';
import { ListedProfiles } from './listed-profiles';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** 32 random bytes, base64url: 256 bits, the same as every other link's secret. */
const newToken = () => randomBytes(32).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => DomainError.notFound('SHORTLIST.NOT_FOUND', SHORTLIST_MSG.notFound);
const sharedNotFound = () => DomainError.notFound('SHORTLIST.SHARED_NOT_FOUND', SHORTLIST_MSG.sharedNotFound);
const asObject = (body: unknown) =>
  (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<string, unknown>;

/** The CSV's columns (decision 0701): public facts only, never an e-mail or a phone. */
const CSV_HEADER = ['Name', 'Status', 'City', 'Niches', 'Platforms', 'Followers', 'Profile link', 'Note'];

/**
 * Shortlists without an account (issue 27, decisions 0700–0702): a brand saves creators to a list
 * found by its link's secret, shares it read-only, exports it, and writes to everyone on it
 * through the contact relay once the brand's address is proven by a mailed link.
 */
@Injectable()
export class Shortlists {
  private readonly logger = new Logger(Shortlists.name);

  constructor(
    private readonly em: EntityManager,
    private readonly listed: ListedProfiles,
    private readonly contact: ContactRequests,
    private readonly limits: ContactLimits,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** A new, empty list; its secret is in this answer only. At most N a day per client address. */
  async start(body: unknown, clientIp: string): Promise<CreatedShortlist> {
    const name = unwrapValidation(validateShortlistName(asObject(body).name));
    const token = newToken();
    const clientHash = sha256(`shortlist-client:${clientIp}`);
    const now = this.clock.now();
    const list = await this.em.transactional(async (em) => {
      await StoredRequestLimit.serialize(em, `shortlist-client:${clientHash}`);
      const rule = this.config.rateLimits.shortlistsPerClient;
      const wait = await this.limits.shortlistsOfClient(em, clientHash, rule, now);
      if (wait !== null)
        throw new RetryLater('SHORTLIST.TOO_MANY', SHORTLIST_MSG.tooManyLists(rule.limit, waitText(wait)), wait);
      const created = Shortlist.start(name, sha256(token), clientHash, now);
      em.persist(created);
      return created;
    });
    return { token, ...(await this.ownView(list)) };
  }

  async own(token: unknown): Promise<OwnShortlist> {
    return this.ownView(await this.byToken(token));
  }

  async rename(token: unknown, body: unknown): Promise<OwnShortlist> {
    const name = unwrapValidation(validateShortlistName(asObject(body).name));
    const list = await this.byToken(token);
    list.rename(name, this.clock.now());
    await this.em.flush();
    return this.ownView(list);
  }

  /** Saves a listed creator (or changes the note of one already saved). */
  async save(token: unknown, profileId: string, body: unknown): Promise<OwnShortlist> {
    const fields = asObject(body);
    const note = fields.note === undefined ? null : unwrapValidation(validateShortlistNote(fields.note));
    if (!UUID.test(profileId))
      throw DomainError.notFound('SHORTLIST.CREATOR_NOT_LISTED', SHORTLIST_MSG.creatorNotListed);
    const now = this.clock.now();
    const list = await this.em.transactional(async (em) => {
      // The list's row lock makes "count, then add" one step: two saves cannot pass the size limit together.
      const locked = await em.findOne(
        Shortlist,
        { tokenHash: this.hashOf(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!locked) throw notFound();
      const existing = await em.findOne(ShortlistEntry, { shortlistId: locked.id, profileId });
      if (existing) {
        if (note !== null) existing.note = note;
      } else {
        const creator = await this.listed.listedProfile(profileId);
        if (!creator) throw DomainError.notFound('SHORTLIST.CREATOR_NOT_LISTED', SHORTLIST_MSG.creatorNotListed);
        const onList = await em.count(ShortlistEntry, { shortlistId: locked.id });
        em.persist(ShortlistEntry.add(locked.id, profileId, creator.display_name, note ?? '', now, onList));
      }
      locked.updatedAt = now;
      return locked;
    });
    return this.ownView(list);
  }

  async remove(token: unknown, profileId: string): Promise<OwnShortlist> {
    const list = await this.byToken(token);
    const entry = UUID.test(profileId)
      ? await this.em.findOne(ShortlistEntry, { shortlistId: list.id, profileId })
      : null;
    if (!entry) throw DomainError.notFound('SHORTLIST.NOT_ON_LIST', SHORTLIST_MSG.notOnList);
    list.updatedAt = this.clock.now();
    await this.em.remove(entry).flush();
    return this.ownView(list);
  }

  /** A new read-only link; any earlier one stops working. Its secret is in this answer only. */
  async share(token: unknown): Promise<{ share_token: string }> {
    const list = await this.byToken(token);
    const shareToken = newToken();
    list.share(sha256(shareToken), this.clock.now());
    await this.em.flush();
    return { share_token: shareToken };
  }

  async revokeShare(token: unknown): Promise<void> {
    const list = await this.byToken(token);
    list.revokeShare(this.clock.now());
    await this.em.flush();
  }

  async shared(shareToken: unknown): Promise<SharedShortlist> {
    return this.sharedView(await this.bySharedToken(shareToken));
  }

  async exportOwn(token: unknown): Promise<{ name: string; csv: string }> {
    return this.csvOf(await this.byToken(token));
  }

  async exportShared(shareToken: unknown): Promise<{ name: string; csv: string }> {
    return this.csvOf(await this.bySharedToken(shareToken));
  }

  /**
   * A message to everyone on the list: kept, and a single-use link mailed to the brand's address.
   * Nobody on the list hears anything until it is opened (confirm). The honeypot and the public
   * forms' per-client limit apply to this form post; the relay's own limits to each creator later.
   */
  async requestMessage(
    token: unknown,
    body: unknown,
    clientIp: string,
  ): Promise<{ status: 'confirmation_sent'; email: string }> {
    await this.limiter.hit('shortlist-message', clientIp, this.config.rateLimits.publicForms);
    const fields = asObject(body);
    const input = unwrapValidation(validateContactRequest(fields));
    const list = await this.byToken(token);
    const recipients = (await this.views(list)).filter((e) => e.listed && e.creator?.contact_enabled);
    if (recipients.length === 0)
      throw DomainError.conflict('SHORTLIST.NOBODY_TO_MESSAGE', SHORTLIST_MSG.nobodyToMessage);
    if (typeof fields.company_website === 'string' && fields.company_website.trim() !== '') {
      this.logger.warn(`honeypot filled from ${clientIp}: message to shortlist ${list.id} dropped`);
      return { status: 'confirmation_sent', email: input.email };
    }
    const confirmToken = newToken();
    const now = this.clock.now();
    await this.em.transactional(async (em) => {
      // The links this address can be sent: the relay's per-address number a day.
      await StoredRequestLimit.serialize(em, `shortlist-message-address:${input.email.toLowerCase()}`);
      const rule = this.config.rateLimits.contactPerAddress;
      const wait = await this.limits.shortlistMessagesFrom(em, input.email, rule, now);
      if (wait !== null)
        throw new RetryLater(
          'CREATOR.CONTACT_ADDRESS_LIMIT',
          MSG.contactAddressLimit(rule.limit, waitText(wait)),
          wait,
        );
      const message = ShortlistMessage.awaitingConfirmation(list.id, input, sha256(confirmToken), now);
      em.persist(message);
      this.outbox.add(
        'shortlist-message-confirm',
        { shortlistMessageId: message.id, email: input.email, creators: recipients.length, token: confirmToken },
        em,
      );
    });
    return { status: 'confirmation_sent', email: input.email };
  }

  /**
   * Opens the mailed link: once, before it expires. Every creator on the list at this moment who
   * takes messages gets a separate mail through the contact relay, under its limits; the answer
   * says, per creator, whether it went. One transaction: the link is spent with what it sent.
   */
  async confirmMessage(body: unknown): Promise<{ deliveries: ShortlistDelivery[] }> {
    const token = asObject(body).token;
    const invalid = DomainError.notFound('SHORTLIST.LINK_INVALID', SHORTLIST_MSG.linkInvalid);
    if (typeof token !== 'string' || !TOKEN.test(token)) throw invalid;
    const now = this.clock.now();
    return this.em.transactional(async (em) => {
      const message = await em.findOne(
        ShortlistMessage,
        { confirmTokenHash: sha256(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!message) throw invalid;
      message.confirm(now);
      // In profile id order, after the address: two list messages never take creators' locks crosswise.
      const entries = await em.find(
        ShortlistEntry,
        { shortlistId: message.shortlistId },
        { orderBy: { profileId: 'asc' } },
      );
      const profiles = new Map(
        (entries.length ? await em.find(CreatorProfile, { id: { $in: entries.map((e) => e.profileId) } }) : []).map(
          (p) => [p.id, p] as const,
        ),
      );
      await this.contact.lockAddress(em, message.email);
      const deliveries: ShortlistDelivery[] = [];
      for (const entry of entries) {
        const profile = profiles.get(entry.profileId);
        const refuse = (reason: string) =>
          deliveries.push({ profile_id: entry.profileId, name: entry.name, status: 'refused', reason });
        if (!profile?.isListed) {
          refuse(SHORTLIST_MSG.noLongerListed);
          continue;
        }
        if (!profile.contactEnabled) {
          refuse(MSG.contactClosed);
          continue;
        }
        const creatorEmail = await this.contact.creatorEmail(profile);
        if (!creatorEmail) {
          refuse(MSG.contactClosed);
          continue;
        }
        // The link reached the brand's address: each copy comes from a proven sender (decision 0840).
        const refused = await this.contact.deliver(em, profile, creatorEmail, message.input, now, message.id, true);
        if (refused) refuse(refused.message);
        else deliveries.push({ profile_id: entry.profileId, name: entry.name, status: 'sent', reason: null });
      }
      return { deliveries };
    });
  }

  private hashOf(token: unknown): string {
    if (typeof token !== 'string' || !TOKEN.test(token)) throw notFound();
    return sha256(token);
  }

  private async byToken(token: unknown): Promise<Shortlist> {
    const list = await this.em.findOne(Shortlist, { tokenHash: this.hashOf(token) });
    if (!list) throw notFound();
    return list;
  }

  private async bySharedToken(token: unknown): Promise<Shortlist> {
    if (typeof token !== 'string' || !TOKEN.test(token)) throw sharedNotFound();
    const list = await this.em.findOne(Shortlist, { shareTokenHash: sha256(token) });
    if (!list) throw sharedNotFound();
    return list;
  }

  private async ownView(list: Shortlist): Promise<OwnShortlist> {
    return {
      ...(await this.sharedView(list)),
      shared: list.shareTokenHash !== null,
      limits: { creators_max: SHORTLIST_LIMITS.creatorsMax },
    };
  }

  private async sharedView(list: Shortlist): Promise<SharedShortlist> {
    return { name: list.name, entries: await this.views(list), updated_at: list.updatedAt.toISOString() };
  }

  /** Oldest saved first; each creator's card from the directory's one read path, or "no longer listed". */
  private async views(list: Shortlist): Promise<ShortlistEntryView[]> {
    const entries = await this.em.find(
      ShortlistEntry,
      { shortlistId: list.id },
      { orderBy: { addedAt: 'asc', id: 'asc' } },
    );
    const cards = await Promise.all(entries.map((e) => this.listed.listedProfile(e.profileId)));
    return entries.map((e, i) => view(e, cards[i] ?? null));
  }

  private async csvOf(list: Shortlist): Promise<{ name: string; csv: string }> {
    const base = this.config.http.publicUrl;
    const rows = (await this.views(list)).map((e) => {
      const c = e.creator;
      if (!c) return [e.name, SHORTLIST_MSG.noLongerListed, '', '', '', '', '', e.note];
      return [
        c.display_name,
        // Listed, and verified now or not, as the profile and the live badge say it (decision 0851).
        c.verified ? 'Verified' : TRUST_TEXT.notVerified,
        c.city,
        c.niches.join('; '),
        c.platforms.map((p) => `${p.name} ${atHandle(p.handle)}`).join('; '),
        c.platforms
          .map((p) =>
            p.followers_unconfirmed
              ? `${p.name}: ${p.followers} ${TRUST_TEXT.unconfirmed}`
              : `${p.name}: ${p.followers} (${p.followers_confirmed_at ? `confirmed ${p.followers_confirmed_at.slice(0, 10)}` : 'date not known'})`,
          )
          .join('; '),
        withViewRef(`${base}/creator/${e.profile_id}`, 'shortlist'),
        e.note,
      ];
    });
    return { name: list.name, csv: [CSV_HEADER, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n' };
  }
}

function view(e: ShortlistEntry, c: PublicCreator | null): ShortlistEntryView {
  return {
    profile_id: e.profileId,
    name: c?.display_name ?? e.name,
    note: e.note,
    added_at: e.addedAt.toISOString(),
    listed: c !== null,
    creator: c && {
      display_name: c.display_name,
      profile_image_url: c.profile_image_small_url ?? c.profile_image_url,
      city: c.city,
      neighborhood: c.neighborhood,
      niches: c.niches,
      platforms: c.platforms,
      total_followers: c.total_followers,
      followers_unconfirmed: c.followers_unconfirmed,
      verified: c.verified,
      contact_enabled: c.contact_enabled,
    },
  };
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula starts with an apostrophe. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
