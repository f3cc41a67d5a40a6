import { FreshRead } from './fresh-read';

/** A query that reads the value as it is when sent; the test releases each answer by hand. */
function manualQuery() {
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  let value = 0;
  return {
    pending,
    setValue: (v: number) => (value = v),
    query: () => {
      const seen = value;
      return new Promise<number>((resolve, reject) => pending.push({ resolve: () => resolve(seen), reject }));
    },
  };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('FreshRead', () => {
  it('shares one query between callers that arrive while it is being prepared, never an earlier one', async () => {
    const q = manualQuery();
    const reader = new FreshRead(q.query);
    q.setValue(1);
    const first = reader.read(); // sent at once
    q.setValue(2); // the data changes after the first query was sent...
    const second = reader.read(); // ...so these must wait for a query of their own
    const third = reader.read();
    expect(q.pending).toHaveLength(1);
    q.pending[0]!.resolve(0);
    expect(await first).toBe(1);
    await tick();
    expect(q.pending).toHaveLength(2); // the queued query went out once the first returned
    q.pending[1]!.resolve(0);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('sends the queued query even when the running one fails, and recovers after failures', async () => {
    const q = manualQuery();
    const reader = new FreshRead(q.query);
    const failing = reader.read();
    const queued = reader.read();
    q.setValue(7);
    q.pending[0]!.reject(new Error('connection reset'));
    await expect(failing).rejects.toThrow('connection reset');
    await tick();
    q.pending[1]!.resolve(0);
    expect(await queued).toBe(7);
    const later = reader.read();
    await tick();
    q.pending[2]!.resolve(0);
    expect(await later).toBe(7);
  });
});
