import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Query,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { LIMITS } from '@local-creators/common';
import { PUBLIC_READ } from '../../../shared/http/cache-control';
import { IdempotencyInterceptor, IdempotencyKeyHeader, Idempotent } from '../../../shared/http/idempotency.interceptor';
import { FileUpload, UploadedImage, type UploadedBytes } from '../../../shared/http/file-upload.interceptor';
import { ImageTooLargeFilter } from '../../../shared/images/image-too-large.filter';
import type { Principal } from '../../../shared/auth/principal';
import { ClientIp, CurrentUser, OptionalAuth } from '../../../shared/auth/access';
import { AmplifyService } from '../application/amplify.service';
import { Introductions } from '../application/introductions.service';
import { readSubmissionForm } from './submission-form';
import {
  AmplifySubmissionDto,
  AmplifySubmissionInputDto,
  AmplifyTokenDto,
  InterestConfirmationDto,
  InterestRequestInputDto,
  InterestRequestResultDto,
  PublicAmplifySubmissionDto,
} from './amplify.dto';

/** The public Amplify calls: apply, the featured page, introduction requests. */
@ApiTags('amplify')
@Controller('amplify')
export class AmplifyController {
  constructor(
    private readonly amplify: AmplifyService,
    private readonly introductions: Introductions,
  ) {}

  /** JSON, or multipart with the same fields as text plus an optional `logo` image under 5 MB. */
  @Post('submissions')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseFilters(ImageTooLargeFilter)
  @IdempotencyKeyHeader()
  @UseInterceptors(
    FileUpload('logo', { fileSize: LIMITS.imageMaxBytes - 1, files: 1, fields: 30, fieldSize: 20_000 }),
    IdempotencyInterceptor,
  )
  @ApiBody({ type: AmplifySubmissionInputDto })
  @ApiCreatedResponse({ type: AmplifySubmissionDto })
  submit(@Body() body: unknown, @UploadedImage() logo: UploadedBytes | undefined, @ClientIp() ip: string) {
    return this.amplify.submit({ ...readSubmissionForm(body), logo: logo?.buffer, clientIp: ip });
  }

  @Get('featured')
  @Header('Cache-Control', PUBLIC_READ)
  @ApiQuery({
    name: 'city',
    required: false,
    type: String,
    description: "A city's slug; without it, the home city's (unknown: 400 'Unknown city')",
  })
  @ApiOkResponse({ type: [PublicAmplifySubmissionDto] })
  featured(@Query('city') city?: unknown) {
    return this.amplify.featured(city);
  }

  /**
   * Anyone may ask (spec). Signed in and naming the account's own address, the business is mailed
   * at once; otherwise a confirmation link goes to the address named (decision 0110).
   */
  @Post('submissions/:id/interest')
  @Idempotent()
  @HttpCode(201)
  @OptionalAuth()
  @ApiBody({ type: InterestRequestInputDto })
  @ApiCreatedResponse({ type: InterestRequestResultDto })
  interest(
    @Param('id') id: string,
    @Body() body: unknown,
    @ClientIp() ip: string,
    @CurrentUser() user: Principal | undefined,
  ) {
    // Only a proven address is the caller's own: an unconfirmed account asks like a visitor (decision 0508).
    // Whoever is signed in is recorded as the requester: a creator's numbers count it (decision 0821).
    return this.introductions.request({
      submissionId: id,
      body,
      clientIp: ip,
      accountEmail: user?.emailConfirmed ? user.email : null,
      requesterUserId: user?.id ?? null,
    });
  }

  /** The public site's /amplify/confirm page sends the mailed link's token here. */
  @Post('interest/confirm')
  @HttpCode(200)
  @ApiBody({ type: AmplifyTokenDto })
  @ApiOkResponse({ type: InterestConfirmationDto })
  confirmInterest(@Body() body: unknown) {
    return this.introductions.confirm(body);
  }
}
