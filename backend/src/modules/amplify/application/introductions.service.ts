import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  MSG,
  validateInterestRequest,
  type InterestConfirmation,
  type InterestRequestResult,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { RateLimiter } from '../../../shared/rate-limiter';
import { RetryLater, StoredRequestLimit, waitText } from '../../../shared/stored-request-limit';
import { Outbox } from '../../notifications';
import { AmplifySubmission } from '../domain/amplify-submission';
import { InterestRequest, sameAddress } from '../domain/interest-request';
import { IntroductionLimits } from './introduction-limits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface IntroductionRequest {
  submissionId: string;
  body: unknown;
  clientIp: string;
  /** The signed-in caller's account e-mail, if any. */
  accountEmail: string | null;
  /** The signed-in caller's account id, if any: recorded as the requester (decision 0821). */
  requesterUserId?: string | null;
}

/**
 * Introduction requests (decisions 0110 and 0111). The business is mailed, reply-to the requester,
 * only from a proven address: a signed-in creator's own account address at once, any other
 * address after the single-use link mailed to it is opened. Limited per client address (Redis),
 * per requester address and per business (counted from the stored requests).
 */
@Injectable()
export class Introductions {
  private readonly logger = new Logger(Introductions.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
    private readonly limits: IntroductionLimits,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async request(req: IntroductionRequest): Promise<InterestRequestResult> {
    await this.limiter.hit('amplify-interest', req.clientIp, this.config.rateLimits.publicForms);
    const body = (
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {}
    ) as Record<string, unknown>;
    const given = unwrapValidation(validateInterestRequest(body));
    const submission = UUID.test(req.submissionId)
      ? await this.em.findOne(AmplifySubmission, { id: req.submissionId })
      : null;
    if (!submission?.acceptsIntroductions)
      throw DomainError.notFound('AMPLIFY.NOT_FEATURED', MSG.submissionNotFeatured);
    const proven = req.accountEmail !== null && sameAddress(req.accountEmail, given.creator_email);
    // A proven address is the account's, as the account holds it.
    const input = proven ? { ...given, creator_email: req.accountEmail! } : given;
    const result: InterestRequestResult = { status: proven ? 'sent' : 'confirmation_sent' };
    if (typeof body.company_website === 'string' && body.company_website.trim() !== '') {
      this.logger.warn(`honeypot filled from ${req.clientIp}: introduction request to ${submission.id} dropped`);
      return result;
    }

    const now = this.clock.now();
    const token = proven ? null : randomBytes(32).toString('base64url');
    await this.em.transactional(async (em) => {
      await this.lock(em, `amplify-intro-address:${input.creator_email.toLowerCase()}`);
      await this.checkAddressLimit(em, input.creator_email, now);
      if (proven) await this.lock(em, `amplify-intro-business:${submission.id}`);
      await this.checkBusinessLimit(em, submission.id, now);
      if (token === null) {
        em.persist(InterestRequest.confirmed(submission, input, now, req.requesterUserId ?? null));
        this.notifyBusiness(
          em,
          submission,
          input.creator_name,
          input.creator_email,
          input.creator_links,
          input.message,
        );
      } else {
        em.persist(
          InterestRequest.awaitingConfirmation(submission, input, now, sha256(token), req.requesterUserId ?? null),
        );
        this.outbox.add(
          'amplify-interest-confirm',
          { submissionId: submission.id, businessName: submission.businessName, email: input.creator_email, token },
          em,
        );
      }
    });
    return result;
  }

  /** Opens a mailed link: once, before it expires, while the business still takes introductions. */
  async confirm(body: unknown): Promise<InterestConfirmation> {
    const token = (body as { token?: unknown } | null)?.token;
    const invalid = DomainError.notFound('AMPLIFY.LINK_INVALID', MSG.interestLinkInvalid);
    if (typeof token !== 'string' || !TOKEN.test(token)) throw invalid;
    const now = this.clock.now();
    return this.em.transactional(async (em) => {
      const request = await em.findOne(
        InterestRequest,
        { confirmTokenHash: sha256(token) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!request) throw invalid;
      request.assertConfirmable(now);
      const submission = await em.findOne(AmplifySubmission, { id: request.submissionId });
      if (!submission?.acceptsIntroductions)
        throw DomainError.notFound('AMPLIFY.NOT_FEATURED', MSG.submissionNotFeatured);
      await this.lock(em, `amplify-intro-business:${submission.id}`);
      await this.checkBusinessLimit(em, submission.id, now);
      request.confirm(now);
      this.notifyBusiness(
        em,
        submission,
        request.creatorName,
        request.creatorEmail,
        request.creatorLinks,
        request.message,
      );
      return { business_name: submission.businessName };
    });
  }

  private notifyBusiness(
    em: EntityManager,
    s: AmplifySubmission,
    creatorName: string,
    creatorEmail: string,
    creatorLinks: string | null,
    message: string | null,
  ) {
    this.outbox.add(
      'amplify-interest',
      {
        citySlug: s.citySlug,
        submissionId: s.id,
        businessName: s.businessName,
        contactName: s.contactName,
        contactEmail: s.contactEmail,
        creatorName,
        creatorEmail,
        creatorLinks,
        message,
      },
      em,
    );
  }

  /** Serializes the count-then-insert of one address or one business until the transaction ends. */
  private async lock(em: EntityManager, key: string) {
    await StoredRequestLimit.serialize(em, key);
  }

  /** Every request naming the address counts, confirmed or not: each one mails that address. */
  private async checkAddressLimit(em: EntityManager, email: string, now: Date) {
    const rule = this.config.rateLimits.introPerAddress;
    const wait = await this.limits.namingAddress(em, email, rule, now);
    if (wait !== null)
      throw new RetryLater('AMPLIFY.ADDRESS_LIMIT', MSG.interestAddressLimit(rule.limit, waitText(wait)), wait);
  }

  /** Only introductions the business was mailed count: unconfirmed ones cost it nothing. */
  private async checkBusinessLimit(em: EntityManager, submissionId: string, now: Date) {
    const rule = this.config.rateLimits.introPerBusiness;
    const wait = await this.limits.confirmedFor(em, submissionId, rule, now);
    if (wait !== null) throw new RetryLater('AMPLIFY.BUSINESS_LIMIT', MSG.interestBusinessLimit(waitText(wait)), wait);
  }
}
