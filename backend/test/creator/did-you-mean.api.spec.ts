import type { CreatorPage } from '@local-creators/common';
import { bearer, createTestApp, signUp, type TestApp } from '../helpers/test-app';
import { validProfile } from './fixtures';

/** Issue 25 (5): "Did you mean …?" when the words find nobody (decision 0250). */
describe('directory search: did you mean', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const search = async (q: string) =>
    (await t.http().get('/api/creators').query({ q }).expect(200)).body as CreatorPage;

  /** A creator with one Instagram handle, listed unless `state` says otherwise. */
  async function creator(
    key: string,
    fullName: string,
    handle: string,
    state: 'listed' | 'pending' | 'hidden' | 'rejected',
    showName = true,
  ) {
    const s = await signUp(t);
    const profile = validProfile({
      full_name: fullName,
      can_use_name_publicly: showName,
      platforms: [{ name: 'Instagram', handle, url: '', followers: 1_200 }],
    });
    const res = await t.http().put('/api/me/profile').set(bearer(s)).send(profile).expect(201);
    const listed = { approval_status: 'approved', is_public: true };
    const row = {
      listed,
      pending: { approval_status: 'pending', is_public: true },
      hidden: { ...listed, is_public: false },
      rejected: { ...listed, approval_status: 'rejected' },
    }[state];
    await t.sql(
      `update creator_profiles set approval_status = $2, is_public = $3, phone_verified = true where id = $1`,
      [res.body.id, row.approval_status, row.is_public],
    );
    ids[key] = res.body.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await creator('imani', 'Imani Brooks', 'imani_bakes', 'listed');
    await creator('kowalski', 'Piotr Kowalski', 'piotr_grills', 'listed');
    await creator('laughs', 'Secret Person', '@laughs_on_lorain', 'listed', false);
    // Close to the words, but not in the directory, or with a name kept off it.
    await creator('pending', 'Imanie Carter', 'carter_cooks', 'pending');
    await creator('hiddenProfile', 'Imanni Stone', 'stone_sings', 'hidden');
    await creator('rejected', 'Imania Price', 'price_paints', 'rejected');
    await creator('hiddenName', 'Jan Kowalsky', 'jan_bakes_bread', 'listed', false);
  });
  afterAll(() => t.close());

  it('offers the listed name close to words that found nobody, and that suggestion finds the creator', async () => {
    const imanni = await search('Imanni');
    expect(imanni).toMatchObject({ total: 0, items: [] });
    expect(imanni.suggestions).toEqual(['Imani Brooks']);
    expect((await search(imanni.suggestions[0]!)).items.map((c) => c.id)).toEqual([ids.imani]);

    // A listed creator whose name is hidden is found by her shown handle only: her name
    // ("Jan Kowalsky", exactly the words) is neither found nor offered.
    const kowalsky = await search('Kowalsky');
    expect(kowalsky).toMatchObject({ total: 0, items: [] });
    expect(kowalsky.suggestions).toEqual(['Piotr Kowalski']);
    expect((await search('Piotr Kowalski')).items.map((c) => c.id)).toEqual([ids.kowalski]);
  });

  it('offers a shown @handle as a card shows it', async () => {
    const page = await search('laughs_on_lorian');
    expect(page.total).toBe(0);
    expect(page.suggestions).toEqual(['@laughs_on_lorain']);
    expect((await search(page.suggestions[0]!)).items.map((c) => c.id)).toEqual([ids.laughs]);
  });

  it('never offers a pending, hidden or rejected creator, nor a hidden name', async () => {
    for (const q of ['Imanie Carter', 'Imanni Stone', 'Imania Price', 'Jan Kowalsky', 'Secret Persn']) {
      const page = await search(q);
      expect(page.total).toBe(0);
      for (const hidden of ['Carter', 'Stone', 'Price', 'Jan', 'Secret'])
        expect(page.suggestions.join(' ')).not.toContain(hidden);
    }
    expect((await search('Secret Persn')).suggestions).toEqual([]);
  });

  it('offers nothing when the words find someone, nothing is close, or a filter narrows the search', async () => {
    expect(await search('Imani')).toMatchObject({ total: 1, suggestions: [] });
    expect(await search('zzqxv')).toMatchObject({ total: 0, suggestions: [] });
    expect((await t.http().get('/api/creators').query({}).expect(200)).body.suggestions).toEqual([]);
    // With a filter the filter may be why nobody matched: the page says to try fewer filters.
    const filtered = (await t.http().get('/api/creators').query({ q: 'Imanni', niche: 'Food' }).expect(200))
      .body as CreatorPage;
    expect(filtered).toMatchObject({ total: 0, suggestions: [] });
  });
});
