import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { SubmissionStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { cityScope } from '../../../shared/auth/city-scope';
import { ModerateSubmissions, type SubmissionListQuery } from '../application/moderate-submissions.service';
import { AdminAmplifySubmissionDto, SubmissionUpdateDto } from './amplify.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

/** The console's `amplify-submissions` resource (ra-data-simple-rest): tabs, approve / decline, Featured. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/amplify-submissions')
export class AdminAmplifySubmissionsController {
  constructor(private readonly moderate: ModerateSubmissions) {}

  @Get()
  @ApiOkResponse({ type: [AdminAmplifySubmissionDto], description: 'Filter { status, q, id: [...], city }' })
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    const q = parseListQuery<{ status?: unknown; id?: unknown; q?: unknown; city?: unknown }>(query, {
      sortable: ['id', 'created_at', 'business_name', 'status'],
      defaultSort: ['created_at', 'DESC'],
    });
    const { status, id, q: text } = q.filter;
    if (status !== undefined && status !== null && typeof status !== 'string')
      throw DomainError.invalid('LIST.BAD_FILTER', 'Unknown status', 'filter');
    if (text !== undefined && text !== null && typeof text !== 'string')
      throw DomainError.invalid('LIST.BAD_FILTER', 'Search text must be text', 'filter');
    const { items, total } = await this.moderate.list({
      status: (status || undefined) as SubmissionStatus | undefined,
      ids: id === undefined || id === null ? undefined : ([] as unknown[]).concat(id).map(String),
      q: text || undefined,
      cities: cityScope(admin, q.filter.city),
      sort: q.sortField as SubmissionListQuery['sort'],
      order: q.sortOrder,
      offset: q.offset,
      limit: q.limit,
    });
    return sendList(res, 'amplify-submissions', q, items, total);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminAmplifySubmissionDto })
  one(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string) {
    return this.moderate.get(admin, id);
  }

  /** `{ status }` or `{ featured }` (or react-admin's whole record): see docs/decisions/0104-admin-update-bodies.md. */
  @Put(':id')
  @ApiBody({ type: SubmissionUpdateDto })
  @ApiOkResponse({ type: AdminAmplifySubmissionDto })
  update(@CurrentUser() admin: Principal, @Param('id', ParseUUIDPipe) id: string, @Body() body: unknown) {
    return this.moderate.update(admin, id, body);
  }
}
