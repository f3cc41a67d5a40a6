import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminFollowerCount } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import type { Principal } from '../../../shared/auth/principal';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { FollowerCounts, type AdminFollowerFilter } from '../application/follower-counts';
import { AdminFollowerCountDto, FollowerReviewDto } from './creator.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const FILTERS: readonly AdminFollowerFilter[] = ['stale', 'due', 'jumped'];

/** The console's `follower-counts` list (decision 0503): counts 180+ or 90+ days old, or that jumped. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/follower-counts')
export class AdminFollowerCountsController {
  constructor(private readonly counts: FollowerCounts) {}

  @Get()
  @ApiOkResponse({
    type: [AdminFollowerCountDto],
    description: 'Filter {"state":"stale"|"due"|"jumped"} (stale by default)',
  })
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminFollowerCount[]> {
    const q = parseListQuery<{ state?: unknown; city?: unknown }>(query, {
      sortable: ['confirmed_at'],
      defaultSort: ['confirmed_at', 'ASC'],
    });
    const state = q.filter.state || 'stale';
    if (!FILTERS.includes(state as AdminFollowerFilter))
      throw DomainError.invalid('LIST.BAD_FILTER', 'state must be stale, due or jumped', 'filter');
    const { items, total } = await this.counts.forAdmins(
      state as AdminFollowerFilter,
      { offset: q.offset, limit: q.limit },
      cityScope(admin, q.filter.city),
    );
    return sendList(res, 'follower-counts', q, items, total);
  }

  /** `{ reviewed: true }`: an admin looked at the jump and lets the count count (decision 0510). */
  @Put(':id')
  @ApiBody({ type: FollowerReviewDto })
  @ApiOkResponse({ type: AdminFollowerCountDto })
  review(@CurrentUser() admin: Principal, @Param('id') id: string, @Body() body: unknown) {
    if ((body as { reviewed?: unknown } | null)?.reviewed !== true)
      throw DomainError.invalid('CREATOR.BAD_REVIEW', 'Send reviewed: true', 'reviewed');
    return this.counts.reviewJump(id, admin);
  }
}
