import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  it('serves an entry while the version holds and recomputes once it moves on', async () => {
    const cache = new VersionedCache<string>(10);
    let computed = 0;
    const compute = async () => `value ${++computed}`;
    expect(await cache.get('k', 1, compute)).toBe('value 1');
    expect(await cache.get('k', 1, compute)).toBe('value 1');
    expect(await cache.get('k', 2, compute)).toBe('value 2');
    expect(computed).toBe(2);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = new VersionedCache<number>(10);
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    const results = await Promise.all([cache.get('k', 1, slow), cache.get('k', 1, slow), cache.get('k', 1, slow)]);
    expect(results).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it('keeps a newer entry when a late request computes under an older version', async () => {
    const cache = new VersionedCache<string>(10);
    await cache.get('k', 5, async () => 'new');
    expect(await cache.get('k', 4, async () => 'old')).toBe('old');
    expect(await cache.get('k', 5, async () => 'recomputed')).toBe('new');
  });

  it('forgets failed computations so the next request tries again', async () => {
    const cache = new VersionedCache<string>(10);
    await expect(cache.get('k', 1, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', 1, async () => 'ok')).toBe('ok');
  });

  it('evicts the least recently used key beyond its size', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get('a', 1, async () => 'a1');
    await cache.get('b', 1, async () => 'b1');
    await cache.get('a', 1, async () => 'unused'); // a is now the most recent
    await cache.get('c', 1, async () => 'c1'); // evicts b
    expect(cache.size).toBe(2);
    expect(await cache.get('a', 1, async () => 'a2')).toBe('a1');
    expect(await cache.get('b', 1, async () => 'b2')).toBe('b2');
  });
});
