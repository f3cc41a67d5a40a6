import { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../shared/clock';
import { ProfileCounter, ProfileCountStore, type CountRow } from './profile-counter';

class Store extends ProfileCountStore {
  batches: CountRow[][] = [];
  fail = false;
  add(rows: readonly CountRow[]) {
    if (this.fail) return Promise.reject(new Error('database away'));
    this.batches.push(rows.map((r) => ({ ...r })));
    return Promise.resolve();
  }
}

const at = (iso: string): Clock => ({ now: () => new Date(iso) });
const config = AppConfig.fromEnvironment({ NODE_ENV: 'test', STATS_FLUSH_MS: '0' });

describe('ProfileCounter', () => {
  it('adds up counts in memory and writes them as one batch, per creator, day, measure and source', async () => {
    const store = new Store();
    const counter = new ProfileCounter(store, at('2026-11-26T15:00:00Z'), config);
    for (let i = 0; i < 1000; i++) counter.count('views', 'a', 'search');
    counter.count('views', 'a', 'outside');
    counter.countList('appearances', ['a', 'b']);
    expect(store.batches).toEqual([]); // nothing written on the way
    await counter.flush();
    expect(store.batches).toHaveLength(1);
    expect(store.batches[0]).toEqual([
      { profileId: 'a', day: '2026-11-26', measure: 'views', source: 'search', n: 1000 },
      { profileId: 'a', day: '2026-11-26', measure: 'views', source: 'outside', n: 1 },
      { profileId: 'a', day: '2026-11-26', measure: 'appearances', source: '', n: 1 },
      { profileId: 'b', day: '2026-11-26', measure: 'appearances', source: '', n: 1 },
    ]);
    await counter.flush();
    expect(store.batches).toHaveLength(1); // nothing new, nothing written
  });

  it('counts a list shown again as one step and spreads it over its creators when it writes', async () => {
    const store = new Store();
    const counter = new ProfileCounter(store, at('2026-11-26T15:00:00Z'), config);
    const overview = ['a', 'b', 'c'];
    for (let i = 0; i < 500; i++) counter.countList('appearances', overview);
    counter.countList('appearances', ['b']); // another answer showing b
    counter.count('views', 'b', 'search');
    expect((counter as unknown as { keys: number }).keys).toBe(5); // three for the list, one each for the rest
    await counter.flush();
    expect(store.batches[0]).toEqual([
      { profileId: 'a', day: '2026-11-26', measure: 'appearances', source: '', n: 500 },
      { profileId: 'b', day: '2026-11-26', measure: 'appearances', source: '', n: 501 },
      { profileId: 'c', day: '2026-11-26', measure: 'appearances', source: '', n: 500 },
      { profileId: 'b', day: '2026-11-26', measure: 'views', source: 'search', n: 1 },
    ]);
  });

  it("counts on the city's day (America/New_York by default)", async () => {
    const store = new Store();
    const counter = new ProfileCounter(store, at('2026-11-27T03:00:00Z'), config);
    counter.count('views', 'a', 'direct');
    await counter.flush();
    expect(store.batches[0]![0]!.day).toBe('2026-11-26');
  });

  it('keeps what a failed flush held and writes it with the next', async () => {
    const store = new Store();
    const counter = new ProfileCounter(store, at('2026-11-26T15:00:00Z'), config);
    counter.count('views', 'a', 'direct');
    store.fail = true;
    await counter.flush();
    counter.count('views', 'a', 'direct');
    store.fail = false;
    await counter.flush();
    expect(store.batches).toEqual([[{ profileId: 'a', day: '2026-11-26', measure: 'views', source: 'direct', n: 2 }]]);
  });

  it('writes what it holds when the app stops', async () => {
    const store = new Store();
    const counter = new ProfileCounter(store, at('2026-11-26T15:00:00Z'), config);
    counter.count('views', 'a', 'direct');
    await counter.beforeApplicationShutdown();
    expect(store.batches).toHaveLength(1);
  });
});
