import type { EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { ContactRequest } from '../../creator';
import { CreatorProfile } from '../../creator';
import { FollowerCount } from '../../creator';
import { HandleCheck } from '../../creator';
import { LocalAudienceCheck } from '../../creator';
import type { ListingVersion } from './listing-version';

/**
 * What a listed profile shows in public: its own row, its handles' checks and its counts' dates
 * (migration ListingFacts), and its reply time, worked out from its messages' reply marks in the
 * same transaction (decision 0710); a recorded local share is written beside its check (decision 0720).
 */
const PUBLIC_FACTS = [CreatorProfile, HandleCheck, FollowerCount, ContactRequest, LocalAudienceCheck];

/**
 * Tells the directory's listing version when this process wrote a public fact of a creator,
 * whichever module's use case flushed it (a creator's edit, a moderation decision, a handle's
 * confirmation, a count confirmed), so the writer sees the change on its very next request without
 * waiting for PostgreSQL's notification (decisions 0202 and 0222).
 *
 * A flush marks the version stale at once; inside an explicit transaction the commit comes later,
 * so the commit marks it again (a read in between may have fetched the old number). Extra marks
 * only cost one read of the version; the notification still covers every other writer.
 */
export class ListingChangeSubscriber implements EventSubscriber {
  private uncommitted = false;

  constructor(private readonly version: ListingVersion) {}

  afterFlush({ uow }: FlushEventArgs) {
    if (!uow.getChangeSets().some((cs) => PUBLIC_FACTS.some((fact) => cs.entity instanceof fact))) return;
    this.uncommitted = true;
    this.version.changedHere();
  }

  afterTransactionCommit(_args: TransactionEventArgs) {
    if (!this.uncommitted) return;
    this.uncommitted = false;
    this.version.changedHere();
  }
}
