import type { EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { CreatorProfile } from '../domain/creator-profile';
import type { ListingVersion } from './listing-version';

/**
 * Tells the directory's listing version when this process wrote a creator profile, whichever
 * module's use case flushed it (a creator's edit, a moderation decision), so the writer sees the
 * change on its very next request without waiting for PostgreSQL's notification (decision 0202).
 *
 * A flush marks the version stale at once; inside an explicit transaction the commit comes later,
 * so the commit marks it again (a read in between may have fetched the old number). Extra marks
 * only cost one read of the version; the notification still covers every other writer.
 */
export class ListingChangeSubscriber implements EventSubscriber {
  private uncommitted = false;

  constructor(private readonly version: ListingVersion) {}

  afterFlush({ uow }: FlushEventArgs) {
    if (!uow.getChangeSets().some((cs) => cs.entity instanceof CreatorProfile)) return;
    this.uncommitted = true;
    this.version.changedHere();
  }

  afterTransactionCommit(_args: TransactionEventArgs) {
    if (!this.uncommitted) return;
    this.uncommitted = false;
    this.version.changedHere();
  }
}
