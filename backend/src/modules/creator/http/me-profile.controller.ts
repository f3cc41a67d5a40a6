import { Body, Controller, Delete, Get, HttpCode, Post, Put, Res, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { LIMITS } from '@local-creators/common';
import { FileUpload, UploadedImage, type UploadedBytes } from '../../../shared/http/file-upload.interceptor';
import { ImageUploadFilter } from '../../../shared/images/image-upload.filter';
import type { Principal } from '../../../shared/auth/principal';
import { Auth, CurrentUser } from '../../../shared/auth/access';
import { FollowerCounts } from '../application/follower-counts';
import { OwnProfileService } from '../application/own-profile.service';
import {
  ContactSettingsDto,
  CreatorProfileDto,
  OwnFollowerCountDto,
  OwnHandleCheckDto,
  ProfileImageDto,
  ProfileInputDto,
} from './creator.dto';

@ApiTags('creator')
@Auth()
@Controller('me/profile')
export class MeProfileController {
  constructor(
    private readonly profiles: OwnProfileService,
    private readonly followerCounts: FollowerCounts,
  ) {}

  @Get()
  @ApiOkResponse({ type: CreatorProfileDto, description: 'The profile, or `null` before the first save' })
  async get(@CurrentUser() user: Principal, @Res() res: FastifyReply) {
    // JSON `null` (not an empty body) when there is no profile yet.
    res.type('application/json; charset=utf-8').send(JSON.stringify(await this.profiles.get(user)));
  }

  @Put()
  @ApiBody({ type: ProfileInputDto })
  @ApiOkResponse({ type: CreatorProfileDto, description: 'Updated' })
  @ApiCreatedResponse({ type: CreatorProfileDto, description: 'Created (pending)' })
  async save(@CurrentUser() user: Principal, @Body() body: unknown, @Res({ passthrough: true }) res: FastifyReply) {
    const { created, profile } = await this.profiles.save(user, body);
    res.status(created ? 201 : 200);
    return profile;
  }

  /** The creator joined the affiliate crew: the dashboard's crew promotion stops showing. */
  @Post('crew')
  @HttpCode(200)
  @ApiOkResponse({ type: CreatorProfileDto })
  markJoinedCrew(@CurrentUser() user: Principal) {
    return this.profiles.markJoinedCrew(user);
  }

  /** Each platform handle with the code to put in its bio until the check, and whether it is confirmed (decision 0502). */
  @Get('handle-checks')
  @ApiOkResponse({ type: [OwnHandleCheckDto] })
  handleChecks(@CurrentUser() user: Principal) {
    return this.profiles.ownHandleChecks(user);
  }

  /** Each platform's follower count and when it was last confirmed (decision 0503). */
  @Get('followers')
  @ApiOkResponse({ type: [OwnFollowerCountDto] })
  followers(@CurrentUser() user: Principal) {
    return this.followerCounts.ofOwner(user);
  }

  /** "Still right": every count confirmed as it is, now (one click on the dashboard). */
  @Post('followers/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: [OwnFollowerCountDto] })
  confirmFollowers(@CurrentUser() user: Principal) {
    return this.followerCounts.confirmAll(user);
  }

  /** `{ contact_enabled, contact_links }`: the profile's Contact form on, or off with links in its place (decision 0501). */
  @Put('contact')
  @ApiBody({ type: ContactSettingsDto })
  @ApiOkResponse({ type: CreatorProfileDto })
  setContact(@CurrentUser() user: Principal, @Body() body: unknown) {
    return this.profiles.setContact(user, body);
  }

  @Put('image')
  @ApiConsumes('multipart/form-data')
  @UseFilters(new ImageUploadFilter('file'))
  // "under 5MB": a file of exactly 5 MB is refused too.
  @UseInterceptors(FileUpload('file', { fileSize: LIMITS.imageMaxBytes - 1, files: 1, fields: 5 }))
  @ApiBody({
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
  })
  @ApiOkResponse({ type: ProfileImageDto })
  uploadImage(@CurrentUser() user: Principal, @UploadedImage() file: UploadedBytes | undefined) {
    return this.profiles.uploadImage(user, file);
  }

  @Delete('image')
  @HttpCode(204)
  async deleteImage(@CurrentUser() user: Principal) {
    await this.profiles.deleteImage(user);
  }
}
