import type { WebhookDeliveryPayload } from './webhook';

/**
 * Every notification the product sends and what it carries. Field names of the two "notify-*"
 * kinds are the spec's function arguments (spec point 7).
 */
export interface NotificationPayloads {
  'password-recovery': { email: string; link: string };
  /**
   * To an address the operator made an admin before it had an account (decision 0662): who
   * invited, for which cities (their names; null for every city) and the link that sets a password.
   */
  'admin-invitation': { email: string; link: string; invitedBy: string; cities: string[] | null; linkHours: number };
  /** To a new account's address: the link that proves it (decision 0508). */
  'email-confirmation': { email: string; link: string };
  'notify-new-registration': {
    /** The city the record belongs to: only its admins are mailed (decision 0601); absent in messages queued before cities. */
    citySlug?: string;
    creatorName: string;
    creatorEmail: string;
    creatorPhone: string;
    creatorCity: string;
    creatorNiches: string[];
    profileId: string;
  };
  'notify-amplify-submission': {
    /** The city the record belongs to: only its admins are mailed (decision 0601); absent in messages queued before cities. */
    citySlug?: string;
    businessName: string;
    contactName: string;
    contactEmail: string;
    title: string;
    description: string;
    category: string;
    websiteSocial: string | null;
    submissionId: string;
  };
  'amplify-interest': {
    /** The business's city: its link leads to that city's featured page (decision 0654); absent in messages queued before. */
    citySlug?: string;
    submissionId: string;
    businessName: string;
    contactName: string;
    contactEmail: string;
    creatorName: string;
    creatorEmail: string;
    creatorLinks: string | null;
    message: string | null;
  };
  /** To the address a visitor's introduction request names: the single-use link (decision 0110). */
  'amplify-interest-confirm': {
    submissionId: string;
    businessName: string;
    email: string;
    token: string;
  };
  /** To the address a brand gave for a message to a whole shortlist: the single-use link (decision 0702). */
  'shortlist-message-confirm': {
    shortlistMessageId: string;
    email: string;
    creators: number;
    token: string;
  };
  'creator-approved': { email: string; name: string; profileId: string };
  /** `citySlug`: the creator's city, whose apply page the mail links to (decision 0654); absent in messages queued before. */
  'creator-rejected': { email: string; name: string; notes: string | null; citySlug?: string };
  /** To an approved creator whose phone verification an admin turned off, or on again (decision 0506). */
  'creator-phone-verification': {
    email: string;
    name: string;
    profileId: string;
    verified: boolean;
    citySlug?: string;
  };
  /** To the admins: an approved (listed) creator changed the profile since it was verified. */
  'approved-creator-changed': {
    /** The city the record belongs to: only its admins are mailed (decision 0601); absent in messages queued before cities. */
    citySlug?: string;
    creatorName: string;
    creatorEmail: string;
    profileId: string;
    changes: { label: string; before: string | null; after: string | null }[];
  };
  /** To the creator, when the application is first submitted (decision 0118). */
  'creator-application-received': {
    email: string;
    name: string;
    /** The codes that prove each handle (decision 0502); absent in messages queued before them. */
    handleCodes?: { platform: string; handle: string; code: string }[];
  };
  /** To the admins: a rejected creator changed the application (status stays rejected; decision 0117). */
  'rejected-creator-updated': { creatorName: string; creatorEmail: string; profileId: string; citySlug?: string };
  /** To the business's contact: the application arrived, was approved, declined or featured (decision 0119). */
  'amplify-submission-received': BusinessContact;
  'amplify-approved': BusinessContact;
  'amplify-declined': BusinessContact;
  'amplify-featured': BusinessContact;
  /** To the admins: a creator changed or removed a handle an admin had confirmed; its confirmation is gone (decision 0502). */
  'handle-confirmation-cleared': {
    /** The city the record belongs to: only its admins are mailed (decision 0601); absent in messages queued before cities. */
    citySlug?: string;
    creatorName: string;
    creatorEmail: string;
    profileId: string;
    handles: { platform: string; before: string; after: string | null; link?: { before: string; after: string } }[];
  };
  /** To the admins: a creator's follower count more than doubled at once (decision 0503). */
  'follower-jump': {
    /** The city the record belongs to: only its admins are mailed (decision 0601); absent in messages queued before cities. */
    citySlug?: string;
    creatorName: string;
    creatorEmail: string;
    profileId: string;
    jumps: { platform: string; handle: string; before: number; after: number }[];
  };
  /** To a creator: counts confirmed 90 or more days ago; still right? (decision 0503) */
  'followers-reconfirm': {
    email: string;
    name: string;
    counts: { platform: string; handle: string; followers: number; confirmedAt: string }[];
  };
  /** To a creator: an admin did not accept the local audience screenshot, and why (decision 0720). */
  'local-audience-rejected': { email: string; name: string; platform: string; reason: string };
  /** To a creator: a brand wrote through the profile's Contact form, reply-to the brand (decision 0501). */
  'creator-contact': {
    profileId: string;
    creatorName: string;
    creatorEmail: string;
    brandName: string;
    brandEmail: string;
    budgetRange: string | null;
    message: string;
    /** The creator's one-click "I replied" link's secret (decision 0710); absent in mails queued before it. */
    replyToken?: string;
  };
  /**
   * To a proven brand (decision 0841): their message to a creator was passed on, with the "They
   * replied" link's secret. Our words only, never the message.
   */
  'contact-brand-copy': {
    profileId: string;
    creatorName: string;
    email: string;
    token: string;
  };
  /**
   * To a listed creator: open calls that match their profile (issue 40 point 3, decision 0911), one
   * call when mailed at its approval, several in the next day's digest. `token` is the account's
   * one-click unsubscribe token (decision 0912).
   */
  'call-match': {
    email: string;
    name: string;
    token: string;
    calls: { id: string; citySlug: string; title: string; businessName: string; offerText: string; deadline: string }[];
  };
  /**
   * To a creator the call's business picked (issue 40 point 4, decision 0917): who picked them and,
   * as the contact relay does, Reply-To the business's proven address; the creator's address stays
   * private until they reply.
   */
  'call-answer-picked': {
    email: string;
    name: string;
    callId: string;
    citySlug: string;
    title: string;
    businessName: string;
    businessEmail: string;
  };
  /** To a creator who answered and was not picked, once the business told the others or the call closed (decision 0916). */
  'call-answer-not-picked': {
    email: string;
    name: string;
    callId: string;
    citySlug: string;
    title: string;
    businessName: string;
  };
  /** Not a mail: one event to one partner's webhook, paced and retried as mail is (decision 0810). */
  webhook: WebhookDeliveryPayload;
}

interface BusinessContact {
  /** The business's city: its links lead to that city's pages (decision 0654); absent in messages queued before. */
  citySlug?: string;
  submissionId: string;
  businessName: string;
  contactName: string;
  contactEmail: string;
}

export type NotificationKind = keyof NotificationPayloads;
