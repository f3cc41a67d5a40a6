import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { StoredRequestLimit } from '../../../shared/stored-request-limit';
import { ContactLimits } from '../application/contact-limits';

/** Proven and unproven senders are counted apart (decision 0840). */
const kind = (proven: boolean) => (proven ? '"proven"' : 'not "proven"');

/** The conditions of the shared sliding-window count (StoredRequestLimit.waitSeconds), on this module's tables. */
@Injectable()
export class SqlContactLimits extends ContactLimits {
  fromAddress(em: EntityManager, email: string, proven: boolean, rule: RateLimit, now: Date) {
    const where = `lower("email") = lower(?) and ${kind(proven)}`;
    return StoredRequestLimit.waitSeconds(em, 'contact_requests', 'created_at', where, email, rule, now);
  }

  toCreator(em: EntityManager, profileId: string, proven: boolean, rule: RateLimit, now: Date) {
    const where = `"profile_id" = ? and ${kind(proven)}`;
    return StoredRequestLimit.waitSeconds(em, 'contact_requests', 'created_at', where, profileId, rule, now);
  }

  shortlistsOfClient(em: EntityManager, clientHash: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(em, 'shortlists', 'created_at', '"client_hash" = ?', clientHash, rule, now);
  }

  shortlistMessagesFrom(em: EntityManager, email: string, rule: RateLimit, now: Date) {
    const where = 'lower("email") = lower(?)';
    return StoredRequestLimit.waitSeconds(em, 'shortlist_messages', 'created_at', where, email, rule, now);
  }
}
