import {
  NO_CALL_NUMBERS,
  offerText,
  type AdminCall,
  type CallInput,
  type CallNumbers,
  type OwnCall,
  type PublicCall,
} from '@local-creators/common';
import type { Call } from '../domain/call';

const inputOf = (c: Call): CallInput => ({
  business_name: c.businessName,
  title: c.title,
  description: c.description,
  niches: c.niches as CallInput['niches'],
  content_types: c.contentTypes as CallInput['content_types'],
  collab_types: c.collabTypes as CallInput['collab_types'],
  neighborhoods: c.neighborhoods,
  followers_min: c.followersMin,
  followers_max: c.followersMax,
  starts_on: c.startsOn,
  ends_on: c.endsOn,
  deadline: c.deadline,
  offer: c.offer,
  fee_min: c.feeMin,
  fee_max: c.feeMax,
  product: c.product,
  creators_wanted: c.creatorsWanted,
});

/** What anyone may read of an approved call: never the account behind it. */
export const toPublicCall = (c: Call, cityName: string): PublicCall => ({
  ...inputOf(c),
  id: c.id,
  city_slug: c.citySlug,
  city_name: cityName,
  offer_text: offerText(inputOf(c)),
  approved_at: (c.approvedAt ?? c.updatedAt).toISOString(),
});

/** `numbers`: the call's so far (decision 0921); a call just posted has none. */
export const toOwnCall = (c: Call, numbers: CallNumbers = NO_CALL_NUMBERS): OwnCall => ({
  ...inputOf(c),
  id: c.id,
  city_slug: c.citySlug,
  status: c.status,
  decline_reason: c.declineReason,
  offer_text: offerText(inputOf(c)),
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
  approved_at: c.approvedAt?.toISOString() ?? null,
  closed_at: c.closedAt?.toISOString() ?? null,
  numbers: { ...numbers },
});

export const toAdminCall = (
  c: Call,
  accountEmail: string | null,
  numbers: CallNumbers = NO_CALL_NUMBERS,
): AdminCall => ({
  ...toOwnCall(c, numbers),
  account_email: accountEmail,
  version: c.version,
});
