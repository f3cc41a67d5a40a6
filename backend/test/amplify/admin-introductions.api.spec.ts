import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';

// Admins see the introduction requests (confirmed or still waiting for the requester's link), with
// counts per business; creators do not; the token hash never leaves the server.
describe('admin view of introduction requests', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  it('lists requests newest first with the business name and state, and counts them per business', async () => {
    const submit = async (name: string) =>
      (
        await t
          .http()
          .post('/api/amplify/submissions')
          .send({
            business_name: name,
            contact_name: 'Olga',
            contact_email: 'olga@shop.test',
            category: 'Services',
            story: 'We fix bikes.',
          })
          .expect(201)
      ).body.id as string;
    const a = await submit('Bike Fixers');
    const b = await submit('Lattes Inc');
    const insert = (submissionId: string, name: string, minutesAgo: number, confirmed: boolean) =>
      t.sql(
        `insert into amplify_interest_requests (id, submission_id, creator_name, creator_email, creator_links, message, created_at, confirmed_at, confirm_token_hash, confirm_expires_at)
         values (gen_random_uuid(), $1, $2, $3, null, 'Hello', now() - make_interval(mins => $4), $5, $6, now() + interval '1 day')`,
        [
          submissionId,
          name,
          `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
          minutesAgo,
          confirmed ? new Date() : null,
          confirmed ? null : 'f'.repeat(64),
        ],
      );
    await insert(a, 'Maya', 30, true);
    await insert(a, 'Noor', 20, false);
    await insert(b, 'Ollie', 10, true);

    const list = await t.http().get('/api/admin/introduction-requests').set(bearer(admin)).expect(200);
    expect(list.headers['content-range']).toBe('introduction-requests 0-2/3');
    expect(list.body.map((r: { creator_name: string }) => r.creator_name)).toEqual(['Ollie', 'Noor', 'Maya']);
    expect(list.body[1]).toMatchObject({
      submission_id: a,
      business_name: 'Bike Fixers',
      creator_email: 'noor@example.com',
      message: 'Hello',
      status: 'unconfirmed',
      confirmed_at: null,
    });
    expect(list.body[2]).toMatchObject({ status: 'confirmed', confirmed_at: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain('ffff');

    const onlyA = await t
      .http()
      .get('/api/admin/introduction-requests')
      .query({ filter: JSON.stringify({ submission_id: a, status: 'confirmed' }) })
      .set(bearer(admin))
      .expect(200);
    expect(onlyA.body.map((r: { creator_name: string }) => r.creator_name)).toEqual(['Maya']);

    const counts = await t.http().get('/api/admin/introduction-requests/by-business').set(bearer(admin)).expect(200);
    expect(counts.body).toEqual([
      { submission_id: a, city_slug: 'cleveland', business_name: 'Bike Fixers', confirmed: 1, unconfirmed: 1 },
      { submission_id: b, city_slug: 'cleveland', business_name: 'Lattes Inc', confirmed: 1, unconfirmed: 0 },
    ]);

    await t
      .http()
      .get('/api/admin/introduction-requests')
      .query({ filter: JSON.stringify({ submission_id: 'nope' }) })
      .set(bearer(admin))
      .expect(400);
    await t
      .http()
      .get('/api/admin/introduction-requests')
      .query({ filter: JSON.stringify({ status: 'bogus' }) })
      .set(bearer(admin))
      .expect(400);
  });

  it('refuses creators', async () => {
    const creator = await signUp(t);
    await t.http().get('/api/admin/introduction-requests').set(bearer(creator)).expect(403);
    await t.http().get('/api/admin/introduction-requests/by-business').set(bearer(creator)).expect(403);
  });
});
