import { MSG } from '@local-creators/common';
import { bearer, createTestApp, signUp, TestApp } from '../helpers/test-app';
import { validProfile } from './fixtures';

// Issue 25 (a), decision 0240: one rule for links. A link typed without a scheme is taken with
// https:// in front, by the profile and by the business form alike; the handle rule still holds.
describe('links typed without https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stores a profile's links with https:// in front, and still refuses another handle's link", async () => {
    const s = await signUp(t);
    const platforms = [{ name: 'Instagram', handle: '@lakeside25', url: 'instagram.com/lakeside25', followers: 900 }];
    const res = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(
        validProfile({
          platforms,
          media_kit_url: 'lakeside.example/kit.pdf',
          link_hub_url: 'linktr.ee/lakeside25',
        } as never),
      )
      .expect(201);
    expect(res.body).toMatchObject({
      platforms: [
        { name: 'Instagram', handle: '@lakeside25', url: 'https://instagram.com/lakeside25', followers: 900 },
      ],
      media_kit_url: 'https://lakeside.example/kit.pdf',
      link_hub_url: 'https://linktr.ee/lakeside25',
    });

    const other = [{ name: 'Instagram', handle: '@lakeside25', url: 'instagram.com/someoneelse', followers: 900 }];
    const refused = await t
      .http()
      .put('/api/me/profile')
      .set(bearer(s))
      .send(validProfile({ platforms: other } as never))
      .expect(400);
    expect(refused.body).toMatchObject({
      field: 'platforms.0.url',
      message: MSG.platformUrlNotHandle('Instagram', 'https://instagram.com/lakeside25'),
    });
  });

  it("stores a business's website with https:// in front, and a handle as typed", async () => {
    const business = (website_social: string, business_name: string) => ({
      business_name,
      contact_name: 'Rosa',
      contact_email: 'rosa@lakeview.test',
      category: 'Food & Drink',
      story: 'Coffee by the lake since 1990, roasted in the back room every morning.',
      website_social,
    });
    await t
      .http()
      .post('/api/amplify/submissions')
      .send(business('lakeviewcoffee.example', 'Lakeview Coffee'))
      .expect(201);
    await t.http().post('/api/amplify/submissions').send(business('@lakeviewtea', 'Lakeview Tea')).expect(201);
    const rows = await t.sql<{ business_name: string; website_social: string }>(
      `select business_name, website_social from amplify_submissions where business_name like 'Lakeview %' order by business_name`,
    );
    expect(rows).toEqual([
      { business_name: 'Lakeview Coffee', website_social: 'https://lakeviewcoffee.example' },
      { business_name: 'Lakeview Tea', website_social: '@lakeviewtea' },
    ]);
  });
});
