import { ANSWER_OVERHEAD, DirectoryCache, FORM_OVERHEAD, heldBytes, type Keep } from './directory-cache';

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

  it('keeps a search of words from its second ask on, and shares the first among the requests meanwhile (decision 0950)', async () => {
    const { cache } = cacheAt(1);
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 10));
    const once = 'when-asked-again' as const;
    const first = await Promise.all([1, 2, 3].map(() => cache.get('q', slow, undefined, undefined, once)));
    expect(first.map((a) => a.value)).toEqual([1, 1, 1]);
    expect(cache.size).toBe(0); // asked once: not kept, nothing held on the heap
    expect(cache.weight).toBe(0);
    expect(await value(cache.get('q', slow, undefined, undefined, once))).toBe(2); // asked again: computed and kept
    expect(cache.size).toBe(1);
    expect(await value(cache.get('q', slow, undefined, undefined, once))).toBe(2);
    expect(calls).toBe(2);
  });

  it('decides from the answer whether to keep it before its second ask', async () => {
    const { cache } = cacheAt(1);
    const keep = (n: number): Keep => (n > 0 ? 'always' : 'when-asked-again');
    await cache.get('counted', async () => 1001, undefined, undefined, keep);
    await cache.get('rare', async () => 0, undefined, undefined, keep);
    expect(cache.size).toBe(1); // the count, not the rare search's nothing
    let calls = 0;
    expect(await value(cache.get('counted', async () => ++calls, undefined, undefined, keep))).toBe(1001);
    await cache.get('rare', async () => 0, undefined, undefined, keep); // asked again: kept
    expect([cache.size, calls]).toEqual([2, 0]);
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
      new Promise<string>((_resolve, reject) =>
        signal.addEventListener('abort', () => ((cancelled = true), reject(signal.reason))),
      );
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

  it('keeps what the answers hold within its byte budget, the least recently used answers going first', async () => {
    // Each answer here holds 400 bytes of a form, and its value, entry and names beside them.
    const held = ANSWER_OVERHEAD + 2 + heldBytes('a') + FORM_OVERHEAD + 2 * 'html'.length + 400;
    const cache = new DirectoryCache(async () => 1, 100, 2 * held + 100);
    const page = (key: string) => cache.get(key, async () => key).then((a) => a.form('html', () => ({ weight: 400 })));
    await page('a');
    await page('b');
    expect(cache.weight).toBe(2 * held);
    await cache.get('a', async () => 'unused'); // a is now the most recent
    await page('c'); // three answers: b goes
    expect(cache.weight).toBe(2 * held);
    expect(await value(cache.get('a', async () => 'again'))).toBe('a');
    expect(await value(cache.get('b', async () => 'b again'))).toBe('b again');
  });

  it('counts the values it keeps, not only the bytes of their forms (decision 0287)', async () => {
    // A profile's shape: what the heap holds for it beside its drawn page's brotli bytes.
    const profile = {
      id: '64fc7a89-647c-4974-b136-2ef323f30cec',
      display_name: 'Creator 1',
      bio: 'Cleveland creator number 1, sharing the best food, events and people of the city.',
      niches: ['Music', 'Photography'],
      platforms: [{ name: 'TikTok', handle: 'cle1', url: '', followers: 7919, followers_confirmed_at: null }],
      created_at: '2026-11-29T05:12:59.339Z',
    };
    const cache = new DirectoryCache(async () => 1, 100);
    const answer = await cache.get('profile 64fc7a89-647c-4974-b136-2ef323f30cec', async () => profile);
    const valueOnly = cache.weight;
    expect(valueOnly).toBeGreaterThanOrEqual(ANSWER_OVERHEAD + heldBytes(profile));
    expect(heldBytes(profile)).toBeGreaterThan(JSON.stringify(profile).length);
    // A form that refers to the value (a page's data) counts what it adds, not the value again.
    answer.form('page', () => ({ meta: { title: profile.display_name }, data: [[['creator', profile.id], profile]] }));
    expect(cache.weight - valueOnly).toBeLessThan(FORM_OVERHEAD + heldBytes(profile));
    expect(cache.weight - valueOnly).toBeGreaterThan(FORM_OVERHEAD);
  });
});

describe('heldBytes', () => {
  it('estimates strings by their characters, two bytes each beyond Latin-1, and objects by their properties', () => {
    expect(heldBytes('abcdefgh')).toBe(24);
    expect(heldBytes('é'.repeat(8))).toBe(24);
    expect(heldBytes('ł'.repeat(8))).toBe(32);
    expect(heldBytes({ a: 1, b: null })).toBe(24 + 16);
    expect(heldBytes([1.5])).toBe(32 + 8 + 16);
    expect(heldBytes(Buffer.alloc(1000))).toBe(1096);
    const shared = { s: 'x'.repeat(100) };
    expect(heldBytes([shared, shared])).toBe(32 + 16 + heldBytes(shared));
  });
});
