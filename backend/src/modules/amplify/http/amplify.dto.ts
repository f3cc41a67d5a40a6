import type {
  AdminAmplifySubmission,
  AdminIntroductionCounts,
  AdminIntroductionRequest,
  AmplifySubmission,
  InterestConfirmation,
  InterestRequestResult,
  PublicAmplifySubmission,
} from '@local-creators/common';
import { BUSINESS_CATEGORIES, SUBMISSION_STATUSES, TYPES_OF_HELP } from '@local-creators/common';
import {
  Bool,
  Int,
  OneOf,
  Optional,
  SomeOf,
  Str,
  StrOrNull,
  Time,
  TimeOrNull,
  Uuid,
} from '../../../shared/http/api-schema';

// The answers and bodies of the Amplify routes, for the OpenAPI document (decision 0862).

export class PublicAmplifySubmissionDto implements PublicAmplifySubmission {
  @Uuid() id: string;
  @Str() business_name: string;
  @StrOrNull() website_social: string | null;
  @Str() title: string;
  @Str() description: string;
  @OneOf(BUSINESS_CATEGORIES) category: AmplifySubmission['category'];
  @StrOrNull() logo_url: string | null;
  @StrOrNull() neighborhood: string | null;
  @SomeOf(TYPES_OF_HELP) type_of_help: AmplifySubmission['type_of_help'];
  @Time() created_at: string;
}

export class AmplifySubmissionDto extends PublicAmplifySubmissionDto implements AmplifySubmission {
  @Str() contact_name: string;
  @Str() contact_email: string;
  @OneOf(SUBMISSION_STATUSES) status: AmplifySubmission['status'];
  @Bool() featured: boolean;
  @Int({ description: 'Sent back with every admin change' }) version: number;
}

export class AdminAmplifySubmissionDto extends AmplifySubmissionDto implements AdminAmplifySubmission {
  @Str() city_slug: string;
}

/** POST /api/amplify/submissions: JSON, or multipart with the same fields as text and a `logo`. */
export class AmplifySubmissionInputDto {
  @Str() business_name: string;
  @Str() contact_name: string;
  @Str() contact_email: string;
  @OneOf(BUSINESS_CATEGORIES) category: string;
  @Str() story: string;
  @Optional({ type: String, nullable: true, description: 'A website or social profile' }) website_social?:
    string | null;
  @Optional({ type: String, nullable: true, description: 'The neighbourhood' }) neighborhood?: string | null;
  @SomeOf(TYPES_OF_HELP) type_of_help: string[];
  @Optional({ type: String, description: "A city's slug; without it, the home city" }) city?: string;
  @Optional({ type: String, format: 'binary', description: 'multipart only: a logo image under 5 MB' }) logo?: string;
}

/** PUT /api/admin/amplify-submissions/:id: `{ status }` or `{ featured }` (decision 0104), with the version seen. */
export class SubmissionUpdateDto {
  @Optional({ enum: [...SUBMISSION_STATUSES], description: 'The new status' }) status?: string;
  @Optional({ type: Boolean, description: 'Shown on the featured page' }) featured?: boolean;
  @Optional({ type: 'integer', description: 'The version the admin saw' }) version?: number;
}

export class InterestRequestInputDto {
  @Str() creator_name: string;
  @Str() creator_email: string;
  @Optional({ type: String, nullable: true, description: "The creator's links" }) creator_links?: string | null;
  @Optional({ type: String, nullable: true, description: 'A message to the business' }) message?: string | null;
}

export class InterestRequestResultDto implements InterestRequestResult {
  @OneOf(['confirmation_sent', 'sent']) status: InterestRequestResult['status'];
}

export class InterestConfirmationDto implements InterestConfirmation {
  @Str() business_name: string;
}

export class AmplifyTokenDto {
  @Str({ description: "The mailed link's token" }) token: string;
}

export class AdminIntroductionRequestDto implements AdminIntroductionRequest {
  @Uuid() id: string;
  @Uuid() submission_id: string;
  @Str() city_slug: string;
  @Str() business_name: string;
  @Str() creator_name: string;
  @Str() creator_email: string;
  @StrOrNull() creator_links: string | null;
  @StrOrNull() message: string | null;
  @OneOf(['confirmed', 'unconfirmed']) status: AdminIntroductionRequest['status'];
  @Time() created_at: string;
  @TimeOrNull() confirmed_at: string | null;
}

export class AdminIntroductionCountsDto implements AdminIntroductionCounts {
  @Uuid() submission_id: string;
  @Str() city_slug: string;
  @Str() business_name: string;
  @Int() confirmed: number;
  @Int() unconfirmed: number;
}
