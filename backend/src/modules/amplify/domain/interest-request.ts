import { randomUUID } from 'node:crypto';
import type { InterestRequestInput } from '@local-creators/common';

/** A creator's request for an introduction to a featured business (table amplify_interest_requests). */
export class InterestRequest {
  id: string;
  submissionId: string;
  creatorName: string;
  creatorEmail: string;
  creatorLinks: string | null;
  message: string | null;
  createdAt: Date;

  static create(submissionId: string, input: InterestRequestInput, now: Date): InterestRequest {
    const r = new InterestRequest();
    r.id = randomUUID();
    r.submissionId = submissionId;
    r.creatorName = input.creator_name;
    r.creatorEmail = input.creator_email;
    r.creatorLinks = input.creator_links;
    r.message = input.message;
    r.createdAt = now;
    return r;
  }
}
