import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AdminIntroductionCounts, AdminIntroductionRequest } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { slugArray } from '../../../shared/sql';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import type { Principal } from '../../../shared/auth/principal';
import { AdminIntroductionCountsDto, AdminIntroductionRequestDto } from './amplify.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = ['confirmed', 'unconfirmed'] as const;

interface Row {
  id: string;
  submission_id: string;
  city_slug: string;
  business_name: string;
  creator_name: string;
  creator_email: string;
  creator_links: string | null;
  message: string | null;
  created_at: Date;
  confirmed_at: Date | null;
}

/**
 * The console's read-only `introduction-requests` resource: who asked which business for an
 * introduction, and whether the requester confirmed it (decision 0110). Never the token hash.
 */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/introduction-requests')
export class AdminIntroductionsController {
  constructor(private readonly em: EntityManager) {}

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
    const where: string[] = [];
    const params: unknown[] = [];
    const cities = cityScope(admin, q.filter.city);
    if (cities) {
      where.push('r.city_slug = any(?::text[])');
      params.push(slugArray(cities));
    }
    if (submissionId !== undefined && submissionId !== null && submissionId !== '') {
      if (typeof submissionId !== 'string' || !UUID.test(submissionId))
        throw DomainError.invalid('LIST.BAD_FILTER', 'submission_id must be an id', 'filter');
      where.push('r.submission_id = ?');
      params.push(submissionId);
    }
    if (status !== undefined && status !== null && status !== '') {
      if (!(STATUSES as readonly unknown[]).includes(status))
        throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown status', 'filter');
      where.push(status === 'confirmed' ? 'r.confirmed_at is not null' : 'r.confirmed_at is null');
    }
    const whereSql = where.length ? `where ${where.join(' and ')}` : '';
    const order = q.sortOrder === 'ASC' ? 'asc' : 'desc';
    const conn = this.em.getConnection();
    const [count] = await conn.execute<{ n: string }[]>(
      `select count(*) as n from amplify_interest_requests r ${whereSql}`,
      params,
    );
    const rows = await conn.execute<Row[]>(
      `select r.id, r.submission_id, r.city_slug, s.business_name, r.creator_name, r.creator_email, r.creator_links, r.message, r.created_at, r.confirmed_at
         from amplify_interest_requests r join amplify_submissions s on s.id = r.submission_id
         ${whereSql} order by r.created_at ${order}, r.id ${order} offset ? limit ?`,
      [...params, q.offset, q.limit],
    );
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
    return sendList(res, 'introduction-requests', q, items, Number(count?.n ?? 0));
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
    const cities = slugArray(cityScope(admin, city));
    const rows = await this.em
      .getConnection()
      .execute<
        { submission_id: string; city_slug: string; business_name: string; confirmed: string; unconfirmed: string }[]
      >(
        `select s.id as submission_id, s.city_slug, s.business_name,
              count(*) filter (where r.confirmed_at is not null) as confirmed,
              count(*) filter (where r.confirmed_at is null) as unconfirmed
         from amplify_interest_requests r join amplify_submissions s on s.id = r.submission_id
        where ?::text[] is null or r.city_slug = any(?::text[])
        group by s.id, s.city_slug, s.business_name
        order by count(*) desc, s.business_name asc`,
        [cities, cities],
      );
    return rows.map((r) => ({
      submission_id: r.submission_id,
      city_slug: r.city_slug,
      business_name: r.business_name,
      confirmed: Number(r.confirmed),
      unconfirmed: Number(r.unconfirmed),
    }));
  }
}
