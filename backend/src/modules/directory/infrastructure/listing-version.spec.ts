import { KeptVersion } from './listing-version';

/** A database value and a count of the queries that read it; each query answers at once. */
function database(initial: number) {
  const db = { value: initial, queries: 0, query: async () => (db.queries++, db.value) };
  return db;
}

describe('KeptVersion', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => (clock = 0));

  it('asks the database on every read until announcements are known to arrive', async () => {
    const db = database(1);
    const version = new KeptVersion(db.query, 1_000, now);
    expect(await version.read()).toBe(1);
    db.value = 2;
    expect(await version.read()).toBe(2);
    expect(db.queries).toBe(2);
  });

  it('keeps the value while listening, and reads it again after each announced change', async () => {
    const db = database(1);
    const version = new KeptVersion(db.query, 1_000, now);
    version.setListening(true);
    await version.read();
    await version.read();
    await version.read();
    expect(db.queries).toBe(1);

    db.value = 2;
    version.changed();
    expect(await version.read()).toBe(2);
    expect(await version.read()).toBe(2);
    expect(db.queries).toBe(2);
  });

  it('does not keep an answer when a change was announced while its query was on the wire', async () => {
    const db = database(1);
    const version = new KeptVersion(
      async () => {
        const seen = await db.query();
        db.value = 2;
        version.changed(); // committed after the query read 1, announced before its answer arrived
        return seen;
      },
      1_000,
      now,
    );
    version.setListening(true);
    expect(await version.read()).toBe(1);
    expect(await version.read()).toBe(2);
  });

  it('trusts nothing it kept once the listener is lost', async () => {
    const db = database(1);
    const version = new KeptVersion(db.query, 1_000, now);
    version.setListening(true);
    await version.read();
    db.value = 2; // the announcement is lost with the connection
    version.setListening(false);
    expect(await version.read()).toBe(2);
    expect(await version.read()).toBe(2);
    expect(db.queries).toBe(3);
  });

  it('reads again once the kept value is older than its maximum age, even without an announcement', async () => {
    const db = database(1);
    const version = new KeptVersion(db.query, 1_000, now);
    version.setListening(true);
    await version.read();
    db.value = 2; // a notification that never arrives
    clock = 999;
    expect(await version.read()).toBe(1);
    clock = 1_000;
    expect(await version.read()).toBe(2);
  });
  it('shares one query between readers of one generation, and sends a new one for readers after a change', async () => {
    const db = database(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const version = new KeptVersion(
      async () => {
        const seen = await db.query(); // the value as it was when the query was sent
        await gate;
        return seen;
      },
      1_000,
      now,
    );
    const first = version.read();
    const second = version.read();
    version.changed(); // this process wrote: whoever reads now must not get the query sent before
    db.value = 2;
    const third = version.read();
    release();
    expect(await Promise.all([first, second, third])).toEqual([1, 1, 2]);
    expect(db.queries).toBe(2);
  });
});
