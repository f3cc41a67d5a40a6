import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CallDecisionDto, CallNumbersByCityDto } from './calls.dto';
import type { FastifyReply } from 'fastify';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import type { CallListQuery } from '../application/call.repository';
import { ModerateCalls } from '../application/moderate-calls.service';
import { CallStats } from '../application/call-stats.service';

/** The console's `calls` resource (ra-data-simple-rest): a city's admins see and decide their cities' calls. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/calls')
export class AdminCallsController {
  constructor(
    private readonly moderate: ModerateCalls,
    private readonly stats: CallStats,
  ) {}

  @Get()
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const q = parseListQuery<{ status?: unknown; city?: unknown }>(query, {
      sortable: ['created_at', 'title', 'status'],
      defaultSort: ['created_at', 'DESC'],
    });
    const { status } = q.filter;
    if (status !== undefined && status !== null && status !== '' && typeof status !== 'string')
      throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown status', 'filter');
    const { items, total } = await this.moderate.list({
      status: (status || undefined) as string | undefined,
      cities: cityScope(admin, q.filter.city),
      sort: q.sortField as CallListQuery['sort'],
      order: q.sortOrder,
      offset: q.offset,
      limit: q.limit,
    });
    return sendList(res, 'calls', q, items, total);
  }

  /**
   * The admin's cities' calls in numbers (decision 0922): per city, and summed. Declared before
   * `:id` for the reader; the router prefers the fixed path anyway.
   */
  @Get('numbers')
  @ApiQuery({ name: 'city', required: false, description: "A city's slug; without it, every city the admin was given" })
  @ApiOkResponse({ type: CallNumbersByCityDto })
  numbers(@CurrentUser() admin: Principal, @Query('city') city?: unknown) {
    return this.stats.byCity(admin, city);
  }

  @Get(':id')
  one(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string) {
    return this.moderate.get(admin, id);
  }

  /** `{ action: 'approve' | 'decline' | 'close', reason? (decline), version }`. */
  @Put(':id')
  @ApiBody({ type: CallDecisionDto })
  decide(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.moderate.decide(admin, id, body);
  }
}
