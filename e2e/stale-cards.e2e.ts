import { addAdmin, startProduct, type Product, PASSWORD, signInThroughLogin } from './support/product';

// Another admin decided first: the failed update (409) brings the cards up to date at once.
describe('cards after another admin acted first', () => {
  let product: Product;
  const adminEmail = 'stale-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  it('moves a business another admin approved out of Pending after the 409', async () => {
    const http = () => product.t.http();
    const auth = (s: { access_token: string }) => ({ Authorization: `Bearer ${s.access_token}` });
    const id = (
      await http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Raced Bakery',
          contact_name: 'Rosa Jablonski',
          contact_email: 'rosa@example.com',
          category: 'Food & Drink',
          story: `We have baked paczki in Slavic Village since 1952 and want young creators to tell our story. ${'More about us. '.repeat(10)}`,
          website_social: null,
          neighborhood: 'Slavic Village',
          type_of_help: ['Social media content'],
        })
        .expect(201)
    ).body.id as string;

    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/amplify');
    const card = page.getByRole('article', { name: 'Raced Bakery' });
    await card.waitFor();

    // The other admin declines it meanwhile.
    const other = (await http().post('/api/auth/login').send({ email: adminEmail, password: PASSWORD }).expect(200))
      .body;
    const b = (await http().get(`/api/admin/amplify-submissions/${id}`).set(auth(other)).expect(200)).body;
    await http()
      .put(`/api/admin/amplify-submissions/${id}`)
      .set(auth(other))
      .send({ status: 'declined', version: b.version })
      .expect(200);

    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('tab', { name: /Pending \(0\)/ }).waitFor();
    await page.getByRole('tab', { name: /Declined \(1\)/ }).waitFor();
    await page.getByText('No pending submissions.').waitFor();
  }, 60_000);

  it('takes an application another admin decided out of the review queue after the 409', async () => {
    const http = () => product.t.http();
    const auth = (s: { access_token: string }) => ({ Authorization: `Bearer ${s.access_token}` });
    const creator = (
      await http().post('/api/auth/signup').send({ email: 'raced@example.com', password: PASSWORD }).expect(201)
    ).body;
    const profile = {
      full_name: 'Raced Creator',
      phone: '216-555-0199',
      bio: 'Lakefront sunsets and Cleveland food.',
      neighborhood: 'Tremont',
      media_kit_url: null,
      link_hub_url: null,
      niches: ['Food'],
      platforms: [{ name: 'Instagram', handle: 'raced', url: '', followers: 900 }],
      content_types: ['Reels'],
      collab_types: ['Affiliate'],
      can_use_name_publicly: true,
    };
    const id = (await http().put('/api/me/profile').set(auth(creator)).send(profile).expect(201)).body.id as string;

    const { page } = await product.newPage();
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/review');
    const card = page.getByRole('article', { name: 'Raced Creator' });
    await card.waitFor();

    const other = (await http().post('/api/auth/login').send({ email: adminEmail, password: PASSWORD }).expect(200))
      .body;
    const c = (await http().get(`/api/admin/creators/${id}`).set(auth(other)).expect(200)).body;
    await http()
      .put(`/api/admin/creators/${id}`)
      .set(auth(other))
      .send({ approval_status: 'approved', version: c.version })
      .expect(200);

    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });
  }, 60_000);
});
