import type { AuthSession } from '@local-creators/common';
import { CALL_MAIL_MSG } from '@local-creators/common';
import {
  addAdmin,
  expectToast,
  listedCreator,
  PASSWORD,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';
import { validCall } from '../backend/test/calls/fixtures';

// Issue 40 point 3: a listed creator's dashboard lists the open calls that match the profile (and
// not the others), with the call-mail setting; at 1280 and 375 px for the screenshots.
describe('matching open calls on the dashboard', () => {
  let product: Product;
  let admin: AuthSession;
  let creator: AuthSession;
  const creatorEmail = 'maya.matching@example.com';

  async function approvedCall(email: string, title: string, niches: string[]) {
    const business = (await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201))
      .body as AuthSession;
    await product.t.sql(`update users set email_confirmed_at = now() where id = $1`, [business.user.id]);
    const call = validCall({ title, niches, followers_min: null, followers_max: null });
    const posted = await product.t
      .http()
      .post('/api/calls')
      .set('Authorization', `Bearer ${business.access_token}`)
      .send(call)
      .expect(201);
    const auth = { Authorization: `Bearer ${admin.access_token}` };
    const { version } = (await product.t.http().get(`/api/admin/calls/${posted.body.id}`).set(auth).expect(200)).body;
    await product.t
      .http()
      .put(`/api/admin/calls/${posted.body.id}`)
      .set(auth)
      .send({ action: 'approve', version })
      .expect(200);
    return posted.body.id as string;
  }

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, 'calls-admin@example.com');
    admin = (
      await product.t
        .http()
        .post('/api/auth/login')
        .send({ email: 'calls-admin@example.com', password: PASSWORD })
        .expect(200)
    ).body;
    await listedCreator(product, creatorEmail, 'Maya Brooks');
    creator = (
      await product.t.http().post('/api/auth/login').send({ email: creatorEmail, password: PASSWORD }).expect(200)
    ).body;
    await approvedCall('tacos-a@example.com', 'Three food creators for Saturday', ['Food']);
    await approvedCall('band@example.com', 'Film our band night', ['Music']);
  });
  afterAll(() => product?.close());

  it('lists the matching open call, opens it, and turns call mail off and on', async () => {
    const { page } = await product.newPage();
    await signInThroughLogin(page, creatorEmail);
    const card = page.getByTestId('open-calls-card');
    await card.getByRole('heading', { name: CALL_MAIL_MSG.heading }).waitFor();
    const calls = card.getByTestId('matching-call');
    await calls.first().waitFor();
    expect(await calls.allTextContents()).toEqual([expect.stringContaining('Three food creators for Saturday')]);
    expect(await card.getByText('Film our band night').count()).toBe(0);
    await card.getByText('$200–$400 fee').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-matching-calls-1280');
    if (process.env.SHOTS_DIR)
      await card.screenshot({ path: `${process.env.SHOTS_DIR}/dashboard-matching-calls-card-1280.png` });

    const mail = card.getByRole('switch', { name: CALL_MAIL_MSG.setting });
    expect(await mail.getAttribute('aria-checked')).toBe('true');
    await mail.click();
    await expectToast(page, CALL_MAIL_MSG.off);
    await card.getByRole('switch', { name: CALL_MAIL_MSG.setting, checked: false }).waitFor();
    expect(
      (
        await product.t
          .http()
          .get('/api/me/matching-calls')
          .set('Authorization', `Bearer ${creator.access_token}`)
          .expect(200)
      ).body.call_mail,
    ).toBe(false);
    await mail.click();
    await expectToast(page, CALL_MAIL_MSG.on);
    await card.getByRole('switch', { name: CALL_MAIL_MSG.setting, checked: true }).waitFor();

    await card.getByRole('link', { name: 'Three food creators for Saturday' }).click();
    await page.waitForURL(/\/calls\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Three food creators for Saturday' }).waitFor();
  });

  it('reads well at 375 px', async () => {
    const { page } = await product.newPage({ width: 375, height: 800 });
    await signInThroughLogin(page, creatorEmail);
    const card = page.getByTestId('open-calls-card');
    await card.getByTestId('matching-call').first().waitFor();
    // The sign-in toast sits over the card on a phone until it goes.
    await page.getByText('Welcome back!').waitFor({ state: 'hidden', timeout: 15_000 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-matching-calls-375');
    if (process.env.SHOTS_DIR)
      await card.screenshot({ path: `${process.env.SHOTS_DIR}/dashboard-matching-calls-card-375.png` });
    const overflow = await page.evaluate<boolean>(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth',
    );
    expect(overflow).toBe(false);
  });
});
