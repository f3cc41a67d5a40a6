import { addAdmin, startProduct, type Product, PASSWORD } from './support/product';

// The audit trail names its subjects (the creator's name, the business's name) and a business
// entry opens that business, not just the list.
describe('the audit trail', () => {
  let product: Product;
  const adminEmail = 'audit-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  it('names the creator and the business, and links the business entry to that business', async () => {
    const http = () => product.t.http();
    const auth = (s: { access_token: string }) => ({ Authorization: `Bearer ${s.access_token}` });
    const admin = (await http().post('/api/auth/login').send({ email: adminEmail, password: PASSWORD }).expect(200))
      .body;
    const creator = (
      await http().post('/api/auth/signup').send({ email: 'named@example.com', password: PASSWORD }).expect(201)
    ).body;
    const profile = {
      full_name: 'Named Creator',
      phone: '216-555-0199',
      bio: 'Lakefront sunsets and Cleveland food.',
      neighborhood: 'Tremont',
      media_kit_url: null,
      link_hub_url: null,
      niches: ['Food'],
      platforms: [{ name: 'Instagram', handle: 'named', url: '', followers: 900 }],
      content_types: ['Reels'],
      collab_types: ['Affiliate'],
      can_use_name_publicly: true,
    };
    const creatorId = (await http().put('/api/me/profile').set(auth(creator)).send(profile).expect(201)).body
      .id as string;
    const c = (await http().get(`/api/admin/creators/${creatorId}`).set(auth(admin)).expect(200)).body;
    await http()
      .put(`/api/admin/creators/${creatorId}`)
      .set(auth(admin))
      .send({ approval_status: 'approved', version: c.version })
      .expect(200);

    // Enough businesses that the decided one is not on screen at first.
    const submit = (name: string) =>
      http()
        .post('/api/amplify/submissions')
        .send({
          business_name: name,
          contact_name: 'Rosa Jablonski',
          contact_email: 'rosa@example.com',
          category: 'Food & Drink',
          story: `We have baked paczki in Slavic Village since 1952 and want young creators to tell our story. ${'More about us. '.repeat(10)}`,
          website_social: null,
          neighborhood: 'Slavic Village',
          type_of_help: ['Social media content'],
        })
        .expect(201);
    const target = (await submit('Audited Bakery')).body.id as string;
    for (let i = 0; i < 6; i++) await submit(`Later Business ${i}`);
    const b = (await http().get(`/api/admin/amplify-submissions/${target}`).set(auth(admin)).expect(200)).body;
    await http()
      .put(`/api/admin/amplify-submissions/${target}`)
      .set(auth(admin))
      .send({ status: 'approved', version: b.version })
      .expect(200);

    const { page } = await product.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('/admin/audit-log');
    await page.getByRole('link', { name: 'Named Creator' }).waitFor();
    await page.getByRole('link', { name: 'Audited Bakery' }).click();
    await page.waitForURL(new RegExp(`/admin/amplify\\?focus=${target}$`));
    const card = page.getByRole('article', { name: 'Audited Bakery' });
    await card.waitFor();
    // Scrolled to it: the card's top is inside the window.
    await page.waitForFunction((id) => {
      const w = globalThis as unknown as {
        innerHeight: number;
        document: { getElementById(id: string): { getBoundingClientRect(): { top: number } } | null };
      };
      const el = w.document.getElementById(`submission-${id}`);
      if (!el) return false;
      const top = el.getBoundingClientRect().top;
      return top >= 0 && top < w.innerHeight;
    }, target);
  }, 90_000);
});
