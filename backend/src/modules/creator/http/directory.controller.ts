import { Controller, Get, Header, OnModuleInit, Param, Query, Req, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreparedResponses } from '../../../shared/http/prepared-json';
import { whenClientGoes } from '../../../shared/http/client-gone';
import type { Principal } from '../../../shared/auth/principal';
import { CurrentUser, OptionalAuth } from '../../../shared/auth/access';
import { DirectoryService } from '../application/directory.service';

/** PostgreSQL's query_canceled: the statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) ran out. */
const STATEMENT_TIMEOUT = '57014';
const SEARCH_TIMED_OUT = 'The search took too long. Please try again or narrow it down.';

@ApiTags('directory')
@Controller()
export class DirectoryController implements OnModuleInit {
  constructor(
    private readonly directory: DirectoryService,
    private readonly prepared: PreparedResponses,
  ) {}

  /**
   * Searches are answered before the framework (issue 12): the same `searchAnswer`, sent with the
   * same headers, metrics and log line, at a fraction of the framework's cost per request. The
   * route below still answers what the front door leaves to the framework (CORS, HEAD, unusual
   * Accept-Encoding).
   */
  onModuleInit() {
    this.prepared.compute('/creators', async (query, gone) => {
      const page = await this.searchAnswer(query, gone);
      return { value: page, stillValid: () => this.directory.isCurrent(page) };
    });
  }

  /**
   * The two busiest reads come from the directory's cache as the same objects until the listing
   * changes: serialized once, and sent again for the same URL while they are still the answer.
   */
  private send(req: FastifyRequest, res: FastifyReply, answer: object) {
    this.prepared.send(req, res, answer, () => this.directory.isCurrent(answer));
  }

  @Get('directory')
  @ApiOkResponse({ description: 'DirectoryResponse: totals, the newest creators and the newest per niche' })
  async overview(@Req() req: FastifyRequest, @Res() res: FastifyReply) {
    this.send(req, res, await this.directory.overview());
  }

  /**
   * A client that goes away before its answer cancels the query it was waiting for (decision
   * 0204), so abandoned searches never keep PostgreSQL busy.
   */
  @Get('creators')
  @ApiOkResponse({ description: 'CreatorPage: listed creators matching the filters, paged by cursor' })
  async search(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply) {
    const gone = whenClientGoes(res.raw);
    try {
      this.send(req, res, await this.searchAnswer(query, gone.signal));
    } catch (error) {
      if (gone.signal.aborted) return; // nobody to answer
      throw error;
    } finally {
      gone.stop();
    }
  }

  /** A page of the directory; a search that runs into the statement timeout is a 503. */
  private async searchAnswer(query: Record<string, unknown>, gone: AbortSignal) {
    try {
      return await this.directory.search(query, gone);
    } catch (error) {
      if ((error as { code?: unknown }).code === STATEMENT_TIMEOUT) throw new ServiceUnavailableException(SEARCH_TIMED_OUT);
      throw error;
    }
  }

  @Get('creators/:id')
  @OptionalAuth()
  profile(@Param('id') id: string, @CurrentUser() viewer?: Principal) {
    return this.directory.publicProfile(id, viewer);
  }

  /** At the site root (excluded from the /api prefix): crawlers expect it there. */
  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=600')
  sitemap() {
    return this.directory.sitemap();
  }
}
