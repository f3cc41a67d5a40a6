import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AdminCity } from '@local-creators/common';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import type { Principal } from '../../../shared/auth/principal';
import { parseListQuery, sendList } from '../../../shared/ra-list';
import { Cities } from '../application/cities';
import { AdminCityDto } from './city.dto';
import { RaListQuery } from '../../../shared/http/api-schema';

/**
 * The console's `cities` resource: the cities the signed-in admin may see and decide (all of
 * them for an admin of every city), for its city filter and the city shown on each record.
 */
@ApiTags('admin')
@Auth('admin')
@Controller('admin/cities')
export class AdminCitiesController {
  constructor(private readonly cities: Cities) {}

  @Get()
  @ApiOkResponse({ type: [AdminCityDto] })
  async list(
    @CurrentUser() admin: Principal,
    @Query() query: RaListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<AdminCity[]> {
    const q = parseListQuery(query, { sortable: ['id', 'name'], defaultSort: ['name', 'ASC'] });
    const mine = admin.adminCities ?? null;
    const items = (await this.cities.all())
      .filter((c) => !mine || mine.includes(c.slug))
      .map((c): AdminCity => ({
        id: c.slug,
        name: c.name,
        state: c.state,
        time_zone: c.timeZone,
        neighborhoods: c.neighborhoods,
        every_city: !mine,
      }));
    if (q.sortOrder === 'DESC') items.reverse();
    return sendList(res, 'cities', q, items.slice(q.offset, q.offset + q.limit), items.length);
  }
}
