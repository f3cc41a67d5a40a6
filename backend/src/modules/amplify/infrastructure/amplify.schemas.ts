import { EntitySchema } from '@mikro-orm/core';
import { AmplifySubmission } from '../domain/amplify-submission';
import { InterestRequest } from '../domain/interest-request';

export const AmplifySubmissionSchema = new EntitySchema<AmplifySubmission>({
  class: AmplifySubmission,
  tableName: 'amplify_submissions',
  properties: {
    id: { type: 'uuid', primary: true },
    businessName: { type: 'string', length: 200, fieldName: 'business_name' },
    contactName: { type: 'string', length: 100, fieldName: 'contact_name' },
    contactEmail: { type: 'string', length: 255, fieldName: 'contact_email' },
    websiteSocial: { type: 'text', fieldName: 'website_social', nullable: true },
    title: { type: 'string', length: 100 },
    description: { type: 'text' },
    category: { type: 'string', length: 60 },
    status: { type: 'string', length: 20 },
    featured: { type: 'boolean' },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    featuredMailSentAt: { type: 'Date', fieldName: 'featured_mail_sent_at', nullable: true },
    logoUrl: { type: 'text', fieldName: 'logo_url', nullable: true },
    neighborhood: { type: 'string', length: 100, nullable: true },
    typeOfHelp: { type: 'string[]', columnType: 'text[]', fieldName: 'type_of_help' },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    updatedAt: { type: 'Date', fieldName: 'updated_at' },
    version: { type: 'integer', version: true },
    // A derived read-only property of the domain class, not a column.
    acceptsIntroductions: { type: 'boolean', persist: false, getter: true } as never,
  },
});

export const InterestRequestSchema = new EntitySchema<InterestRequest>({
  class: InterestRequest,
  tableName: 'amplify_interest_requests',
  properties: {
    id: { type: 'uuid', primary: true },
    submissionId: { type: 'uuid', fieldName: 'submission_id' },
    citySlug: { type: 'string', length: 60, fieldName: 'city_slug' },
    creatorName: { type: 'string', length: 100, fieldName: 'creator_name' },
    creatorEmail: { type: 'string', length: 255, fieldName: 'creator_email' },
    requesterUserId: { type: 'uuid', fieldName: 'requester_user_id', nullable: true },
    creatorLinks: { type: 'text', fieldName: 'creator_links', nullable: true },
    message: { type: 'text', nullable: true },
    createdAt: { type: 'Date', fieldName: 'created_at' },
    confirmedAt: { type: 'Date', fieldName: 'confirmed_at', nullable: true },
    confirmTokenHash: { type: 'string', length: 64, fieldName: 'confirm_token_hash', nullable: true },
    confirmExpiresAt: { type: 'Date', fieldName: 'confirm_expires_at', nullable: true },
  },
});
