import { randomUUID } from 'node:crypto';
import { MSG, storyTitle, type AmplifySubmissionInput, type SubmissionStatus } from '@local-creators/common';
import { DomainError } from '../../../shared/domain-error';

/** A local business asking to be promoted (table amplify_submissions). */
export class AmplifySubmission {
  id: string;
  businessName: string;
  contactName: string;
  contactEmail: string;
  websiteSocial: string | null;
  title: string;
  description: string;
  category: AmplifySubmissionInput['category'];
  status: SubmissionStatus;
  featured: boolean;
  /** The city it belongs to (cities.slug). */
  citySlug: string;
  /** When the contact was told "you're featured": once per submission, however often it is switched (decision 0506). */
  featuredMailSentAt: Date | null;
  logoUrl: string | null;
  neighborhood: string | null;
  typeOfHelp: AmplifySubmissionInput['type_of_help'];
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic lock: moves on with every write; admin changes name the version they saw. */
  version: number;

  /** Created pending and not featured; the title is the story's first 100 characters (spec 3). */
  static create(input: AmplifySubmissionInput, now: Date, citySlug: string): AmplifySubmission {
    const s = new AmplifySubmission();
    s.id = randomUUID();
    s.businessName = input.business_name;
    s.contactName = input.contact_name;
    s.contactEmail = input.contact_email;
    s.websiteSocial = input.website_social;
    s.title = storyTitle(input.story);
    s.description = input.story;
    s.category = input.category;
    s.status = 'pending';
    s.featured = false;
    s.citySlug = citySlug;
    s.featuredMailSentAt = null;
    s.logoUrl = null;
    s.neighborhood = input.neighborhood;
    s.typeOfHelp = input.type_of_help;
    s.createdAt = now;
    s.updatedAt = now;
    s.version = 1;
    return s;
  }

  setLogo(url: string | null, now: Date) {
    this.logoUrl = url;
    this.updatedAt = now;
  }

  approve(now: Date) {
    this.setStatus('approved', now);
  }

  decline(now: Date) {
    this.setStatus('declined', now);
  }

  /**
   * Any change is allowed from any state (spec 4). A submission that leaves approved is also
   * un-featured: the featured page shows approved ones only, and the switch needs approval.
   */
  setStatus(status: SubmissionStatus, now: Date) {
    this.status = status;
    if (status !== 'approved') this.featured = false;
    this.updatedAt = now;
  }

  /**
   * The Featured switch works only while approved. True when the contact is to be told now: the
   * first time it is featured, never again after switching it off and on.
   */
  feature(now: Date): boolean {
    if (this.status !== 'approved') throw DomainError.conflict('AMPLIFY.NOT_APPROVED', MSG.featureNeedsApproval);
    this.featured = true;
    this.updatedAt = now;
    if (this.featuredMailSentAt) return false;
    this.featuredMailSentAt = now;
    return true;
  }

  unfeature(now: Date) {
    this.featured = false;
    this.updatedAt = now;
  }

  /** Creators can ask for an introduction only to businesses on the featured page. */
  get acceptsIntroductions() {
    return this.status === 'approved' && this.featured;
  }
}
