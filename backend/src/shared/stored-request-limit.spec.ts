import { StoredRequestLimit, waitText } from './stored-request-limit';

describe('waitText', () => {
  it.each([
    [1, 'a minute'],
    [60, 'a minute'],
    [61, '2 minutes'],
    [3599, '60 minutes'],
    [3600, 'about an hour'],
    [5400, 'about 2 hours'],
    [86_400, 'about 24 hours'],
  ])('says a wait of %i s as "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe('StoredRequestLimit.waitSeconds', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  const rule = { limit: 3, windowSeconds: 3600 };
  const minutesAgo = (m: number) => ({ at: new Date(now.getTime() - m * 60_000) });

  it('asks for the latest `limit` requests inside the window, and lets a request through while fewer are stored', async () => {
    const asked: [Date, number][] = [];
    const wait = await StoredRequestLimit.waitSeconds(rule, now, async (since, limit) => {
      asked.push([since, limit]);
      return [minutesAgo(5), minutesAgo(30)];
    });
    expect(asked).toEqual([[new Date('2026-11-30T11:00:00.000Z'), 3]]);
    expect(wait).toBeNull();
  });

  it('waits until the oldest counted request leaves the window', async () => {
    // Counted: 5, 30 and 50 minutes ago; the one 50 minutes ago leaves in 10 minutes.
    const wait = await StoredRequestLimit.waitSeconds(rule, now, async () => [
      minutesAgo(5),
      minutesAgo(30),
      { at: new Date(now.getTime() - 50 * 60_000).toISOString() },
    ]);
    expect(wait).toBe(600);
  });

  it('waits at least a second, and the whole window when nothing is allowed', async () => {
    expect(
      await StoredRequestLimit.waitSeconds(rule, now, async () => [minutesAgo(1), minutesAgo(2), minutesAgo(60)]),
    ).toBe(1);
    expect(await StoredRequestLimit.waitSeconds({ limit: 0, windowSeconds: 900 }, now, async () => [])).toBe(900);
  });
});
