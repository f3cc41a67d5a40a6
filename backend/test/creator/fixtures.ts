import type { AuthSession, ProfileInput } from '@local-creators/common';
import { bearer, signUp, type TestApp } from '../helpers/test-app';

export const validProfile = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  full_name: 'Maya Brooks',
  phone: '(216) 555-0101',
  bio: 'Food and family adventures around Cleveland.',
  neighborhood: 'Tremont',
  media_kit_url: 'https://maya.example.com/kit.pdf',
  link_hub_url: null,
  niches: ['Food', 'Family'],
  platforms: [
    { name: 'Instagram', handle: 'mayaeats', url: 'https://instagram.com/mayaeats', followers: 12_500 },
    { name: 'TikTok', handle: 'mayaeats', url: '', followers: 3_000 },
  ],
  content_types: ['Reels', 'Photo'],
  collab_types: ['Sponsored Post'],
  can_use_name_publicly: true,
  ...overrides,
});

/**
 * A new account with a profile named `fullName`; `listed` (the default) makes it approved, public
 * and phone verified in the database, as an admin's approval would.
 */
export async function creatorWithProfile(t: TestApp, fullName: string, state: 'listed' | 'pending' = 'listed') {
  const session = await signUp(t);
  const { body } = await t
    .http()
    .put('/api/me/profile')
    .set(bearer(session))
    .send(validProfile({ full_name: fullName }))
    .expect(201);
  if (state === 'listed')
    await t.sql(
      `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true, decided_at = coalesce(decided_at, now()) where id = $1`,
      [body.id],
    );
  return { id: body.id as string, name: fullName, session, email: session.user.email };
}

/**
 * A new application approved through the console's own call by `admin`: approved, public, phone
 * verified and dated by the decision, as a real approval leaves it.
 */
export async function approvedThroughConsole(t: TestApp, admin: AuthSession, fullName: string) {
  const c = await creatorWithProfile(t, fullName, 'pending');
  const { version } = (await t.http().get(`/api/admin/creators/${c.id}`).set(bearer(admin)).expect(200)).body;
  await t
    .http()
    .put(`/api/admin/creators/${c.id}`)
    .set(bearer(admin))
    .send({ approval_status: 'approved', version })
    .expect(200);
  return c;
}
