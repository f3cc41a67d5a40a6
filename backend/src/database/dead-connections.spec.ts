import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { releaseDeadConnections } from './dead-connections';

/** A pool as pg-pool behaves: `acquire` is emitted before the client's `release` is set. */
function fakePool() {
  const pool = Object.assign(new EventEmitter(), { end: async () => undefined });
  releaseDeadConnections(pool as unknown as Pool);
  const checkOut = (client: PoolClient & EventEmitter) => {
    pool.emit('acquire', client);
    const release = jest.fn((error?: Error) => pool.emit('release', error, client));
    client.release = release;
    return release;
  };
  const client = () => new EventEmitter() as PoolClient & EventEmitter;
  return { checkOut, client };
}

describe('a connection that dies while checked out', () => {
  it('goes back to the pool with an error, and its holder releasing it later does nothing', () => {
    const { checkOut, client } = fakePool();
    const c = client();
    const release = checkOut(c);
    c.emit('end');
    expect(release).toHaveBeenCalledTimes(1);
    expect(release.mock.calls[0]![0]).toBeInstanceOf(Error);
    c.release();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('is left alone once its holder has released it', () => {
    const { checkOut, client } = fakePool();
    const c = client();
    const release = checkOut(c);
    c.release();
    c.emit('end');
    expect(release).toHaveBeenCalledTimes(1);
    expect(release.mock.calls[0]![0]).toBeUndefined();
  });

  it('is watched on every checkout, with one listener', () => {
    const { checkOut, client } = fakePool();
    const c = client();
    checkOut(c).mockClear();
    c.release();
    const second = checkOut(c);
    expect(c.listenerCount('end')).toBe(1);
    c.emit('end');
    expect(second).toHaveBeenCalledTimes(1);
  });
});
