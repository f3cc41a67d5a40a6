import { Body, Controller, Get, Post, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LIMITS } from '@local-creators/common';
import { FileUpload, UploadedImage, type UploadedBytes } from '../../../shared/http/file-upload.interceptor';
import { ImageUploadFilter } from '../../../shared/images/image-upload.filter';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { LocalAudienceChecks } from '../application/local-audience-checks';
import { OwnLocalAudienceCheckDto, OwnLocalAudienceDto } from './creator.dto';

/** A creator's proof of a local audience (decision 0720): a screenshot in, never a share. */
@ApiTags('creator')
@Auth()
@Controller('me/local-audience')
export class MeLocalAudienceController {
  constructor(private readonly checks: LocalAudienceChecks) {}

  /** The share the profile shows (if any) and the latest screenshots with where each stands. */
  @Get()
  @ApiOkResponse({ type: OwnLocalAudienceDto })
  get(@CurrentUser() user: Principal) {
    return this.checks.ofOwner(user);
  }

  /** Multipart: `file` (the screenshot), `platform`, `shows_on` (YYYY-MM-DD, the day it shows). Any `share` sent is ignored. */
  @Post()
  @ApiOperation({
    summary: "Send a dated screenshot of a platform's audience insights for an admin to check (decision 0720)",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'platform', 'shows_on'],
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: 'The screenshot (an image under 5 MB, at most 16 megapixels); stored privately',
        },
        platform: { type: 'string', enum: ['Instagram', 'TikTok', 'YouTube', 'Facebook', 'X', 'Blog'] },
        shows_on: {
          type: 'string',
          format: 'date',
          description: 'The day the screenshot shows: not in the future (in the city), at most 180 days back',
        },
      },
    },
  })
  @ApiCreatedResponse({
    type: OwnLocalAudienceCheckDto,
    description: 'Pending; a screenshot already waiting is replaced',
  })
  @UseFilters(new ImageUploadFilter('file'))
  @UseInterceptors(FileUpload('file', { fileSize: LIMITS.imageMaxBytes - 1, files: 1, fields: 5 }))
  upload(@CurrentUser() user: Principal, @UploadedImage() file: UploadedBytes | undefined, @Body() body: unknown) {
    return this.checks.upload(user, file, body);
  }
}
