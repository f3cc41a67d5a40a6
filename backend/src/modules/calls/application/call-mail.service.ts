import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { CALL_MAIL, CALL_MAIL_MSG, callMatches, offerText, type MatchingCalls } from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { cityDay } from '../../../shared/city-day';
import { DomainError } from '../../../shared/domain-error';
import { scheduleSweep } from '../../../shared/sweeps';
import type { Principal } from '../../../shared/auth/principal';
import { Cities, type City } from '../../city';
import { ListedCreatorsForCalls, type CallCandidate } from '../../directory';
import { AccountDirectory } from '../../identity';
import { Outbox } from '../../notifications';
import { Call } from '../domain/call';
import { CallMailSetting, CallMatch } from '../domain/call-match';
import { CallMatchReads } from './call-match-reads';
import { CallRepository } from './call.repository';
import { toPublicCall } from './call-views';

/** A city's calls the dashboard looks through for one creator. */
const DASHBOARD_CALLS_MAX = 200;
/** Accounts one digest sweep looks at, longest waiting first (those due before those mailed today); the next sweep takes the rest. */
const DIGEST_BATCH = 500;

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The hour (0–23) of a moment in a time zone. */
const cityHour = (at: Date, timeZone: string) => {
  let f = hourFormats.get(timeZone);
  if (!f)
    hourFormats.set(timeZone, (f = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' })));
  return Number(f.format(at));
};

const mailCall = (c: Call) => ({
  id: c.id,
  citySlug: c.citySlug,
  title: c.title,
  businessName: c.businessName,
  offerText: offerText({ offer: c.offer, fee_min: c.feeMin, fee_max: c.feeMax, product: c.product }),
  deadline: c.deadline,
});

const needsOf = (c: Call) => ({
  city_slug: c.citySlug,
  niches: c.niches,
  content_types: c.contentTypes,
  collab_types: c.collabTypes,
  neighborhoods: c.neighborhoods,
  followers_min: c.followersMin,
  followers_max: c.followersMax,
});

/**
 * Matching that reaches people (issue 40 point 3, decisions 0910–0913). When a call is approved,
 * every listed creator it matches is recorded beside the approval, in its flush: mailed at once
 * when it is their first call mail of the city's day, else waiting for the next day's digest. The
 * digest sweep writes one mail per account and marks what it told of in the same transaction, so
 * a crash loses nothing and a rerun repeats nothing; the outbox and worker do the rest.
 */
@Injectable()
export class CallMail {
  constructor(
    private readonly em: EntityManager,
    private readonly calls: CallRepository,
    private readonly matches: CallMatchReads,
    private readonly creators: ListedCreatorsForCalls,
    private readonly accounts: AccountDirectory,
    private readonly outbox: Outbox,
    private readonly cities: Cities,
    private readonly clock: Clock,
  ) {}

  /** In the approval's unit of work (written by its flush): who the call matches, and the mails to send now. Answers how many were matched. */
  async approved(call: Call, city: City, now: Date): Promise<number> {
    const candidates = (await this.creators.inCityWithNiches(call.citySlug, call.niches)).filter((c) =>
      callMatches(needsOf(call), c),
    );
    if (candidates.length === 0) return 0;
    const ids = candidates.map((c) => c.userId);
    const [settings, emails] = await Promise.all([this.settingsOf(this.em, ids), this.accounts.emailsOf(ids)]);
    const today = cityDay(now, city.timeZone);
    const mailedToday = await this.mailedOn(this.em, ids, today);
    let matched = 0;
    for (const c of candidates) {
      let setting = settings.get(c.userId);
      if (!setting) this.em.persist((setting = CallMailSetting.create(c.userId, now)));
      const email = emails.get(c.userId);
      if (!setting.mailOn || !email) continue;
      const match = CallMatch.of(call.id, c.userId, call.citySlug, now);
      this.em.persist(match);
      matched += 1;
      if (!mailedToday.has(c.userId)) match.mailed(today, this.mail(this.em, c, email, setting, [call]));
    }
    return matched;
  }

  /**
   * One digest per account with waiting matches, from CALL_MAIL.digestHour of the city's day and
   * not on a day it was already mailed (decision 0911). Each account in its own transaction, its
   * rows locked (others' sweeps skip them): the mail and the marks commit together or not at all.
   */
  async sendDigests(now: Date): Promise<number> {
    const accounts = await this.matches.accountsWaiting(DIGEST_BATCH);
    let sent = 0;
    for (const accountId of accounts) if (await this.digestOf(accountId, now)) sent += 1;
    return sent;
  }

  private digestOf(accountId: string, now: Date): Promise<boolean> {
    return this.em.fork().transactional(async (tx) => {
      const waiting = await tx.find(
        CallMatch,
        { accountId, status: 'waiting' },
        { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      if (waiting.length === 0) return false;
      const city = (await this.cities.bySlug(waiting[0]!.citySlug)) ?? (await this.cities.home());
      const today = cityDay(now, city.timeZone);
      if (cityHour(now, city.timeZone) < CALL_MAIL.digestHour || (await this.mailedOn(tx, [accountId], today)).size > 0)
        return false;
      const [settings, emails, listed, calls] = await Promise.all([
        this.settingsOf(tx, [accountId]),
        this.accounts.emailsOf([accountId]),
        this.creators.listedOf([accountId]),
        tx.find(Call, { id: { $in: waiting.map((m) => m.callId) } }, { orderBy: { approvedAt: 'asc', id: 'asc' } }),
      ]);
      const setting = settings.get(accountId);
      const email = emails.get(accountId);
      const creator = listed.get(accountId);
      const still = calls.filter(
        (c) => c.isPublic && c.deadline >= cityDay(now, city.timeZone) && creator && callMatches(needsOf(c), creator),
      );
      if (!setting?.mailOn || !email || !creator || still.length === 0) {
        for (const m of waiting) m.drop();
        return false;
      }
      const messageId = this.mail(tx, creator, email, setting, still);
      for (const m of waiting) {
        if (still.some((c) => c.id === m.callId)) m.mailed(today, messageId);
        else m.drop();
      }
      return true;
    });
  }

  /** GET /api/me/matching-calls: the city's open calls that match the caller's listed profile, deadline not passed. */
  async matchingFor(user: Principal): Promise<MatchingCalls> {
    const [creator, setting] = await Promise.all([
      this.creators.listedOf([user.id]).then((m) => m.get(user.id)),
      this.em.findOne(CallMailSetting, { accountId: user.id }),
    ]);
    const call_mail = setting?.mailOn ?? true;
    if (!creator) return { listed: false, call_mail, calls: [] };
    const city = await this.cities.bySlug(creator.city_slug);
    if (!city) return { listed: true, call_mail, calls: [] };
    const today = cityDay(this.clock.now(), city.timeZone);
    const open = await this.calls.publicOfCity(city.slug, DASHBOARD_CALLS_MAX);
    return {
      listed: true,
      call_mail,
      calls: open
        .filter((c) => c.deadline >= today && callMatches(needsOf(c), creator))
        .map((c) => toPublicCall(c, city.name)),
    };
  }

  /** PUT /api/me/call-mail `{ call_mail: boolean }`: the creator's own setting (decision 0912). */
  async setMail(user: Principal, body: unknown): Promise<{ call_mail: boolean }> {
    const on = (body as { call_mail?: unknown } | null)?.call_mail;
    if (typeof on !== 'boolean')
      throw DomainError.invalid('VALIDATION', 'call_mail must be true or false', 'call_mail');
    const now = this.clock.now();
    let setting = await this.em.findOne(CallMailSetting, { accountId: user.id });
    if (!setting) this.em.persist((setting = CallMailSetting.create(user.id, now)));
    setting.set(on, now);
    await this.em.flush();
    return { call_mail: setting.mailOn };
  }

  /** POST /api/calls/mail/unsubscribe?token=: RFC 8058's one-click unsubscribe, no sign-in; the token turns call mail off and nothing else. */
  async unsubscribe(token: unknown): Promise<{ call_mail: false }> {
    const setting =
      typeof token === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(token)
        ? await this.em.findOne(CallMailSetting, { token })
        : null;
    if (!setting) throw DomainError.notFound('CALLS.UNKNOWN_UNSUBSCRIBE', CALL_MAIL_MSG.unknownLink);
    setting.set(false, this.clock.now());
    await this.em.flush();
    return { call_mail: false };
  }

  private mail(em: EntityManager, to: CallCandidate, email: string, setting: CallMailSetting, calls: Call[]): string {
    return this.outbox.add('call-match', { email, name: to.name, token: setting.token, calls: calls.map(mailCall) }, em)
      .id;
  }

  private async settingsOf(em: EntityManager, accountIds: string[]) {
    return new Map(
      (await em.find(CallMailSetting, { accountId: { $in: accountIds } })).map((s) => [s.accountId, s] as const),
    );
  }

  /** The accounts (of these) told of a call in a mail of the city's day `day`. */
  private async mailedOn(em: EntityManager, accountIds: string[], day: string) {
    const rows = await em.find(CallMatch, { accountId: { $in: accountIds }, mailDay: day }, { fields: ['accountId'] });
    return new Set(rows.map((r) => r.accountId));
  }
}

/** Runs the digest sweep every CALL_DIGEST_SWEEP_S seconds in the API process (0: never). */
@Injectable()
export class CallDigestSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('CallDigests');

  constructor(
    private readonly mail: CallMail,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap() {
    scheduleSweep(this.scheduler, 'call-digest-sweep', this.config.callDigestSweepSeconds, () =>
      this.mail
        .sendDigests(this.clock.now())
        .then((n) => n && this.logger.log(`sent ${n} call digests`))
        .catch((error: Error) => this.logger.warn(`call digest sweep failed: ${error.message}`)),
    );
  }
}
