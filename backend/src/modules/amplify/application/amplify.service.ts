import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  MSG,
  validateAmplifySubmission,
  type AmplifySubmission as SubmissionDto,
  type PublicAmplifySubmission,
} from '@local-creators/common';
import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { DomainError, unwrapValidation } from '../../../shared/domain-error';
import { processImage } from '../../../shared/images/image-processor';
import { RateLimiter } from '../../../shared/rate-limiter';
import { ObjectStorage } from '../../../shared/storage/object-storage';
import { Outbox } from '../../notifications';
import { Cities } from '../../city';
import { AmplifySubmission } from '../domain/amplify-submission';
import { toPublicSubmission, toSubmissionDto } from './amplify-views';

/** Logos are shown small on the featured page. */
const LOGO_MAX_SIZE = 400;
/** The featured page is curated by hand; this only bounds the answer. */
const FEATURED_MAX = 500;

export interface SubmissionRequest {
  /** The form's fields (type_of_help already read into a list). */
  fields: Record<string, unknown>;
  /** The hidden `company_website` field: only bots fill it. */
  honeypot: unknown;
  logo?: Buffer;
  clientIp: string;
}

/** The public side of Amplify: business applications and the featured page (introductions: Introductions). */
@Injectable()
export class AmplifyService {
  private readonly logger = new Logger(AmplifyService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
    private readonly storage: ObjectStorage,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly cities: Cities,
  ) {}

  /** The city a business applies to: the form's `city` (a slug) or the home city (decision 0600). */
  private async cityOf(asked: unknown) {
    if (asked === undefined || asked === null || asked === '') return this.cities.home();
    const city = typeof asked === 'string' ? await this.cities.bySlug(asked) : null;
    if (!city) throw DomainError.invalid('AMPLIFY.UNKNOWN_CITY', MSG.unknownCity, 'city');
    return city;
  }

  /**
   * A business applies: the row and the founder's notification are written together. A filled
   * honeypot gets the same answer as a person would, but nothing is stored or mailed.
   */
  async submit(req: SubmissionRequest): Promise<SubmissionDto> {
    await this.limiter.hit('amplify-submit', req.clientIp, this.config.rateLimits.publicForms);
    const input = unwrapValidation(validateAmplifySubmission(req.fields));
    const submission = AmplifySubmission.create(input, this.clock.now(), (await this.cityOf(req.fields.city)).slug);
    if (typeof req.honeypot === 'string' && req.honeypot.trim() !== '') {
      this.logger.warn(`honeypot filled from ${req.clientIp}: submission "${input.business_name}" dropped`);
      return toSubmissionDto(submission);
    }

    let logoKey: string | null = null;
    if (req.logo?.length) {
      const image = await processImage(req.logo, { maxSize: LOGO_MAX_SIZE });
      logoKey = `business-logos/${submission.id}/logo.${image.ext}`;
      submission.setLogo(await this.storage.put(logoKey, image.body, image.contentType), submission.createdAt);
    }
    this.em.persist(submission);
    this.outbox.add('notify-amplify-submission', {
      businessName: submission.businessName,
      contactName: submission.contactName,
      contactEmail: submission.contactEmail,
      title: submission.title,
      description: submission.description,
      category: submission.category,
      websiteSocial: submission.websiteSocial,
      submissionId: submission.id,
      citySlug: submission.citySlug,
    });
    this.outbox.add('amplify-submission-received', {
      citySlug: submission.citySlug,
      submissionId: submission.id,
      businessName: submission.businessName,
      contactName: submission.contactName,
      contactEmail: submission.contactEmail,
    });
    try {
      await this.em.flush();
    } catch (error) {
      if (logoKey) await this.storage.delete(logoKey).catch(() => undefined);
      throw error;
    }
    return toSubmissionDto(submission);
  }

  /** Approved and featured, newest first, without contact details. */
  /** With `city` (a slug), that city's businesses only (decision 0603); without, every city's. */
  async featured(city?: unknown): Promise<PublicAmplifySubmission[]> {
    const slug = city === undefined || city === '' ? undefined : (await this.cityOf(city)).slug;
    const items = await this.em.find(
      AmplifySubmission,
      { status: 'approved', featured: true, ...(slug ? { citySlug: slug } : {}) },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: FEATURED_MAX },
    );
    return items.map(toPublicSubmission);
  }
}
