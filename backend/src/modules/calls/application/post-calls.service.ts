import { Injectable } from '@nestjs/common';
import { CALL_LIMITS, CALL_MSG, MSG, validateCall, type OwnCall } from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import { cityDay } from '../../../shared/city-day';
import { DomainError } from '../../../shared/domain-error';
import { RetryLater, waitText } from '../../../shared/stored-request-limit';
import type { Principal } from '../../../shared/auth/principal';
import { Cities } from '../../city';
import { Call } from '../domain/call';
import { CallRepository } from './call.repository';
import { CallStats } from './call-stats.service';
import { toOwnCall } from './call-views';

const MINE_MAX = 100;
/** CALL_LIMITS.postedPerDay as a sliding window of stored posts (decision 0906). */
const POSTED_PER_DAY = { limit: CALL_LIMITS.postedPerDay, windowSeconds: 24 * 60 * 60 };

/** A business posts a call and reads its own (issue 40 point 1). */
@Injectable()
export class PostCalls {
  constructor(
    private readonly calls: CallRepository,
    private readonly cities: Cities,
    private readonly clock: Clock,
    private readonly stats: CallStats,
  ) {}

  /**
   * Signed in with a proven address (decision 0900); the form's rules are common's validateCall,
   * against the call's city's day. At most CALL_LIMITS.openPerAccount calls waiting or open, and
   * CALL_LIMITS.postedPerDay posted in 24 hours, counted with the account's posts serialized (0906).
   */
  async post(account: Principal, body: unknown): Promise<OwnCall> {
    if (!account.emailConfirmed) throw DomainError.forbidden('CALLS.ADDRESS_NOT_PROVEN', CALL_MSG.needsProvenAddress);
    const fields = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
    const city = await this.cityOf(fields.city);
    const now = this.clock.now();
    const checked = validateCall(fields, cityDay(now, city.timeZone));
    if (!checked.ok) throw DomainError.invalid('VALIDATION', checked.error.message, checked.error.field);
    return this.calls.postingAs(account.id, async () => {
      if ((await this.calls.openCountOf(account.id)) >= CALL_LIMITS.openPerAccount)
        throw DomainError.conflict('CALLS.TOO_MANY_OPEN', CALL_MSG.tooManyOpen);
      const waitSeconds = await this.calls.nextPostWaitSeconds(account.id, POSTED_PER_DAY, now);
      if (waitSeconds !== null)
        throw new RetryLater('CALLS.TOO_MANY_TODAY', CALL_MSG.tooManyToday(waitText(waitSeconds)), waitSeconds);
      const call = Call.post(checked.value, account.id, city.slug, now);
      this.calls.add(call);
      await this.calls.flush();
      return toOwnCall(call);
    });
  }

  /** The account's calls, newest first, each with its numbers (decision 0921). */
  async mine(account: Principal): Promise<OwnCall[]> {
    const calls = await this.calls.ofAccount(account.id, MINE_MAX);
    const numbers = await this.stats.ofCalls(calls.map((c) => c.id));
    return calls.map((c) => toOwnCall(c, numbers.get(c.id)));
  }

  private async cityOf(asked: unknown) {
    if (asked === undefined || asked === null || asked === '') return this.cities.home();
    const city = typeof asked === 'string' ? await this.cities.bySlug(asked) : null;
    if (!city) throw DomainError.invalid('CALLS.UNKNOWN_CITY', MSG.unknownCity, 'city');
    return city;
  }
}
