import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  CALL_ANSWER_LIMITS,
  CALL_ANSWER_MSG,
  CALL_MSG,
  validateCallAnswer,
  type CallAnswerForBusiness,
  type CallAnswers,
  type MyCallAnswer,
  type OwnCallAnswer,
  type PublicCreator,
} from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import { cityDay } from '../../../shared/city-day';
import { DomainError } from '../../../shared/domain-error';
import { flushOrConflict } from '../../../shared/expected-version';
import { RetryLater, StoredRequestLimit, waitText } from '../../../shared/stored-request-limit';
import type { Principal } from '../../../shared/auth/principal';
import { Cities } from '../../city';
import { ListedCreatorsForCalls } from '../../directory';
import { AccountDirectory } from '../../identity';
import { Outbox } from '../../notifications';
import { Call } from '../domain/call';
import { CallAnswer } from '../domain/call-answer';
import { CallAnswerLimits } from './call-answer-limits';

/** CALL_ANSWER_LIMITS.perDay as a sliding window of stored answers (decision 0915). */
const ANSWERS_PER_DAY = { limit: CALL_ANSWER_LIMITS.perDay, windowSeconds: 24 * 60 * 60 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const callNotFound = () => DomainError.notFound('CALLS.NOT_FOUND', CALL_MSG.notFound);
const answerNotFound = () => DomainError.notFound('CALLS.ANSWER_NOT_FOUND', CALL_ANSWER_MSG.answerNotFound);
const changed = () => DomainError.conflict('CALLS.STALE', CALL_MSG.changed);

const toOwnAnswer = (a: CallAnswer): OwnCallAnswer => ({
  id: a.id,
  call_id: a.callId,
  note: a.note,
  status: a.status,
  created_at: a.createdAt.toISOString(),
});

const toBusinessAnswer = (a: CallAnswer, creator: PublicCreator): CallAnswerForBusiness => ({
  id: a.id,
  note: a.note,
  status: a.status,
  created_at: a.createdAt.toISOString(),
  picked_at: a.pickedAt?.toISOString() ?? null,
  told_at: a.toldAt?.toISOString() ?? null,
  creator,
});

/**
 * Answers through the relay (issue 40 point 4, decisions 0914–0917): a listed creator with a
 * proven address answers an open call of their city with a note, at most CALL_ANSWER_LIMITS.perDay
 * a day, counted under the account's lock; the call's business reads the answers with each
 * creator's public profile, picks creators (each told at once, Reply-To the business) and tells the
 * others (or the call closes): each creator is told once, in the flush that changes the answer.
 */
@Injectable()
export class AnswerCalls {
  constructor(
    private readonly em: EntityManager,
    private readonly limits: CallAnswerLimits,
    private readonly creators: ListedCreatorsForCalls,
    private readonly accounts: AccountDirectory,
    private readonly outbox: Outbox,
    private readonly cities: Cities,
    private readonly clock: Clock,
  ) {}

  /** POST /api/calls/{id}/answers `{ note }`. */
  async answer(user: Principal, callId: string, body: unknown): Promise<OwnCallAnswer> {
    const { call, creator, today } = await this.mayAnswer(user, callId);
    const checked = validateCallAnswer(body);
    if (!checked.ok) throw DomainError.invalid('VALIDATION', checked.error.message, checked.error.field);
    const now = this.clock.now();
    return this.em.transactional(async (em) => {
      // The account's answers are counted one at a time, across API processes (decision 0915, as 0906).
      await StoredRequestLimit.serialize(em, `call-answers:${user.id}`);
      // The call's row, shared: a finish holding it is waited for, and then refuses this answer.
      const held = await em.findOne(Call, { id: call.id }, { lockMode: LockMode.PESSIMISTIC_READ, refresh: true });
      const refusal = held ? held.answerRefusal(today) : callNotFound();
      if (refusal) throw refusal;
      if (await em.count(CallAnswer, { callId: call.id, accountId: user.id }))
        throw DomainError.conflict('CALLS.ALREADY_ANSWERED', CALL_ANSWER_MSG.alreadyAnswered);
      const wait = await this.limits.nextAnswerWaitSeconds(em, user.id, ANSWERS_PER_DAY, now);
      if (wait !== null)
        throw new RetryLater('CALLS.TOO_MANY_ANSWERS', CALL_ANSWER_MSG.tooManyToday(waitText(wait)), wait);
      const answer = CallAnswer.answer(call.id, user.id, creator.profileId, checked.value.note, now);
      em.persist(answer);
      await em.flush();
      return toOwnAnswer(answer);
    });
  }

  /** GET /api/calls/{id}/my-answer: the caller's answer, and whether (and why not) they may answer now. */
  async mine(user: Principal, callId: string): Promise<MyCallAnswer> {
    const call = UUID.test(callId) ? await this.em.findOne(Call, { id: callId }) : null;
    if (!call || !call.approvedAt) throw callNotFound();
    const existing = await this.em.findOne(CallAnswer, { callId, accountId: user.id });
    if (existing) return { answer: toOwnAnswer(existing), can_answer: false, reason: CALL_ANSWER_MSG.alreadyAnswered };
    try {
      await this.mayAnswer(user, callId);
    } catch (error) {
      if (error instanceof DomainError) return { answer: null, can_answer: false, reason: error.message };
      throw error;
    }
    const wait = await this.limits.nextAnswerWaitSeconds(this.em, user.id, ANSWERS_PER_DAY, this.clock.now());
    if (wait !== null) return { answer: null, can_answer: false, reason: CALL_ANSWER_MSG.tooManyToday(waitText(wait)) };
    return { answer: null, can_answer: true, reason: null };
  }

  /** GET /api/me/calls/{id}/answers: the call's owner only (404 for anyone else, as for a call never public). */
  async ofCall(owner: Principal, callId: string): Promise<CallAnswers> {
    const call = await this.ownCall(this.em, owner, callId);
    return this.view(this.em, call);
  }

  /**
   * POST /api/me/calls/{id}/answers/{answerId}/pick: the creator is picked and told at once, in one
   * flush; no more than the creators the call asked for.
   */
  async pick(owner: Principal, callId: string, answerId: string): Promise<CallAnswerForBusiness> {
    const now = this.clock.now();
    return this.picking(async (em) => {
      const call = await this.ownCall(em, owner, callId, true);
      // Its address becomes the creator's Reply-To (decision 0917): only a proven one (0508).
      if (!owner.emailConfirmed)
        throw DomainError.forbidden('CALLS.ADDRESS_NOT_PROVEN', CALL_ANSWER_MSG.pickNeedsProvenAddress);
      if (!call.isPublic) throw DomainError.conflict('CALLS.NOT_OPEN', CALL_ANSWER_MSG.notOpen);
      const answer = UUID.test(answerId) ? await em.findOne(CallAnswer, { id: answerId, callId }) : null;
      if (!answer) throw answerNotFound();
      const creator = (await this.creators.publicProfilesOf([answer.profileId])).get(answer.profileId);
      // A creator who left the directory cannot be reached through it (decision 0910's rule).
      if (!creator) throw answerNotFound();
      if (answer.status === 'sent' && (await em.count(CallAnswer, { callId, status: 'picked' })) >= call.creatorsWanted)
        throw DomainError.conflict('CALLS.ENOUGH_PICKED', CALL_ANSWER_MSG.enoughPicked(call.creatorsWanted));
      const emails = await this.accounts.emailsOf([answer.accountId, owner.id]);
      const email = emails.get(answer.accountId);
      const businessEmail = emails.get(owner.id);
      if (!email || !businessEmail) throw answerNotFound();
      answer.pick(
        now,
        () =>
          this.outbox.add(
            'call-answer-picked',
            {
              email,
              name: creator.display_name,
              callId: call.id,
              citySlug: call.citySlug,
              title: call.title,
              businessName: call.businessName,
              businessEmail,
            },
            em,
          ).id,
      );
      await flushOrConflict(() => em.flush(), changed);
      return toBusinessAnswer(answer, creator);
    });
  }

  /**
   * POST /api/me/calls/{id}/answers/finish ("Tell the others"): every answer not picked is told so
   * once, and the call takes no more answers. Again: nothing more happens, the same list answers.
   */
  async finish(owner: Principal, callId: string): Promise<CallAnswers> {
    const now = this.clock.now();
    return this.picking(async (em) => {
      const call = await this.ownCall(em, owner, callId, true);
      if (call.finishPicking(now)) await this.tellTheRest(em, call, now);
      await flushOrConflict(() => em.flush(), changed);
      return this.view(em, call);
    });
  }

  /**
   * In the caller's unit of work (an admin's close, or the business's "tell the others"): every
   * answer still waiting is not picked, and its creator told, in the same flush (decision 0916).
   */
  async tellTheRest(em: EntityManager, call: Call, now: Date): Promise<number> {
    const waiting = await em.find(CallAnswer, { callId: call.id, status: 'sent' });
    if (waiting.length === 0) return 0;
    const ids = waiting.map((a) => a.accountId);
    const [emails, creators] = await Promise.all([this.accounts.emailsOf(ids), this.creators.listedOf(ids)]);
    for (const a of waiting) {
      const email = emails.get(a.accountId);
      // An account removed meanwhile has no address: its answer is closed without a mail.
      a.notPicked(now, () =>
        email
          ? this.outbox.add(
              'call-answer-not-picked',
              {
                email,
                name: creators.get(a.accountId)?.name ?? 'there',
                callId: call.id,
                citySlug: call.citySlug,
                title: call.title,
                businessName: call.businessName,
              },
              em,
            ).id
          : null,
      );
    }
    return waiting.length;
  }

  /**
   * Runs a pick or a finish in one transaction that holds the call's row (FOR UPDATE, taken by
   * ownCall): two picks cannot both pass the count, and an answer being stored waits for a finish
   * and then sees it (decision 0916).
   */
  private picking<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(em));
  }

  private async ownCall(em: EntityManager, owner: Principal, callId: string, lock = false): Promise<Call> {
    const call = UUID.test(callId)
      ? await em.findOne(Call, { id: callId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true } : {})
      : null;
    if (!call || call.accountId !== owner.id) throw callNotFound();
    return call;
  }

  private async view(em: EntityManager, call: Call): Promise<CallAnswers> {
    const answers = await em.find(CallAnswer, { callId: call.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const profiles = await this.creators.publicProfilesOf(answers.map((a) => a.profileId));
    return {
      call_id: call.id,
      creators_wanted: call.creatorsWanted,
      picking_done_at: call.pickingDoneAt?.toISOString() ?? null,
      // Only creators still listed: a business reaches only people the directory shows (decision 0914).
      answers: answers.flatMap((a) => {
        const creator = profiles.get(a.profileId);
        return creator ? [toBusinessAnswer(a, creator)] : [];
      }),
    };
  }

  /** The caller may answer this call now: proven, listed, the call open and of their city (else the error that says why). */
  private async mayAnswer(user: Principal, callId: string) {
    if (!user.emailConfirmed)
      throw DomainError.forbidden('CALLS.ADDRESS_NOT_PROVEN', CALL_ANSWER_MSG.needsProvenAddress);
    const creator = (await this.creators.listedOf([user.id])).get(user.id);
    if (!creator) throw DomainError.forbidden('CALLS.NOT_LISTED', CALL_ANSWER_MSG.notListed);
    const call = UUID.test(callId) ? await this.em.findOne(Call, { id: callId }) : null;
    if (!call) throw callNotFound();
    const city = await this.cities.bySlug(call.citySlug);
    const today = cityDay(this.clock.now(), city?.timeZone ?? 'UTC');
    const refusal = call.answerRefusal(today);
    if (refusal) throw refusal;
    if (creator.city_slug !== call.citySlug) throw DomainError.forbidden('CALLS.OTHER_CITY', CALL_ANSWER_MSG.otherCity);
    return { call, creator, today };
  }
}
