import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APPROVAL_STATUSES, type AdminStats, type ApprovalStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { CreatorAdminQueries, type AdminCreatorQuery } from '../../directory';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import { ModerateCreators } from '../application/moderate-creators.service';
import {
  AdminCreatorDto,
  AdminStatsDto,
  CreatorDecisionDto,
  HandleConfirmationDto,
  VersionDto,
} from './moderation.dto';
import { RaListQuery } from '../../../shared/http/api-schema';
import { AdminHandleCheckDto } from '../../creator';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const badFilter = (message: string) => DomainError.invalid('LIST.BAD_FILTER', message, 'filter');

/** The console's `creators` resource (ra-data-simple-rest) and the dashboard counts. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin')
export class AdminCreatorsController {
  constructor(
    private readonly creators: CreatorAdminQueries,
    private readonly moderate: ModerateCreators,
  ) {}

  /** Over the admin's cities, or the one `?city=` names. */
  @Get('stats')
  @ApiQuery({ name: 'city', required: false, description: "A city's slug; without it, every city the admin was given" })
  @ApiOkResponse({ type: AdminStatsDto })
  stats(@CurrentUser() admin: Principal, @Query('city') city?: string): Promise<AdminStats> {
    return this.creators.countByStatus(cityScope(admin, city));
  }

  /** filter `{ q, approval_status, id: [...] }`; the review queue asks for pending, created_at ASC. */
  @Get('creators')
  @ApiOkResponse({
    type: [AdminCreatorDto],
    description: 'Filter { q, approval_status, id: [...], updated_after_rejection, city }',
  })
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const q = parseListQuery<{
      q?: unknown;
      approval_status?: unknown;
      id?: unknown;
      updated_after_rejection?: unknown;
      city?: unknown;
    }>(query, {
      sortable: ['id', 'created_at', 'updated_at', 'full_name', 'approval_status'],
      defaultSort: ['created_at', 'DESC'],
    });
    const { approval_status: status, q: text, id } = q.filter;
    if (
      status !== undefined &&
      status !== null &&
      status !== '' &&
      !(APPROVAL_STATUSES as readonly unknown[]).includes(status)
    )
      throw badFilter('Unknown approval status');
    if (text !== undefined && text !== null && typeof text !== 'string') throw badFilter('Search text must be text');
    const { items, total } = await this.moderate.list({
      q: text || undefined,
      cities: cityScope(admin, q.filter.city),
      status: (status || undefined) as ApprovalStatus | undefined,
      updatedAfterRejection: q.filter.updated_after_rejection === true || q.filter.updated_after_rejection === 'true',
      ids:
        id === undefined || id === null
          ? undefined
          : ([] as unknown[])
              .concat(id)
              .map(String)
              .filter((i) => UUID.test(i)),
      sort: q.sortField as AdminCreatorQuery['sort'],
      order: q.sortOrder,
      offset: q.offset,
      limit: q.limit,
    });
    return sendList(res, 'creators', q, items, total);
  }

  @Get('creators/:id')
  @ApiOkResponse({ type: AdminCreatorDto })
  one(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string) {
    return this.moderate.get(admin, id);
  }

  /**
   * One of `{approval_status:'approved'}`, `{approval_status:'rejected', approval_notes?}`, `{phone_verified}`, or the whole
   * record; with the `version` the admin saw (409 when the creator changed since).
   */
  @Put('creators/:id')
  @ApiBody({ type: CreatorDecisionDto })
  @ApiOkResponse({ type: AdminCreatorDto })
  decide(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.moderate.decide(admin, id, body);
  }

  /** The profile's handles, codes and confirmations (decision 0502). */
  @Get('creators/:id/handle-checks')
  @ApiOkResponse({ type: [AdminHandleCheckDto] })
  handleChecks(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string) {
    return this.moderate.handleChecks(admin, id);
  }

  /** `{ confirmed, version }`: confirm one handle after seeing its code on the platform, or take that back. */
  @Put('creators/:id/handle-checks/:checkId')
  @ApiBody({ type: HandleConfirmationDto })
  @ApiOkResponse({ type: [AdminHandleCheckDto] })
  setHandleConfirmed(
    @CurrentUser() admin: Principal,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('checkId', ParseUUIDPipe) checkId: string,
    @Body() body: unknown,
  ) {
    return this.moderate.setHandleConfirmed(admin, id, checkId, body);
  }

  /** `{ version }`: an approved creator's changes since verification have been looked at (docs/decisions/0108). */
  @Post('creators/:id/acknowledge-changes')
  @HttpCode(200)
  @ApiBody({ type: VersionDto })
  @ApiOkResponse({ type: AdminCreatorDto })
  acknowledgeChanges(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.moderate.acknowledgeChanges(admin, id, body);
  }
}
