import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminLocalAudienceCheck, LocalAudienceStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import type { Principal } from '../../../shared/auth/principal';
import { PERSONAL } from '../../../shared/http/cache-control';
import { cityScope } from '../../../shared/auth/city-scope';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { LocalAudienceChecks } from '../application/local-audience-checks';
import { AdminLocalAudienceCheckDto } from './creator.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

const STATUSES: readonly LocalAudienceStatus[] = ['pending', 'recorded', 'rejected'];

/** The console's `local-audience-checks` queue (decision 0720): pending screenshots first. */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/local-audience-checks')
export class AdminLocalAudienceController {
  constructor(private readonly checks: LocalAudienceChecks) {}

  @Get()
  @ApiOkResponse({
    type: [AdminLocalAudienceCheckDto],
    description: 'Filter {"status":"pending"|"recorded"|"rejected"} (pending by default, oldest first)',
  })
  async list(
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
    @CurrentUser() admin: Principal,
  ): Promise<AdminLocalAudienceCheck[]> {
    const q = parseListQuery<{ status?: unknown; city?: unknown }>(query, {
      sortable: ['created_at'],
      defaultSort: ['created_at', 'ASC'],
    });
    const status = q.filter.status || 'pending';
    if (!STATUSES.includes(status as LocalAudienceStatus))
      throw DomainError.invalid('LIST.BAD_FILTER', 'status must be pending, recorded or rejected', 'filter');
    const cities = cityScope(admin, q.filter.city);
    const { items, total } = await this.checks.forAdmins(status as LocalAudienceStatus, {
      offset: q.offset,
      limit: q.limit,
      cities,
    });
    return sendList(res, 'local-audience-checks', q, items, total);
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminLocalAudienceCheckDto })
  one(@Param('id') id: string, @CurrentUser() admin: Principal) {
    return this.checks.one(admin, id);
  }

  /** The screenshot, to admins only and never kept by any cache: it has no public URL. */
  @Get(':id/image')
  @ApiProduces('image/webp')
  @ApiOkResponse({
    schema: { type: 'string', format: 'binary' },
    description: 'The screenshot (re-encoded WebP), Cache-Control: private, no-store',
  })
  async image(@Param('id') id: string, @Res() res: FastifyReply, @CurrentUser() admin: Principal) {
    const { body, type } = await this.checks.image(admin, id);
    res
      .header('Cache-Control', PERSONAL)
      .header('Content-Type', type)
      .header('X-Content-Type-Options', 'nosniff')
      .send(body);
  }

  /** `{ share, checked_on }` records the share; `{ reason }` rejects the screenshot (mailed to the creator). */
  @Put(':id')
  @ApiBody({
    schema: {
      oneOf: [
        {
          type: 'object',
          required: ['share', 'checked_on'],
          properties: {
            share: { type: 'integer', minimum: 0, maximum: 100 },
            checked_on: { type: 'string', format: 'date' },
          },
        },
        { type: 'object', required: ['reason'], properties: { reason: { type: 'string', maxLength: 500 } } },
      ],
    },
  })
  @ApiOkResponse({ type: AdminLocalAudienceCheckDto, description: 'Decided; 409 when it already was' })
  decide(@Param('id') id: string, @Body() body: unknown, @CurrentUser() admin: Principal) {
    return this.checks.decide(id, body, admin);
  }
}
