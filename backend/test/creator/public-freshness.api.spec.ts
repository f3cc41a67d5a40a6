import {
  formatDay,
  formatMonthYear,
  type AuthSession,
  type OwnHandleCheck,
  type PublicCreator,
} from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, type TestApp } from '../helpers/test-app';
import { approvedThroughConsole } from './fixtures';
import { CreatorPages } from '../../src/web/creator-pages';

const DAY_MS = 86_400_000;
/** `days` ago at 03:00 UTC: still the day before in the city (America/New_York, the default CITY_TIME_ZONE). */
const earlyUtc = (days: number) => {
  const d = new Date(Date.now() - days * DAY_MS);
  d.setUTCHours(3, 0, 0, 0);
  return d;
};
/** The city's day of such a moment, YYYY-MM-DD: the UTC day before. */
const dayBefore = (d: Date) => new Date(d.getTime() - DAY_MS).toISOString().slice(0, 10);

function structuredData(html: string): Record<string, any> {
  return JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
}

/**
 * Issue 28 point 3 (decision 0801): a profile says when each handle and each count was confirmed
 * and when its verification was last reviewed, in the city's calendar, in its JSON and on its
 * server-drawn page; the page's structured data carries dateModified; a handle confirmed a year
 * ago asks for a new code.
 */
describe('freshness in public', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const approvedCreator = (name: string) => approvedThroughConsole(t, admin, name);

  it('dates handles, counts and the last review in the city’s calendar, on the JSON and the drawn page', async () => {
    const c = await approvedCreator('Fran Fresh');
    const approvedLongAgo = earlyUtc(200);
    const handleConfirmed = earlyUtc(100);
    const countConfirmed = earlyUtc(30);
    await t.sql(`update creator_profiles set decided_at = $2 where id = $1`, [c.id, approvedLongAgo]);
    await t.sql(
      `update handle_checks set confirmed_at = $2, confirmed_by = 'admin@example.org' where profile_id = $1 and platform = 'Instagram'`,
      [c.id, handleConfirmed],
    );
    await t.sql(`update follower_counts set confirmed_at = $2 where profile_id = $1`, [c.id, countConfirmed]);

    const json = (await t.http().get(`/api/creators/${c.id}`).expect(200)).body as PublicCreator;
    expect(json.confirmed_handles).toEqual([
      {
        platform: 'Instagram',
        handle: 'mayaeats',
        since: handleConfirmed.toISOString(),
        on: dayBefore(handleConfirmed),
      },
    ]);
    expect(json.platforms.map((p) => [p.name, p.followers_confirmed_at, p.followers_confirmed_on])).toEqual([
      ['Instagram', countConfirmed.toISOString(), dayBefore(countConfirmed)],
      ['TikTok', countConfirmed.toISOString(), dayBefore(countConfirmed)],
    ]);
    // The last review is the latest of the approval and the handle confirmations.
    expect(json.reviewed_at).toBe(handleConfirmed.toISOString());
    expect(json.reviewed_on).toBe(dayBefore(handleConfirmed));

    const page = (await t.http().get(`/creator/${c.id}`).expect(200)).text;
    expect(page).toContain(`Handle confirmed since <!-- -->${formatMonthYear(dayBefore(handleConfirmed))}`);
    expect(page).toContain('Handle not confirmed yet');
    // Every count says when it was confirmed, fresh ones too.
    expect(page.split(`as of ${formatMonthYear(dayBefore(countConfirmed))}`).length - 1).toBe(2);
    expect(page).toContain(`Verification last reviewed on <!-- -->${formatDay(dayBefore(handleConfirmed))}`);

    const ld = structuredData(page);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      dateModified: json.modified_at,
      mainEntity: { '@type': 'Person', name: 'Fran Fresh' },
    });
    // The last change to anything the page shows: here the profile's own approval, the newest date.
    const profileRow = (
      await t.sql<{ updated_at: Date }>(`select updated_at from creator_profiles where id = $1`, [c.id])
    )[0]!;
    expect(json.modified_at).toBe(profileRow.updated_at.toISOString());
  });

  it('shows a handle confirmed a year ago as due a new check, and asks its creator for a new code', async () => {
    const c = await approvedCreator('Yara Year');
    const [, before] = (await t.http().get('/api/me/profile/handle-checks').set(bearer(c.session)).expect(200))
      .body as OwnHandleCheck[];
    const yearAgo = earlyUtc(366);
    await t.sql(
      `update handle_checks set confirmed_at = $2, confirmed_by = 'admin@example.org' where profile_id = $1`,
      [c.id, yearAgo],
    );

    const page = (await t.http().get(`/creator/${c.id}`).expect(200)).text;
    expect(
      page.split(`Handle confirmed in <!-- -->${formatMonthYear(dayBefore(yearAgo))}<!-- -->, due a new check`).length -
        1,
    ).toBe(2);
    expect(page).not.toContain('Handle confirmed since');

    const mine = (await t.http().get('/api/me/profile/handle-checks').set(bearer(c.session)).expect(200))
      .body as OwnHandleCheck[];
    expect(mine.map((x) => x.renewal_due)).toEqual([true, true]);
    expect(mine[1]!.code).not.toBe(before!.code);
  });

  it('keeps the drawn page per freshness state, so a handle turning a year old is drawn anew without any write', async () => {
    const c = await approvedCreator('Tim Turn');
    await t.sql(`update handle_checks set confirmed_at = now() - interval '300 days' where profile_id = $1`, [c.id]);
    const directory = t.app.get(CreatorPages);
    try {
      const before = (await directory.profilePage(c.id))!;
      expect(before.kept!.form('html /creator/x', () => 'drawn before')).toBe('drawn before');
      expect((await directory.profilePage(c.id))!.kept!.form('html /creator/x', () => 'drawn again')).toBe(
        'drawn before',
      );
      t.clock.advanceDays(66);
      expect((await directory.profilePage(c.id))!.kept!.form('html /creator/x', () => 'drawn a year on')).toBe(
        'drawn a year on',
      );
    } finally {
      t.clock.reset();
    }
  });
});
