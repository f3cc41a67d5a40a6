import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'ra-core';
import type { AuthSession } from '@local-creators/common';
import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

// The console's own data layer, pointed at the running API: what react-admin will see.
describe('the admin API as ra-data-simple-rest sees it', () => {
  let t: TestApp;
  let admin: AuthSession;
  let provider: ReturnType<typeof simpleRestProvider>;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.app.getHttpServer().address() as { port: number };
    admin = await signUpAdmin(t);
    provider = simpleRestProvider(
      `http://127.0.0.1:${port}/api/admin`,
      (url: string, options: fetchUtils.Options = {}) =>
        fetchUtils.fetchJson(url, {
          ...options,
          headers: new Headers({ Accept: 'application/json', Authorization: `Bearer ${admin.access_token}` }),
        }),
    );
    for (const name of ['Ra Alpha', 'Ra Beta', 'Ra Gamma']) {
      const s = await signUp(t);
      ids.push(
        (
          await t
            .http()
            .put('/api/me/profile')
            .set(bearer(s))
            .send(validProfile({ full_name: name }))
            .expect(201)
        ).body.id,
      );
    }
  });
  afterAll(() => t.close());

  it('getList pages, sorts and filters with the total from Content-Range', async () => {
    const page = await provider.getList('creators', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { approval_status: 'pending' },
    });
    expect(page.data.map((c) => c.full_name)).toEqual(['Ra Alpha', 'Ra Beta']);
    expect(page.total).toBe(3);
    const second = await provider.getList('creators', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { approval_status: 'pending' },
    });
    expect(second.data.map((c) => c.full_name)).toEqual(['Ra Gamma']);
    const byDefaultSort = await provider.getList('creators', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(byDefaultSort.total).toBe(3);
  });

  it('getOne, getMany and update apply the moderation transitions', async () => {
    const one = await provider.getOne('creators', { id: ids[0] });
    expect(one.data.full_name).toBe('Ra Alpha');
    const many = await provider.getMany('creators', { ids: [ids[1]!, ids[2]!] });
    expect(many.data.map((c) => c.id).sort()).toEqual([ids[1], ids[2]].sort());
    const updated = await provider.update('creators', {
      id: ids[0]!,
      data: { approval_status: 'approved' },
      previousData: one.data,
    });
    expect(updated.data).toMatchObject({ approval_status: 'approved', is_public: true, phone_verified: true });
    const history = await provider.getManyReference('audit-log', {
      target: 'subject_id',
      id: ids[0]!,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(history.data.map((a) => a.action)).toEqual(['approve']);
  });

  it('lists business submissions by status and features an approved one', async () => {
    const created = (
      await t
        .http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Ra Shop',
          contact_name: 'Ra',
          contact_email: 'ra@shop.test',
          category: 'Services',
          story: 'We fix bikes.',
        })
        .expect(201)
    ).body;
    const pending = await provider.getList('amplify-submissions', {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'pending' },
    });
    expect(pending.total).toBe(1);
    await provider.update('amplify-submissions', {
      id: created.id,
      data: { status: 'approved' },
      previousData: created,
    });
    const featured = await provider.update('amplify-submissions', {
      id: created.id,
      data: { featured: true },
      previousData: { ...created, status: 'approved' },
    });
    expect(featured.data).toMatchObject({ status: 'approved', featured: true });
  });
});
