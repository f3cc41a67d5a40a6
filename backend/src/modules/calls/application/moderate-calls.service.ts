import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  CALL_MSG,
  CALL_STATUSES,
  firstDeclineReasonError,
  type AdminCall,
  type CallStatus,
} from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { checkVersion, expectedVersion, flushOrConflict } from '../../../shared/expected-version';
import type { Principal } from '../../../shared/auth/principal';
import { assertCity } from '../../../shared/auth/city-scope';
import { Cities } from '../../city';
import { AccountDirectory } from '../../identity';
import { AuditTrail } from '../../moderation';
import { Outbox } from '../../notifications';
import type { Call } from '../domain/call';
import { AnswerCalls } from './answer-calls.service';
import { CallMail } from './call-mail.service';
import { CallRepository, type CallListQuery } from './call.repository';
import { CallStats } from './call-stats.service';
import { toAdminCall, toPublicCall } from './call-views';

const changed = () => DomainError.conflict('CALLS.STALE', CALL_MSG.changed);
/** What an admin may do with a call (the API's body names one). */
export const CALL_ACTIONS = ['approve', 'decline', 'close'] as const;

/** A city's admins review calls (issue 40 point 2): approve, decline with a reason, close; each in the audit trail. */
@Injectable()
export class ModerateCalls {
  constructor(
    private readonly calls: CallRepository,
    private readonly audit: AuditTrail,
    private readonly outbox: Outbox,
    private readonly accounts: AccountDirectory,
    private readonly cities: Cities,
    private readonly clock: Clock,
    private readonly mail: CallMail,
    private readonly answers: AnswerCalls,
    private readonly stats: CallStats,
    private readonly em: EntityManager,
  ) {}

  async list(q: Omit<CallListQuery, 'status'> & { status?: string }): Promise<{ items: AdminCall[]; total: number }> {
    if (q.status !== undefined && !(CALL_STATUSES as readonly string[]).includes(q.status))
      throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown status', 'filter');
    const { items, total } = await this.calls.list({ ...q, status: q.status as CallStatus | undefined });
    return { items: await this.withEmails(items), total };
  }

  async get(admin: Principal, id: string): Promise<AdminCall> {
    return (await this.withEmails([await this.load(admin, id)]))[0]!;
  }

  /**
   * `{ action: 'approve' | 'decline' | 'close', reason?, version }`: the one decision, its audit row,
   * its partners' event (call.approved, call.closed: decision 0810's feed) and, for an approval, the
   * matched creators' mails (decision 0911) in one flush, on
   * the version the admin saw (409 otherwise).
   */
  async decide(admin: Principal, id: string, body: unknown): Promise<AdminCall> {
    // The row is held to the commit: an answer stored meanwhile is told by a close, or refused after it (0916).
    await this.calls.deciding(id, (call) => this.decideHeld(admin, this.found(admin, call), body));
    return this.get(admin, id);
  }

  private async decideHeld(admin: Principal, call: Call, body: unknown): Promise<void> {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const action = b.action;
    if (typeof action !== 'string' || !(CALL_ACTIONS as readonly string[]).includes(action))
      throw DomainError.invalid('CALLS.BAD_ACTION', CALL_MSG.actionUnknown, 'action');
    checkVersion(expectedVersion(body), call.version, changed);
    const now = this.clock.now();
    const from = call.status;
    if (action === 'approve') {
      call.approve(now);
      this.audit.record(admin, 'call', call, 'approve', { from, to: call.status });
      await this.outbox.event('call.approved', { call: await this.publicView(call) }, now);
      // The creators it matches, and their mails, in this same flush (decision 0911).
      await this.mail.approved(call, (await this.cities.bySlug(call.citySlug)) ?? (await this.cities.home()), now);
    } else if (action === 'decline') {
      const problem = firstDeclineReasonError(b.reason);
      if (problem) throw DomainError.invalid('VALIDATION', problem, 'reason');
      const reason = String(b.reason).trim();
      call.decline(reason, now);
      this.audit.record(admin, 'call', call, 'decline', { from, to: call.status, notes: reason });
    } else {
      const wasPublic = call.close(now);
      this.audit.record(admin, 'call', call, 'close', { from, to: call.status });
      // Partners heard of it when it became public; only then is its closing news (data: its id only, as creator.unlisted).
      if (wasPublic) await this.outbox.event('call.closed', { call: { id: call.id, city_slug: call.citySlug } }, now);
      // The creators it did not pick are told, in this same flush (decision 0916).
      await this.answers.tellTheRest(this.em, call, now);
    }
    await flushOrConflict(() => this.calls.flush(), changed);
  }

  private async publicView(call: Call) {
    const city = await this.cities.bySlug(call.citySlug);
    return toPublicCall(call, city?.name ?? call.citySlug);
  }

  /** The calls as the console shows them: with their business's address and their numbers (decision 0921). */
  private async withEmails(items: Call[]): Promise<AdminCall[]> {
    const ids = items.map((c) => c.accountId).filter((v): v is string => !!v);
    const [emails, numbers] = await Promise.all([
      ids.length ? this.accounts.emailsOf(ids) : new Map<string, string>(),
      this.stats.ofCalls(items.map((c) => c.id)),
    ]);
    return items.map((c) => toAdminCall(c, c.accountId ? (emails.get(c.accountId) ?? null) : null, numbers.get(c.id)));
  }

  /** 404 when unknown, 403 when of a city the admin was not given. */
  private async load(admin: Principal, id: string) {
    return this.found(admin, await this.calls.byId(id));
  }

  private found(admin: Principal, call: Call | null): Call {
    if (!call) throw DomainError.notFound('CALLS.NOT_FOUND', CALL_MSG.notFound);
    assertCity(admin, call.citySlug);
    return call;
  }
}
