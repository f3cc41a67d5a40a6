import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminIntroductionCounts, AdminIntroductionRequest } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import type { Principal } from '../../../shared/auth/principal';
import { IntroductionRequestReads, type IntroductionRequestFilter } from '../application/introduction-request-reads';
import { AdminIntroductionCountsDto, AdminIntroductionRequestDto } from './amplify.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = ['confirmed', 'unconfirmed'] as const;

/**
 * The console's read-only `introduction-requests` resource: who asked which business for an
 * introduction, and whether the requester confirmed it (decision 0110). Never the token hash.
 */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/introduction-requests')
export class AdminIntroductionsController {
  constructor(private readonly requests: IntroductionRequestReads) {}

  @Get()
  @ApiOkResponse({ type: [AdminIntroductionRequestDto] })
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminIntroductionRequest[]> {
    const q = parseListQuery<{ submission_id?: unknown; status?: unknown; city?: unknown }>(query, {
      sortable: ['id', 'created_at'],
      defaultSort: ['created_at', 'DESC'],
    });
    const { submission_id: submissionId, status } = q.filter;
    const filter: IntroductionRequestFilter = { cities: cityScope(admin, q.filter.city) };
    if (submissionId !== undefined && submissionId !== null && submissionId !== '') {
      if (typeof submissionId !== 'string' || !UUID.test(submissionId))
        throw DomainError.invalid('LIST.BAD_FILTER', 'submission_id must be an id', 'filter');
      filter.submissionId = submissionId;
    }
    if (status !== undefined && status !== null && status !== '') {
      if (!(STATUSES as readonly unknown[]).includes(status))
        throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown status', 'filter');
      filter.status = status as (typeof STATUSES)[number];
    }
    const { rows, total } = await this.requests.list(filter, { order: q.sortOrder, offset: q.offset, limit: q.limit });
    const items = rows.map((r): AdminIntroductionRequest => ({
      id: r.id,
      submission_id: r.submission_id,
      city_slug: r.city_slug,
      business_name: r.business_name,
      creator_name: r.creator_name,
      creator_email: r.creator_email,
      creator_links: r.creator_links,
      message: r.message,
      status: r.confirmed_at ? 'confirmed' : 'unconfirmed',
      created_at: new Date(r.created_at).toISOString(),
      confirmed_at: r.confirmed_at ? new Date(r.confirmed_at).toISOString() : null,
    }));
    return sendList(res, 'introduction-requests', q, items, total);
  }

  /** Per business with at least one request: confirmed and unconfirmed counts, most requested first. */
  @Get('by-business')
  @ApiQuery({
    name: 'city',
    required: false,
    type: String,
    description: "A city's slug; without it, every city the admin was given",
  })
  @ApiOkResponse({ type: [AdminIntroductionCountsDto] })
  async byBusiness(@CurrentUser() admin: Principal, @Query('city') city?: unknown): Promise<AdminIntroductionCounts[]> {
    const rows = await this.requests.countsPerBusiness(cityScope(admin, city));
    return rows.map((r) => ({
      submission_id: r.submission_id,
      city_slug: r.city_slug,
      business_name: r.business_name,
      confirmed: Number(r.confirmed),
      unconfirmed: Number(r.unconfirmed),
    }));
  }
}
