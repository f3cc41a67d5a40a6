import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { RedisClient } from '../redis.module';
import { Clock } from '../clock';
import { VIEWS_PER_CLIENT_MINUTE, ViewGate, type ViewClient } from './view-gate';

/** Keys live two days: a day's set is still there for a late read at the day's end, then goes. */
const DAY_KEYS_S = 2 * 86_400;

/**
 * The view gate on Redis (decisions 0850, 0920), shared by every API process and by every kind of page:
 * - a random salt per day (`views:salt:<day>`, set once by whichever process asks first), so a
 *   client's hash means nothing the day after, even to us;
 * - per page and day a set of the clients' hashes (`views:<day>:<page>`, a profile's id or
 *   `call:<id>`): SADD answers whether the client is new to the page today;
 * - per address and minute how many new (client, page) views it made (`views:rate:<minute>:<hash>`),
 *   profiles and calls together (one person reads at one pace):
 *   past VIEWS_PER_CLIENT_MINUTE, its views stop counting for that minute (a script that rotates
 *   its User-Agent is still one address).
 * Redis away: nothing is counted (logged), and the read is answered as always.
 */
@Injectable()
export class RedisViewGate extends ViewGate {
  private readonly logger = new Logger(RedisViewGate.name);
  private salt: { day: string; value: Promise<string> } | null = null;
  private warned = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly clock: Clock,
  ) {
    super();
  }

  async admits(page: string, day: string, client: ViewClient): Promise<boolean> {
    try {
      const r = this.redis.client;
      const salt = await this.saltOf(day);
      const hash = (text: string) => createHash('sha256').update(`${salt}\n${text}`).digest('base64url').slice(0, 22);
      const seen = this.redis.key('views', day, page);
      const [[, added]] = (await r
        .multi()
        .sadd(seen, hash(`${client.ip}\n${client.userAgent}`))
        .expire(seen, DAY_KEYS_S)
        .exec())! as [[Error | null, number]];
      if (added !== 1) return false;
      // New views per address and minute: rotating the User-Agent makes a new client, not a new address.
      const rate = this.redis.key(
        'views',
        'rate',
        String(Math.floor(this.clock.now().getTime() / 60_000)),
        hash(client.ip),
      );
      const [[, viewed]] = (await r.multi().incr(rate).expire(rate, 120).exec())! as [[Error | null, number]];
      return viewed <= VIEWS_PER_CLIENT_MINUTE;
    } catch (error) {
      if (Date.now() - this.warned > 60_000) {
        this.warned = Date.now();
        this.logger.warn(`views are not counted while Redis is away: ${(error as Error).message}`);
      }
      return false;
    }
  }

  private saltOf(day: string): Promise<string> {
    if (this.salt?.day !== day) {
      const key = this.redis.key('views', 'salt', day);
      const value = (async () => {
        await this.redis.client.set(key, randomBytes(24).toString('base64url'), 'EX', DAY_KEYS_S, 'NX');
        const kept = await this.redis.client.get(key);
        if (!kept) throw new Error('no salt for the day');
        return kept;
      })();
      value.catch(() => (this.salt = null));
      this.salt = { day, value };
    }
    return this.salt.value;
  }
}
