import { Body, Controller, Get, Post, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { LIMITS } from '@local-creators/common';
import { FileUpload, UploadedImage, type UploadedBytes } from '../../../shared/http/file-upload.interceptor';
import { ImageUploadFilter } from '../../../shared/images/image-upload.filter';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { LocalAudienceChecks } from '../application/local-audience-checks';

/** A creator's proof of a local audience (decision 0720): a screenshot in, never a share. */
@ApiTags('creator')
@Auth()
@Controller('me/local-audience')
export class MeLocalAudienceController {
  constructor(private readonly checks: LocalAudienceChecks) {}

  /** The share the profile shows (if any) and the latest screenshots with where each stands. */
  @Get()
  get(@CurrentUser() user: Principal) {
    return this.checks.ofOwner(user);
  }

  /** Multipart: `file` (the screenshot), `platform`, `shows_on` (YYYY-MM-DD, the day it shows). Any `share` sent is ignored. */
  @Post()
  @ApiConsumes('multipart/form-data')
  @UseFilters(new ImageUploadFilter('file'))
  @UseInterceptors(FileUpload('file', { fileSize: LIMITS.imageMaxBytes - 1, files: 1, fields: 5 }))
  upload(@CurrentUser() user: Principal, @UploadedImage() file: UploadedBytes | undefined, @Body() body: unknown) {
    return this.checks.upload(user, file, body);
  }
}
