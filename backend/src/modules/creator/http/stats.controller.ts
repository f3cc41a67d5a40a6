import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { CreatorStats } from '@local-creators/common';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import type { Principal } from '../../../shared/auth/principal';
import { ProfileStats } from '../application/profile-stats.service';
import { CreatorStatsDto } from './creator.dto';

const DESCRIPTION =
  "CreatorStats: the last 90 days (the city's calendar), per day: views, appearances, contacts, introductions, shortlist_saves; their totals; views by source (decisions 0820, 0821)";

/** The creator's own numbers for the dashboard (issue 28 point 1). */
@ApiTags('me')
@Auth()
@Controller('me/stats')
export class MeStatsController {
  constructor(private readonly stats: ProfileStats) {}

  @Get()
  @ApiOkResponse({ type: CreatorStatsDto, description: DESCRIPTION })
  own(@CurrentUser() user: Principal): Promise<CreatorStats> {
    return this.stats.own(user);
  }
}

/** The same numbers for admins: any creator of their cities, and the totals of a city (decision 0601). */
@ApiTags('admin')
@Auth('admin')
@Controller('admin')
export class AdminStatsController {
  constructor(private readonly stats: ProfileStats) {}

  /** Declared before `creators/:id/stats` for the reader; the router prefers the fixed path anyway. */
  @Get('creators/stats')
  @ApiQuery({ name: 'city', required: false, description: "A city's slug; without it, every city the admin was given" })
  @ApiOkResponse({
    type: CreatorStatsDto,
    description: `${DESCRIPTION}; summed over the creators of the city (\`creators\`: how many)`,
  })
  cities(@Query('city') city: unknown, @CurrentUser() admin: Principal): Promise<CreatorStats> {
    return this.stats.ofCities(admin, city);
  }

  @Get('creators/:id/stats')
  @ApiOkResponse({ type: CreatorStatsDto, description: DESCRIPTION })
  creator(@Param('id') id: string, @CurrentUser() admin: Principal): Promise<CreatorStats> {
    return this.stats.ofCreator(admin, id);
  }
}
