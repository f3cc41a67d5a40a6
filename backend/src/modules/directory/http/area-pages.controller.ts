import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AreaKind } from '@local-creators/common';
import { PUBLIC_READ } from '../../../shared/http/cache-control';
import { PreparedBody } from '../../../shared/http/prepared-body';
import { AreaPages } from '../application/area-pages';
import { ProfileVisits } from '../../creator';
import { AreaPageResponseDto } from './directory.dto';

/** The pages per niche and per neighbourhood (decision 0640), from the directory's cache like every public read. */
@ApiTags('directory')
@Controller('directory')
export class AreaPagesController {
  constructor(
    private readonly areas: AreaPages,
    private readonly visits: ProfileVisits,
  ) {}

  @Get('niches/:slug')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiQuery({ name: 'city', required: false, description: "A city's slug; without it, every city's creators" })
  @ApiOkResponse({
    type: AreaPageResponseDto,
    description: 'The niche, how many listed creators, their follower spread, the newest and the most followed',
  })
  niche(
    @Param('slug') slug: string,
    @Query('city') city: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send('niche', slug, city, req, reply);
  }

  @Get('neighborhoods/:slug')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiQuery({ name: 'city', required: false, description: "A city's slug; without it, the home city's" })
  @ApiOkResponse({
    type: AreaPageResponseDto,
    description: 'The neighbourhood, how many listed creators, their follower spread, the newest and the most followed',
  })
  neighborhood(
    @Param('slug') slug: string,
    @Query('city') city: unknown,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send('neighborhood', slug, city, req, reply);
  }

  private async send(kind: AreaKind, slug: string, city: unknown, req: FastifyRequest, reply: FastifyReply) {
    const { page, kept } = await this.areas.answer(kind, slug, city);
    // Its cards appeared in a list (decision 0820), as the directory's do.
    this.visits.areaShown(page, { userAgent: req.headers['user-agent'] });
    return kept.form('json', () => PreparedBody.json(page)).sendTo(req, reply);
  }
}
