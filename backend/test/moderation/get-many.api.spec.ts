import { bearer, createTestApp, signUp, signUpAdmin, TestApp } from '../helpers/test-app';
import { validProfile } from '../creator/fixtures';

// react-admin's getMany asks for records by id: filter={"id":[...]}.
describe('admin creators by id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers exactly the requested profiles, with decided_at', async () => {
    const admin = await signUpAdmin(t);
    const ids: string[] = [];
    for (const name of ['Getmany One', 'Getmany Two', 'Getmany Three']) {
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
    await t
      .http()
      .put(`/api/admin/creators/${ids[0]}`)
      .set(bearer(admin))
      .send({ approval_status: 'approved' })
      .expect(200);
    const res = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify({ id: [ids[0], ids[2]] }) })
      .set(bearer(admin))
      .expect(200);
    expect(res.body.map((c: { id: string }) => c.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(res.body.find((c: { id: string }) => c.id === ids[0]).decided_at).toEqual(expect.any(String));
    expect(res.body.find((c: { id: string }) => c.id === ids[2]).decided_at).toBeNull();
    const none = await t
      .http()
      .get('/api/admin/creators')
      .query({ filter: JSON.stringify({ id: [] }) })
      .set(bearer(admin))
      .expect(200);
    expect(none.body).toEqual([]);
  });
});
