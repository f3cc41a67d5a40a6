import { Body, Controller, Get, HttpCode, Param, Post, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { LIMITS } from '@local-creators/common';
import { FileUpload } from '../../../shared/http/file-upload.interceptor';
import { ImageTooLargeFilter } from '../../../shared/images/image-too-large.filter';
import { ClientIp } from '../../identity/http/auth.decorators';
import { AmplifyService } from '../application/amplify.service';
import { readSubmissionForm } from './submission-form';

/** The public Amplify calls: apply, the featured page, introduction requests. */
@ApiTags('amplify')
@Controller('amplify')
export class AmplifyController {
  constructor(private readonly amplify: AmplifyService) {}

  /** JSON, or multipart with the same fields as text plus an optional `logo` image under 5 MB. */
  @Post('submissions')
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseFilters(ImageTooLargeFilter)
  @UseInterceptors(FileUpload('logo', { fileSize: LIMITS.imageMaxBytes - 1, files: 1, fields: 30, fieldSize: 20_000 }))
  submit(@Body() body: unknown, @UploadedFile() logo: Express.Multer.File | undefined, @ClientIp() ip: string) {
    return this.amplify.submit({ ...readSubmissionForm(body), logo: logo?.buffer, clientIp: ip });
  }

  @Get('featured')
  featured() {
    return this.amplify.featured();
  }

  @Post('submissions/:id/interest')
  @HttpCode(201)
  async interest(@Param('id') id: string, @Body() body: unknown, @ClientIp() ip: string) {
    await this.amplify.requestIntroduction(id, body, ip);
    return {};
  }
}
