import type { FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { CreatorProfile } from '../../creator';
import { FollowerCount } from '../../creator';
import { HandleCheck } from '../../creator';
import { ListingChangeSubscriber } from './listing-change.subscriber';
import type { ListingVersion } from './listing-version';

const flushOf = (...entities: object[]) =>
  ({ uow: { getChangeSets: () => entities.map((entity) => ({ entity })) } }) as unknown as FlushEventArgs;
const commit = {} as TransactionEventArgs;

describe('ListingChangeSubscriber', () => {
  function setup() {
    const version = { changedHere: jest.fn() };
    return { version, subscriber: new ListingChangeSubscriber(version as unknown as ListingVersion) };
  }

  it('marks the listing changed when a flush wrote a creator profile, and again at its commit', () => {
    const { version, subscriber } = setup();
    subscriber.afterFlush(flushOf(Object.create(CreatorProfile.prototype)));
    expect(version.changedHere).toHaveBeenCalledTimes(1);
    subscriber.afterTransactionCommit(commit);
    expect(version.changedHere).toHaveBeenCalledTimes(2);
    subscriber.afterTransactionCommit(commit);
    expect(version.changedHere).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a handle check', HandleCheck],
    ['a follower count', FollowerCount],
  ])('marks the listing changed when a flush wrote %s, which a listed profile shows', (_name, fact) => {
    const { version, subscriber } = setup();
    subscriber.afterFlush(flushOf(Object.create(fact.prototype)));
    expect(version.changedHere).toHaveBeenCalledTimes(1);
  });

  it('leaves the listing alone when other data is written (a business submission, an audit row, a mail)', () => {
    const { version, subscriber } = setup();
    subscriber.afterFlush(flushOf({ kind: 'amplify submission' }, { kind: 'outbox message' }));
    subscriber.afterTransactionCommit(commit);
    expect(version.changedHere).not.toHaveBeenCalled();
  });
});
