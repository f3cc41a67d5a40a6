import { MSG, type AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUpAdmin, TestApp } from '../helpers/test-app';

const business = (name: string, extra: Record<string, unknown> = {}) => ({
  business_name: name,
  contact_name: 'Al',
  contact_email: 'al@limits.test',
  category: 'Services',
  story: 'We fix bikes in Ohio City.',
  ...extra,
});

/**
 * The public forms are limited per client address (RATE_LIMIT_PUBLIC_FORMS, here 2 per minute).
 * Loopback is configured as the proxy, so X-Forwarded-For names the client.
 */
describe('amplify rate limits', () => {
  let t: TestApp;
  let admin: AuthSession;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_FORMS: '2/60', TRUST_PROXY: 'loopback' } });
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  const count = async (name: string) =>
    (await t.sql('select 1 from amplify_submissions where business_name = $1', [name])).length;

  it('answers 429 after the limit, per address, and stores nothing then', async () => {
    await t.http().post('/api/amplify/submissions').set(from('203.0.113.1')).send(business('Limit One')).expect(201);
    await t
      .http()
      .post('/api/amplify/submissions')
      .set(from('203.0.113.1'))
      .send(business('Limit Two', { company_website: 'bot' }))
      .expect(201); // honeypots count too
    const refused = await t
      .http()
      .post('/api/amplify/submissions')
      .set(from('203.0.113.1'))
      .send(business('Limit Three'))
      .expect(429);
    expect(refused.body.message).toBe(MSG.tooManyRequests(1));
    expect(await count('Limit Three')).toBe(0);
    await t
      .http()
      .post('/api/amplify/submissions')
      .set(from('203.0.113.2'))
      .send(business('Other Address'))
      .expect(201);
  });

  it('limits introduction requests in their own bucket', async () => {
    const s = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .set(from('203.0.113.9'))
        .send(business('Intro Limits'))
        .expect(201)
    ).body;
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ status: 'approved' })
      .expect(200);
    await t
      .http()
      .put(`/api/admin/amplify-submissions/${s.id}`)
      .set(bearer(admin))
      .send({ featured: true })
      .expect(200);
    const ask = () =>
      t
        .http()
        .post(`/api/amplify/submissions/${s.id}/interest`)
        .set(from('203.0.113.1'))
        .send({ creator_name: 'Maya', creator_email: 'maya@example.com' });
    await ask().expect(201); // 203.0.113.1 used up its submissions, not its introductions
    await ask().expect(201);
    await ask().expect(429);
    expect(await t.sql('select 1 from amplify_interest_requests where submission_id = $1', [s.id])).toHaveLength(2);
  });
});
