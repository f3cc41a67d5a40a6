import { DirectoryCache } from './directory-cache';

/** A cache whose listing version the test moves by hand. */
function cacheAt(initial: number, maxEntries = 10) {
  const listing = { version: initial };
  return { listing, cache: new DirectoryCache(async () => listing.version, maxEntries) };
}
const value = async <T>(answer: Promise<{ value: T }>) => (await answer).value;

describe('DirectoryCache', () => {
  it('serves an answer while the listing version holds and computes it again once the version moves on', async () => {
    const { listing, cache } = cacheAt(1);
    let computed = 0;
    const compute = async () => `answer ${++computed}`;
    expect(await value(cache.get('k', compute))).toBe('answer 1');
    expect(await value(cache.get('k', compute))).toBe('answer 1');
    listing.version = 2;
    expect(await value(cache.get('k', compute))).toBe('answer 2');
    expect(computed).toBe(2);
  });

  it('shares one computation between concurrent requests', async () => {
    const { cache } = cacheAt(1);
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    const answers = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(answers.map((a) => a.value)).toEqual([1, 1, 1]);
    expect(new Set(answers).size).toBe(1); // the same answer object, so its forms are made once
    expect(calls).toBe(1);
  });

  it('keeps the newer answer when a late request computes under an older version', async () => {
    let version = 5;
    const cache = new DirectoryCache(async () => version, 10);
    await cache.get('k', async () => 'new');
    version = 4; // a request that read the version just before it moved
    expect(await value(cache.get('k', async () => 'old'))).toBe('old');
    version = 5;
    expect(await value(cache.get('k', async () => 'recomputed'))).toBe('new');
  });

  it('forgets a failed computation, so the next request tries again', async () => {
    const { cache } = cacheAt(1);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await value(cache.get('k', async () => 'ok'))).toBe('ok');
  });

  it('evicts the least recently used key beyond its size', async () => {
    const { cache } = cacheAt(1, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'unused'); // a is now the most recent
    await cache.get('c', async () => 'c1'); // evicts b
    expect(cache.size).toBe(2);
    expect(await value(cache.get('a', async () => 'a2'))).toBe('a1');
    expect(await value(cache.get('b', async () => 'b2'))).toBe('b2');
  });

  it('cancels a computation once every request waiting for it has gone, and not before', async () => {
    const { cache } = cacheAt(1);
    let cancelled = false;
    const never = (signal: AbortSignal) =>
      new Promise<string>((_resolve, reject) => signal.addEventListener('abort', () => ((cancelled = true), reject(signal.reason))));
    const [first, second] = [new AbortController(), new AbortController()];
    const a = cache.get('k', never, first.signal);
    const b = cache.get('k', never, second.signal);
    await new Promise((r) => setImmediate(r));
    first.abort(new Error('first client went away'));
    await new Promise((r) => setImmediate(r));
    expect(cancelled).toBe(false);
    second.abort(new Error('second client went away'));
    await expect(b).rejects.toThrow('second client went away');
    await expect(a).rejects.toThrow();
    expect(cancelled).toBe(true);
    // Nothing of the cancelled computation is kept.
    expect(await value(cache.get('k', async () => 'computed again'))).toBe('computed again');
  });

  it('makes each form of an answer once and keeps it with the answer', async () => {
    const { listing, cache } = cacheAt(1);
    let made = 0;
    const jsonOf = async () => (await cache.get('k', async () => ({ n: 1 }))).form('json', () => `${++made}`);
    expect(await jsonOf()).toBe('1');
    expect(await jsonOf()).toBe('1');
    listing.version = 2; // a new answer, with forms of its own
    expect(await jsonOf()).toBe('2');
  });

  it('keeps the forms within its byte budget, the least recently used answers going first', async () => {
    const cache = new DirectoryCache(async () => 1, 100, 1_000);
    const page = (key: string) => cache.get(key, async () => key).then((a) => a.form('html', () => ({ weight: 400 })));
    await page('a');
    await page('b');
    await cache.get('a', async () => 'unused'); // a is now the most recent
    await page('c'); // 1,200 bytes: b goes
    expect(cache.weight).toBe(800);
    expect(await value(cache.get('a', async () => 'again'))).toBe('a');
    expect(await value(cache.get('b', async () => 'b again'))).toBe('b again');
  });
});
