import { randomBytes } from 'node:crypto';

export type CallMatchStatus = 'mailed' | 'waiting' | 'dropped';

/**
 * A call matched to a listed creator's account (table call_matches, decision 0911). It is written
 * with the approval; the account is mailed about it at once (its first call mail of the city's
 * day) or it waits for the next day's digest. The row says which mail told of it: a call is never
 * in two mails to one account (the key is call and account).
 */
export class CallMatch {
  callId: string;
  accountId: string;
  citySlug: string;
  matchedAt: Date;
  status: CallMatchStatus;
  /** The city's day (YYYY-MM-DD) of the mail that told of it. */
  mailDay: string | null;
  /** That mail's outbox message. */
  outboxId: string | null;

  static of(callId: string, accountId: string, citySlug: string, now: Date): CallMatch {
    const m = new CallMatch();
    m.callId = callId;
    m.accountId = accountId;
    m.citySlug = citySlug;
    m.matchedAt = now;
    m.status = 'waiting';
    m.mailDay = null;
    m.outboxId = null;
    return m;
  }

  /** Told of in the mail `outboxId`, sent on the city's day `day`. */
  mailed(day: string, outboxId: string) {
    if (this.status !== 'waiting') return;
    this.status = 'mailed';
    this.mailDay = day;
    this.outboxId = outboxId;
  }

  /** No mail about it any more: the call closed or its deadline passed, the creator is unlisted or turned call mail off. */
  drop() {
    if (this.status === 'waiting') this.status = 'dropped';
  }
}

/** An account's call-mail setting and its one-click unsubscribe token (table call_mail_settings, decision 0912). */
export class CallMailSetting {
  accountId: string;
  mailOn: boolean;
  /** In every call mail's List-Unsubscribe address: it turns call mail off, and nothing else. */
  token: string;
  updatedAt: Date;

  static create(accountId: string, now: Date): CallMailSetting {
    const s = new CallMailSetting();
    s.accountId = accountId;
    s.mailOn = true;
    s.token = randomBytes(24).toString('base64url');
    s.updatedAt = now;
    return s;
  }

  set(on: boolean, now: Date) {
    if (this.mailOn === on) return;
    this.mailOn = on;
    this.updatedAt = now;
  }
}
