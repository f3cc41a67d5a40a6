import type {
  AdminAmplifySubmission,
  AmplifySubmission as SubmissionDto,
  PublicAmplifySubmission,
} from '@local-creators/common';
import type { AmplifySubmission } from '../domain/amplify-submission';

/** The admins' view (and the answer to the business's own submission). */
export const toSubmissionDto = (s: AmplifySubmission): SubmissionDto => ({
  id: s.id,
  business_name: s.businessName,
  contact_name: s.contactName,
  contact_email: s.contactEmail,
  website_social: s.websiteSocial,
  title: s.title,
  description: s.description,
  category: s.category,
  status: s.status,
  featured: s.featured,
  logo_url: s.logoUrl,
  neighborhood: s.neighborhood,
  type_of_help: s.typeOfHelp,
  created_at: s.createdAt.toISOString(),
  version: s.version,
});

export const toAdminSubmissionDto = (s: AmplifySubmission): AdminAmplifySubmission => ({
  ...toSubmissionDto(s),
  city_slug: s.citySlug,
});

/**
 * The featured page's view, listed field by field so a new private field never leaks: no
 * contact name or e-mail (introductions go through our mail), no status or featured flag.
 */
export const toPublicSubmission = (s: AmplifySubmission): PublicAmplifySubmission => ({
  id: s.id,
  business_name: s.businessName,
  website_social: s.websiteSocial,
  title: s.title,
  description: s.description,
  category: s.category,
  logo_url: s.logoUrl,
  neighborhood: s.neighborhood,
  type_of_help: s.typeOfHelp,
  created_at: s.createdAt.toISOString(),
});
