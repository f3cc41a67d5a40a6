import { addAdmin, startProduct, type Product, PASSWORD, signInThroughLogin } from './support/product';

// A long review queue: compact cards (remembered after a reload) still decide.
describe('compact review cards', () => {
  let product: Product;
  const adminEmail = 'compact-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  it('shrinks each card, keeps the choice after a reload, and still approves', async () => {
    const http = () => product.t.http();
    const creator = (
      await http().post('/api/auth/signup').send({ email: 'compact@example.com', password: PASSWORD }).expect(201)
    ).body;
    const profile = {
      full_name: 'Compact Creator',
      phone: '216-555-0199',
      bio: 'Lakefront sunsets and Cleveland food.',
      neighborhood: 'Tremont',
      media_kit_url: null,
      link_hub_url: null,
      niches: ['Food'],
      platforms: [{ name: 'Instagram', handle: 'compact', url: '', followers: 900 }],
      content_types: ['Reels'],
      collab_types: ['Affiliate'],
      can_use_name_publicly: true,
    };
    await http()
      .put('/api/me/profile')
      .set({ Authorization: `Bearer ${creator.access_token}` })
      .send(profile)
      .expect(201);

    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/review');
    const card = page.getByRole('article', { name: 'Compact Creator' });
    await card.waitFor();
    const full = (await card.boundingBox())!.height;

    await page.getByLabel('Compact cards').check();
    await page.reload();
    await card.waitFor();
    expect(await page.getByLabel('Compact cards').isChecked()).toBe(true);
    const compact = (await card.boundingBox())!.height;
    expect(compact).toBeLessThan(300);
    expect(compact).toBeLessThan(full / 2);

    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });
  }, 60_000);

  it('decides from the keyboard: j / k move, a approves, r asks before rejecting', async () => {
    const http = () => product.t.http();
    const apply = async (name: string, handle: string) => {
      const creator = (
        await http()
          .post('/api/auth/signup')
          .send({ email: `${handle}@example.com`, password: PASSWORD })
          .expect(201)
      ).body;
      await http()
        .put('/api/me/profile')
        .set({ Authorization: `Bearer ${creator.access_token}` })
        .send({
          full_name: name,
          phone: '216-555-0199',
          bio: 'Lakefront sunsets and Cleveland food.',
          neighborhood: 'Tremont',
          media_kit_url: null,
          link_hub_url: null,
          niches: ['Food'],
          platforms: [{ name: 'Instagram', handle, url: '', followers: 900 }],
          content_types: ['Reels'],
          collab_types: ['Affiliate'],
          can_use_name_publicly: true,
        })
        .expect(201);
    };
    await apply('Keyed First', 'keyedfirst');
    await apply('Keyed Second', 'keyedsecond');

    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/review');
    const first = page.getByRole('article', { name: 'Keyed First' });
    const second = page.getByRole('article', { name: 'Keyed Second' });
    await second.waitFor();

    await page.keyboard.press('j');
    await page.keyboard.press('j');
    expect(await second.getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('a');
    await second.waitFor({ state: 'detached' });
    const [row] = await product.t.sql<{ approval_status: string }>(
      `select approval_status from creator_profiles where full_name = 'Keyed Second'`,
    );
    expect(row?.approval_status).toBe('approved');

    await page.keyboard.press('k');
    expect(await first.getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('r');
    await page.getByRole('dialog').waitFor(); // the same confirmation as the Reject button
    const [still] = await product.t.sql<{ approval_status: string }>(
      `select approval_status from creator_profiles where full_name = 'Keyed First'`,
    );
    expect(still?.approval_status).toBe('pending');
  }, 60_000);
});
