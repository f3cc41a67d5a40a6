import { Controller, Get, Header, Param, Query, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERSONAL, PUBLIC_READ } from '../../../shared/http/cache-control';
import { PreparedBody } from '../../../shared/http/prepared-body';
import { whenClientGoes } from '../../../shared/http/client-gone';
import type { Principal } from '../../../shared/auth/principal';
import { CurrentUser, OptionalAuth } from '../../../shared/auth/access';
import type { DirectoryAnswer } from '../application/directory-cache';
import { DirectoryService } from '../application/directory.service';
import { ProfileVisits, type VisitHeaders } from '../../creator';
import {
  CreatorFeedPageDto,
  CreatorPageDto,
  CreatorSearchQueryDto,
  DirectoryQueryDto,
  DirectoryResponseDto,
  FeedQueryDto,
  PublicCityDto,
  PublicCreatorDto,
} from './directory.dto';

/** PostgreSQL's query_canceled: the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) ran out. */
const STATEMENT_TIMEOUT = '57014';
const SEARCH_TIMED_OUT = 'The search took too long. Please try again or narrow it down.';

/** A cached answer's JSON body, serialized once per listing version, sent with its ETag. */
const json = (answer: DirectoryAnswer<unknown>, req: FastifyRequest, reply: FastifyReply) =>
  answer.form('json', () => PreparedBody.json(answer.value)).sendTo(req, reply);

/** What the creator's numbers read of a request (decisions 0820, 0850): nothing of it is kept. */
const visitOf = (req: FastifyRequest): VisitHeaders => ({
  userAgent: req.headers['user-agent'],
  ip: req.ip,
  ref: (req.query as Record<string, unknown> | undefined)?.ref,
});

/** The public directory's reads: each answer comes from the directory's cache (decision 0222). */
@ApiTags('directory')
@Controller()
export class DirectoryController {
  constructor(
    private readonly directory: DirectoryService,
    private readonly visits: ProfileVisits,
  ) {}

  @Get('directory')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiOkResponse({ type: DirectoryResponseDto, description: 'Totals, the newest creators and the newest per niche' })
  async overview(
    @Query() query: DirectoryQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const answer = await this.directory.overviewOf(query);
    this.visits.overviewShown(answer.value, visitOf(req));
    return json(answer, req, reply);
  }

  /** The cities, each with how many creators it lists: the root of an install of several cities (decision 0620). */
  @Get('directory/cities')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiOkResponse({ type: [PublicCityDto], description: 'Every city by name, with how many creators it lists' })
  cities() {
    return this.directory.cityList();
  }

  /**
   * A client that goes away before its answer cancels the query it was waiting for (decision
   * 0204), so abandoned searches never keep PostgreSQL busy. A search that runs into the
   * statement timeout is a 503.
   */
  @Get('creators')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiOkResponse({ type: CreatorPageDto, description: 'Listed creators matching the filters, paged by cursor' })
  async search(
    @Query() query: CreatorSearchQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const gone = whenClientGoes(reply.raw);
    try {
      const answer = await this.directory.search(query, gone.signal);
      this.visits.pageShown(answer.value, visitOf(req));
      return json(answer, req, reply);
    } catch (error) {
      if (gone.signal.aborted) return undefined; // nobody to answer
      if ((error as { code?: unknown }).code === STATEMENT_TIMEOUT)
        throw new ServiceUnavailableException(SEARCH_TIMED_OUT);
      throw error;
    } finally {
      gone.stop();
    }
  }

  /**
   * The partners' feed (decision 0803): read-only, public fields only, paged, cacheable by anyone
   * (ETag, PUBLIC_READ).
   */
  @Get('feed/creators')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiOkResponse({
    type: CreatorFeedPageDto,
    description: 'Listed creators newest first, each with every public field',
  })
  async feed(
    @Query() query: FeedQueryDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const gone = whenClientGoes(reply.raw);
    try {
      return json(await this.directory.feed(query, gone.signal), req, reply);
    } catch (error) {
      if (gone.signal.aborted) return undefined; // nobody to answer
      throw error;
    } finally {
      gone.stop();
    }
  }

  /** A listed profile is public; an unlisted one is its owner's or an admin's preview, never kept by anyone. */
  @Get('creators/:id')
  @OptionalAuth()
  @ApiOkResponse({ type: PublicCreatorDto })
  @ApiQuery({
    name: 'ref',
    required: false,
    type: String,
    description: "Where the visitor came from, for the creator's numbers (decision 0850)",
  })
  async profile(
    @Param('id') id: string,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @CurrentUser() viewer?: Principal,
  ) {
    const found = await this.directory.publicProfile(id, viewer);
    if ('preview' in found) return found.preview;
    // The site's read right after the server drew this profile's page: that page was the view.
    if (req.headers['x-drawn-view'] === undefined) this.visits.viewed(id, visitOf(req), viewer);
    // A signed-in request's answer is the caller's own business, whatever it holds.
    reply.header('Cache-Control', viewer || req.headers.authorization ? PERSONAL : PUBLIC_READ);
    return json(found.listed, req, reply);
  }
}
