import { createHash, randomUUID } from 'node:crypto';
import {
  applyDecorators,
  CallHandler,
  createParamDecorator,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, of, type Observable } from 'rxjs';
import { catchError, mergeMap } from 'rxjs/operators';
import { MSG } from '@local-creators/common';
import { DomainError } from '../domain-error';
import { RedisClient } from '../redis.module';

/** How long a key's answer is remembered (decision 0340). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A running request's claim: renewed while it runs, so a killed replica's claim lapses within this. */
const CLAIM_MS = 4_000;
const RENEW_MS = 1_000;
/** A repeat waits this long for the first to finish, then gets 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

interface Running {
  state: 'running';
  fp: string;
  owner: string;
}
interface Done {
  state: 'done';
  fp: string;
  body: unknown;
}
type Slot = Running | Done;

// Compare-and-renew / compare-and-delete: only the claim's owner touches it.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

type UploadRequest = FastifyRequest & { upload?: { buffer: Buffer }; idempotencyResumed?: boolean };

/**
 * `Idempotency-Key` on a POST that creates something (decision 0340). The first request with a
 * key claims it in Redis and runs; its successful answer is kept for 24 h and a repeat (same key,
 * same route, same body) gets that answer again, with `Idempotent-Replayed: true`, without the
 * handler running. A repeat while the first runs waits for it; a repeat with another body is a
 * 422. A failed request releases the key, so it may be tried again. Without the header nothing
 * changes. Redis out of reach: the request runs as if it had no key (like the rate limits).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(@Inject(RedisClient) private readonly redis: RedisClient) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    const header = req.headers['idempotency-key'];
    if (header === undefined) return next.handle();
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!KEY_FORMAT.test(key)) throw DomainError.invalid('IDEMPOTENCY_KEY_INVALID', MSG.idempotencyKeyInvalid);
    // The slot is the key on this URL (a path names its creator, a query its list's secret) for
    // this caller's credentials; the body's hash must match too, so a key alone reveals nothing.
    const id = sha256(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${key}`);
    const slot = this.redis.key('idem', id);
    const seen = this.redis.key('idem-seen', id);
    const fp = sha256(JSON.stringify(req.body ?? null) + (req.upload ? sha256(req.upload.buffer) : ''));
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return from(this.claim(slot, seen, fp)).pipe(
      mergeMap((outcome) => {
        if (outcome === 'no-redis') return next.handle();
        if (outcome.replay) {
          reply.header('Idempotent-Replayed', 'true');
          return of(outcome.body);
        }
        req.idempotencyResumed = outcome.resumed;
        return this.run(slot, seen, outcome.owner, fp, next);
      }),
    );
  }

  private run(slot: string, seen: string, owner: string, fp: string, next: CallHandler): Observable<unknown> {
    const claim = JSON.stringify({ state: 'running', fp, owner } satisfies Running);
    const renew = setInterval(
      () => void this.redis.client.eval(RENEW, 1, slot, claim, CLAIM_MS).catch(() => undefined),
      RENEW_MS,
    );
    renew.unref();
    return next.handle().pipe(
      mergeMap(async (body) => {
        clearInterval(renew);
        try {
          await this.redis.client.set(
            slot,
            JSON.stringify({ state: 'done', fp, body: body ?? null } satisfies Done),
            'PX',
            IDEMPOTENCY_TTL_MS,
          );
        } catch (error) {
          this.logger.warn(`answer not remembered: ${(error as Error).message}`);
        }
        return body;
      }),
      catchError(async (error: unknown) => {
        clearInterval(renew);
        await this.redis.client.eval(RELEASE, 1, slot, claim).catch(() => undefined);
        await this.redis.client.del(seen).catch(() => undefined);
        throw error;
      }),
    );
  }

  /** A replica just started may not have its Redis connection yet: give it a moment. */
  private async connected() {
    const { client } = this.redis;
    if (client.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, 1_000);
      client.once('ready', done);
    });
  }

  /** Claims the key, or waits for the request holding it; answers what to do. */
  private async claim(
    slot: string,
    seen: string,
    fp: string,
  ): Promise<'no-redis' | { replay: true; body: unknown } | { replay: false; owner: string; resumed: boolean }> {
    const owner = randomUUID();
    const claim = JSON.stringify({ state: 'running', fp, owner } satisfies Running);
    const deadline = Date.now() + WAIT_MS;
    try {
      await this.connected();
      for (;;) {
        if ((await this.redis.client.set(slot, claim, 'PX', CLAIM_MS, 'NX')) === 'OK') {
          // `seen` outlives a claim: found, an earlier try of this request was cut off (its
          // replica killed) before its answer was kept, and may have done its work.
          const before = await this.redis.client.set(seen, fp, 'PX', IDEMPOTENCY_TTL_MS, 'GET');
          if (before !== null && before !== fp) {
            await this.redis.client.eval(RELEASE, 1, slot, claim);
            throw new DomainError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', MSG.idempotencyKeyReused);
          }
          return { replay: false, owner, resumed: before === fp };
        }
        const raw = await this.redis.client.get(slot);
        if (raw === null) continue; // released or lapsed between the two calls
        const held = JSON.parse(raw) as Slot;
        if (held.fp !== fp) throw new DomainError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', MSG.idempotencyKeyReused);
        if (held.state === 'done') return { replay: true, body: held.body };
        if (Date.now() >= deadline) throw DomainError.conflict('IDEMPOTENCY_KEY_IN_FLIGHT', MSG.idempotencyKeyInFlight);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      if (error instanceof DomainError) throw error;
      this.logger.warn(`Redis out of reach, key not checked: ${(error as Error).message}`);
      return 'no-redis';
    }
  }
}

/**
 * True when an earlier try of this request (same key, same body) was cut off before its answer
 * was kept: the handler may find its work already done, and should answer as if it had done it.
 */
export const ResumedAfterLostAnswer = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): boolean =>
    ctx.switchToHttp().getRequest<UploadRequest>().idempotencyResumed === true,
);

/** Put on a POST that creates something a person may send twice (a retry, a double click). */
export const Idempotent = () => applyDecorators(IdempotencyKeyHeader(), UseInterceptors(IdempotencyInterceptor));

/** The header in the OpenAPI document (on its own for a route that orders its interceptors itself). */
export const IdempotencyKeyHeader = () =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A new UUID per user action, kept when the request is sent again: a repeat within 24 h gets the first answer (decision 0340)',
  });

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url');
