import { Injectable } from '@nestjs/common';
import type { EventSubscriber } from '@mikro-orm/core';
import { PostgresNotifications, type ChannelListener } from '../../../database/postgres-notifications';
import { SessionLookup } from '../application/account-directory';
import { SqlSessionLookup, type ActiveSession } from './sql-account-directory';

/** The channel identity's triggers notify when a session, an account, its roles or grants change (migration AccountChangeNotify). */
const ACCOUNT_CHANNEL = 'account_change';
/** How long a kept check is trusted without a read, should a notification ever go missing (as the listing version, decision 0202). */
const MAX_AGE_MS = 1_000;
/** Enough for every session signed in at once on one process; past it, the oldest checks are dropped first. */
const MAX_KEPT = 10_000;

type Account = Omit<ActiveSession, 'expires_at'>;

/**
 * Session checks as far as this process knows them, kept between PostgreSQL's announcements
 * (decision 0264):
 * - only while announcements are known to arrive (`setListening(true)`); without a listener every
 *   check reads the database, as before;
 * - a check is trusted for at most `maxAgeMs`, and never past its session's expiry;
 * - any announcement, or any write of this process (`changed()`), forgets every kept check: the
 *   next request of each session reads again;
 * - a read that was on the wire when the generation moved is not kept (it may predate the change).
 */
export class KeptSessionChecks {
  private readonly kept = new Map<
    string,
    { userId: string; account: Account; expiresAt: number; readAt: number; generation: number }
  >();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly query: (sessionId: string, userId: string) => Promise<ActiveSession | null>,
    private readonly maxAgeMs = MAX_AGE_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async check(sessionId: string, userId: string): Promise<Account | null> {
    const now = this.now();
    const kept = this.kept.get(sessionId);
    if (
      kept &&
      this.listening &&
      kept.generation === this.generation &&
      kept.userId === userId &&
      now < kept.expiresAt &&
      now - kept.readAt < this.maxAgeMs
    ) {
      return kept.account;
    }
    const generation = this.generation;
    const row = await this.query(sessionId, userId);
    if (!row) return null;
    const { expires_at: expiresAt, ...account } = row;
    if (this.listening && generation === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.delete(sessionId);
      this.kept.set(sessionId, { userId, account, expiresAt: new Date(expiresAt).getTime(), readAt: now, generation });
    }
    return account;
  }

  /** Something a check reads may have changed: every kept check is read again. */
  changed() {
    this.generation++;
    this.kept.clear();
  }

  /** Whether announcements arrive now; either way, what was kept is no longer trusted. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.changed();
  }
}

/**
 * The JWT strategy's session lookup with the checks kept in memory (decision 0264): a signed-in
 * request costs no round trip to PostgreSQL while nothing about its account changed. Changes made
 * anywhere (another API process, the CLI, plain SQL) arrive as `account_change` notifications; this
 * process's own writes forget the kept checks as they flush and commit (AccountWritesSubscriber),
 * so a sign-out is refused on the very next request. The process's listener (PostgresNotifications)
 * hears the channel from the first check on, so processes that never check a session (the worker,
 * the CLI) never open it.
 */
@Injectable()
export class KeptSessionLookup extends SessionLookup {
  readonly checks: KeptSessionChecks;
  private readonly listener: ChannelListener;

  constructor(
    private readonly sql: SqlSessionLookup,
    private readonly notifications: PostgresNotifications,
  ) {
    super();
    this.checks = new KeptSessionChecks((sessionId, userId) => sql.activeSessionRow(sessionId, userId));
    this.listener = {
      onNotification: () => this.checks.changed(),
      onListening: (listening) => this.checks.setListening(listening),
    };
  }

  activeSession(sessionId: string, userId: string) {
    this.notifications.listen(ACCOUNT_CHANNEL, this.listener);
    return this.checks.check(sessionId, userId);
  }

  openRecoveryLink(tokenId: string, userId: string) {
    return this.sql.openRecoveryLink(tokenId, userId);
  }
}

/**
 * Any flush or commit of this process may have revoked a session or changed an account (a
 * sign-out, a password change, a reused refresh token): the kept checks are forgotten at once,
 * before the notification arrives. Other writes only cost the next request of each session a read.
 */
export class AccountWritesSubscriber implements EventSubscriber {
  constructor(private readonly checks: KeptSessionChecks) {}

  afterFlush() {
    this.checks.changed();
  }

  afterTransactionCommit() {
    this.checks.changed();
  }
}
