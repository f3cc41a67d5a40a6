import { CALL_ANSWER_MSG, type AdminCall, type AuthSession } from '@local-creators/common';
import { validCall } from '../backend/test/calls/fixtures';
import {
  expectToast,
  listedCreator,
  PASSWORD,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

// Issue 40 point 4: a listed creator answers a call on its page (the note's error shown on the
// field first), the business reads the answer with the creator's facts on "My calls", saves them
// to its shortlist and picks them; at 1280 and 375 px for the screenshots.
describe('answers to a call in the browser', () => {
  let product: Product;
  let business: AuthSession;
  let callId: string;

  beforeAll(async () => {
    product = await startProduct();
    const signUp = async (email: string) =>
      (await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201))
        .body as AuthSession;
    business = await signUp('bakery@example.com');
    const admin = await signUp('answers-admin@example.com');
    await product.t.sql(`update users set email_confirmed_at = now() where id = any($1::uuid[])`, [[business.user.id]]);
    await product.t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [
      admin.user.id,
    ]);
    const adminSession = (
      await product.t
        .http()
        .post('/api/auth/login')
        .send({ email: 'answers-admin@example.com', password: PASSWORD })
        .expect(200)
    ).body as AuthSession;
    const posted = await product.t
      .http()
      .post('/api/calls')
      .set('Authorization', `Bearer ${business.access_token}`)
      .send(validCall({ business_name: 'Tremont Bakery', title: 'Two food creators for our opening' }))
      .expect(201);
    callId = posted.body.id;
    const { version } = (
      await product.t
        .http()
        .get(`/api/admin/calls/${callId}`)
        .set('Authorization', `Bearer ${adminSession.access_token}`)
        .expect(200)
    ).body as AdminCall;
    await product.t
      .http()
      .put(`/api/admin/calls/${callId}`)
      .set('Authorization', `Bearer ${adminSession.access_token}`)
      .send({ action: 'approve', version })
      .expect(200);
  });
  afterAll(() => product?.close());

  it('a listed creator answers; the business sees the facts, saves and picks', async () => {
    const maya = await listedCreator(product, 'maya-answers@example.com', 'Maya Brooks');
    await product.t.sql(`update users set email_confirmed_at = now() where email = $1`, [maya.email]);

    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width });
      await signInThroughLogin(page, maya.email);
      await page.goto(`/calls/${callId}`);
      // The form until the creator has answered, then their answer and its status.
      await page
        .getByRole('heading', { name: width === 1280 ? CALL_ANSWER_MSG.answer : CALL_ANSWER_MSG.yourAnswer })
        .waitFor({ timeout: 20_000 });
      if (width === 1280) {
        // Empty: the error beside the field, before anything is sent.
        await page.getByRole('button', { name: CALL_ANSWER_MSG.answer }).click();
        await page.getByText(CALL_ANSWER_MSG.noteRequired, { exact: true }).first().waitFor();
        await shot(page, 'call-answer-error-1280');
        await page
          .getByLabel(CALL_ANSWER_MSG.noteLabel)
          .fill('I film food reels in Tremont every week; happy to come Saturday.');
        await page.getByRole('button', { name: CALL_ANSWER_MSG.answer }).click();
        await expectToast(page, CALL_ANSWER_MSG.sent);
        await page.getByRole('heading', { name: CALL_ANSWER_MSG.yourAnswer }).waitFor();
      }
      await shot(page, `call-answer-sent-${width}`);
      await context.close();
    }

    for (const width of [1280, 375]) {
      const { page, context } = await product.newPage({ width });
      await signInThroughLogin(page, 'bakery@example.com');
      await page.goto('/calls/mine');
      const answer = page.getByTestId('call-answer').first();
      await answer.getByRole('link', { name: 'Maya Brooks' }).waitFor();
      await answer.getByText('I film food reels in Tremont').waitFor();
      await answer.getByText('Usually replies', { exact: false }).or(answer.getByText('Verified')).first().waitFor();
      if (width === 1280) {
        await answer.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Maya Brooks is on your shortlist');
        await answer.getByRole('button', { name: CALL_ANSWER_MSG.pick }).click();
        await expectToast(page, CALL_ANSWER_MSG.pickedNotice('Maya Brooks'));
        await answer.getByText(CALL_ANSWER_MSG.picked, { exact: true }).waitFor();
        await product.t.mailbox.waitFor((m) => m.to.includes(maya.email) && m.subject.includes('picked you'));
      }
      await shot(page, `my-calls-answers-${width}`);
      await context.close();
    }
  });
});
