import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimit } from '../../../shared/rate-limiter';
import { latestOf, StoredRequestLimit } from '../../../shared/stored-request-limit';
import { ContactLimits } from '../application/contact-limits';
import { creatorSql, type CreatorSql } from './creator-tables';

/**
 * The requests each limit counts, newest first, inside its window (creator-sql.snapshot.sql): the
 * indexes lead with the same expression (`lower("email")`, the profile, the client) and the time.
 * Proven and unproven senders are counted apart (decision 0840).
 */
export const contactLimitStatements = {
  fromAddress: (db: CreatorSql, email: string, proven: boolean, since: Date, limit: number) =>
    latestOf(
      db
        .selectFrom('contact_requests')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
        .where((eb) => (proven ? eb.ref('proven') : eb.not(eb.ref('proven')))),
      'created_at',
      since,
      limit,
    ),

  toCreator: (db: CreatorSql, profileId: string, proven: boolean, since: Date, limit: number) =>
    latestOf(
      db
        .selectFrom('contact_requests')
        .where('profile_id', '=', profileId)
        .where((eb) => (proven ? eb.ref('proven') : eb.not(eb.ref('proven')))),
      'created_at',
      since,
      limit,
    ),

  shortlistsOfClient: (db: CreatorSql, clientHash: string, since: Date, limit: number) =>
    latestOf(db.selectFrom('shortlists').where('client_hash', '=', clientHash), 'created_at', since, limit),

  shortlistMessagesFrom: (db: CreatorSql, email: string, since: Date, limit: number) =>
    latestOf(
      db
        .selectFrom('shortlist_messages')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)]))),
      'created_at',
      since,
      limit,
    ),
};

/** The shared sliding-window count (StoredRequestLimit.waitSeconds) on this module's tables. */
@Injectable()
export class SqlContactLimits extends ContactLimits {
  fromAddress(em: EntityManager, email: string, proven: boolean, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      contactLimitStatements.fromAddress(creatorSql(em), email, proven, since, limit).execute(),
    );
  }

  toCreator(em: EntityManager, profileId: string, proven: boolean, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      contactLimitStatements.toCreator(creatorSql(em), profileId, proven, since, limit).execute(),
    );
  }

  shortlistsOfClient(em: EntityManager, clientHash: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      contactLimitStatements.shortlistsOfClient(creatorSql(em), clientHash, since, limit).execute(),
    );
  }

  shortlistMessagesFrom(em: EntityManager, email: string, rule: RateLimit, now: Date) {
    return StoredRequestLimit.waitSeconds(rule, now, (since, limit) =>
      contactLimitStatements.shortlistMessagesFrom(creatorSql(em), email, since, limit).execute(),
    );
  }
}
