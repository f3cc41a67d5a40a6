import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  MSG,
  SUBMISSION_STATUSES,
  type AdminAmplifySubmission as SubmissionDto,
  type SubmissionStatus,
} from '@local-creators/common';
import { Clock } from '../../../shared/clock';
import { DomainError } from '../../../shared/domain-error';
import { checkVersion, expectedVersion, flushOrConflict } from '../../../shared/expected-version';
import type { Principal } from '../../../shared/auth/principal';
import { assertCity } from '../../../shared/auth/city-scope';
import { AuditTrail } from '../../moderation';
import { Outbox } from '../../notifications';
import { AmplifySubmission } from '../domain/amplify-submission';
import { toAdminSubmissionDto as toSubmissionDto, toPublicSubmission } from './amplify-views';
import { submissionChangeFromBody } from './submission-change';
import { escapeLike } from '../../../shared/sql';

export interface SubmissionListQuery {
  status?: SubmissionStatus;
  ids?: string[];
  q?: string;
  /** The cities to list (slugs); null for every city. */
  cities: readonly string[] | null;
  sort: 'id' | 'created_at' | 'business_name' | 'status';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORT = { id: 'id', created_at: 'createdAt', business_name: 'businessName', status: 'status' } as const;
const businessContact = (s: AmplifySubmission) => ({
  citySlug: s.citySlug,
  submissionId: s.id,
  businessName: s.businessName,
  contactName: s.contactName,
  contactEmail: s.contactEmail,
});
const changed = () => DomainError.conflict('AMPLIFY.STALE', MSG.submissionChanged);

/** The admins' side of Amplify: the tabs, approve / decline, the Featured switch; all audited. */
@Injectable()
export class ModerateSubmissions {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
  ) {}

  async list(q: SubmissionListQuery): Promise<{ items: SubmissionDto[]; total: number }> {
    if (q.status !== undefined && !(SUBMISSION_STATUSES as readonly string[]).includes(q.status)) {
      throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown status', 'filter');
    }
    const where: Record<string, unknown> = {};
    if (q.status) where.status = q.status;
    if (q.cities) where.citySlug = { $in: q.cities };
    if (q.ids) {
      const ids = q.ids.filter((i) => UUID.test(i));
      if (ids.length === 0) return { items: [], total: 0 };
      where.id = { $in: ids };
    }
    const text = q.q?.trim();
    if (text) {
      const like = `%${escapeLike(text)}%`;
      where.$or = [
        { businessName: { $ilike: like } },
        { contactName: { $ilike: like } },
        { contactEmail: { $ilike: like } },
      ];
    }
    const [items, total] = await this.em.findAndCount(AmplifySubmission, where, {
      orderBy: { [SORT[q.sort]]: q.order.toLowerCase(), ...(q.sort === 'id' ? {} : { id: 'asc' }) },
      offset: q.offset,
      limit: q.limit,
    });
    return { items: items.map(toSubmissionDto), total };
  }

  async get(admin: Principal, id: string): Promise<SubmissionDto> {
    return toSubmissionDto(await this.load(admin, id));
  }

  /**
   * Applies the one change the body asks for through the domain, with its audit row, in one
   * flush; only to the version the admin saw (`version` in the body, 409 otherwise). Of
   * concurrent changes on one version the first to commit wins; the others lose the row's
   * optimistic lock at flush, are rolled back whole and answer the same 409.
   */
  async update(admin: Principal, id: string, body: unknown): Promise<SubmissionDto> {
    const submission = await this.load(admin, id);
    const version = expectedVersion(body);
    const change = submissionChangeFromBody(body, submission);
    checkVersion(version, submission.version, changed);
    if (!change) return toSubmissionDto(submission);
    const now = this.clock.now();
    if (change?.kind === 'status') {
      const from = submission.status;
      const wasFeatured = submission.featured;
      submission.setStatus(change.status, now);
      const unfeatured = wasFeatured && !submission.featured;
      this.audit.record(admin, 'amplify_submission', submission, 'status', {
        from,
        to: submission.status,
        notes: unfeatured ? 'Removed from featured' : null,
      });
      // The business hears of each decision (decision 0119); back to pending is an admin's undo, not news.
      if (from !== submission.status && submission.status !== 'pending')
        this.outbox.add(
          submission.status === 'approved' ? 'amplify-approved' : 'amplify-declined',
          businessContact(submission),
        );
    } else if (change?.kind === 'featured') {
      const wasFeatured = submission.featured;
      // Told once: switching Featured off and on again sends nothing new (decision 0506).
      if (!change.featured) submission.unfeature(now);
      else if (submission.feature(now)) this.outbox.add('amplify-featured', businessContact(submission));
      // Partners hear each time it goes on the featured page, with what that page shows (decision 0810).
      if (!wasFeatured && submission.featured)
        await this.outbox.event('business.featured', { business: toPublicSubmission(submission) }, now);
      this.audit.record(admin, 'amplify_submission', submission, change.featured ? 'feature' : 'unfeature', {
        from: String(!change.featured),
        to: String(change.featured),
      });
    }
    await flushOrConflict(() => this.em.flush(), changed);
    return toSubmissionDto(submission);
  }

  /** The submission, 404 when unknown and 403 when it belongs to a city the admin was not given. */
  private async load(admin: Principal, id: string) {
    const submission = UUID.test(id) ? await this.em.findOne(AmplifySubmission, { id }) : null;
    if (!submission) throw DomainError.notFound('AMPLIFY.NOT_FOUND', 'Submission not found');
    assertCity(admin, submission.citySlug);
    return submission;
  }
}
