import {
  CALL_ANSWER_MSG,
  CALL_DECISION_MSG,
  CALL_MAIL_MSG,
  CALL_MSG,
  CALL_NUMBER_LABELS,
  MSG,
} from '@local-creators/common';
import type { Locator } from 'playwright-core';
import {
  addAdmin,
  expectToast,
  fillCallForm,
  listedCreator,
  PASSWORD,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';

const TITLE = 'Two food creators for our Tremont opening';
const BUSINESS = 'tremont-tacos@example.com';
const ADMIN = 'cleveland-admin@example.com';
const MAYA = 'maya.journey@example.com';
const NOTE = 'I film food reels in Tremont every week; happy to come to the opening.';
/** Decision 0911: the mail sent at once when a call is approved. */
const MATCH_SUBJECT = `New open call: ${TITLE}`;
/** Decision 0917: the mail to a picked creator (the business's name as the call form gives it). */
const PICKED_SUBJECT = `Tremont Tacos picked you for "${TITLE}"`;

/** The number under `label` in a call's numbers on "My calls". */
const callNumber = (call: Locator, label: string) =>
  call.getByTestId('my-call-numbers').locator('div', { hasText: label }).locator('dd');

// Issue 40 end to end, as one walk through the product's own pages: a business signs up and proves
// its address from the mailed link, posts a call in Cleveland (the one city); Cleveland's admin
// approves it in the console; the worker mails the one listed creator it matches (not another who
// does not), who follows the mail's link, signs in and answers; the business reads the answer with
// her facts on "My calls" and picks her; she gets the "picked" mail, Reply-To the business.
describe('an open call from posting to pick, in the browser', () => {
  let product: Product;

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, ADMIN, ['cleveland']);
    // Maya matches (Food, Reels, Sponsored Post, Tremont, 15,500 followers); Theo of Tremont too, but Music.
    await listedCreator(product, MAYA, 'Maya Brooks');
    await listedCreator(product, 'theo.music@example.com', 'Theo Grant', { niches: ['Music'] });
    // Maya proved her address long ago (answering needs it).
    await product.t.sql(`update users set email_confirmed_at = now() where email = $1`, [MAYA]);
  });
  afterAll(() => product?.close());

  it('a business posts, the city admin approves, the matching creator is mailed and answers, the business picks', async () => {
    const mailbox = product.t.mailbox;

    // 1. The business signs up, opens the confirmation link it was mailed, and posts the call.
    const business = await product.newPage();
    const biz = business.page;
    await biz.goto('/signup');
    await biz.getByLabel('Email').fill(BUSINESS);
    await biz.getByLabel('Password').fill(PASSWORD);
    await biz.getByRole('button', { name: 'Create Account' }).click();
    await biz.waitForURL(/\/apply$/);
    const confirmation = await mailbox.waitFor((m) => m.to.includes(BUSINESS) && /\/confirm-email#token=/.test(m.text));
    await biz.goto(localLink(/https?:\/\/\S+\/confirm-email#token=[\w-]+/.exec(confirmation.text)![0]));
    await expectToast(biz, MSG.emailConfirmed);
    await biz.waitForURL(/\/apply$/);

    // The header's "Open calls" leads to the city's calls (decision 0935); one city: no slug.
    await biz.getByRole('banner').getByRole('link', { name: 'Open calls' }).click();
    await biz.waitForURL(/\/calls$/);
    await biz.getByRole('heading', { level: 1, name: 'Open calls in Cleveland' }).waitFor();
    await biz.getByRole('link', { name: 'Post a call' }).click();
    await biz.waitForURL(/\/calls\/new$/);
    await biz.getByRole('heading', { level: 1, name: 'Post a call to Cleveland creators' }).waitFor();
    await fillCallForm(biz, { title: TITLE, neighborhoods: 'Tremont', creatorsWanted: 2 });
    // The header sticks: drawn mid-page in a full-page shot taken scrolled down.
    await biz.evaluate('window.scrollTo(0, 0)');
    await shot(biz, 'journey-1-call-form-1280');
    await biz.getByRole('button', { name: 'Send for review' }).click();
    await biz.waitForURL(/\/calls\/mine$/);
    await expectToast(biz, CALL_MSG.posted);
    const mine = biz.getByTestId('my-call').filter({ hasText: TITLE });
    await mine.getByText('Waiting for review', { exact: true }).waitFor();
    await shot(biz, 'journey-1-my-calls-pending-1280');

    // 2. Cleveland's admin approves it in the console.
    const admin = await product.newPage();
    await signInThroughLogin(admin.page, ADMIN);
    await admin.page.goto('/admin');
    await admin.page.getByRole('menuitem', { name: 'Open calls' }).click();
    await admin.page.waitForURL(/\/admin\/calls/);
    const card = admin.page.getByTestId('call-card').filter({ hasText: TITLE });
    await card.getByText(BUSINESS).waitFor();
    await shot(admin.page, 'journey-2-console-calls-1280');
    await card.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText(CALL_DECISION_MSG.approved, { exact: true }).waitFor();
    await shot(admin.page, 'journey-2-console-approved-1280');
    await admin.context.close();

    // 3. The worker mails Maya, whom the call matches, at once (her first call mail of the day).
    const matchMail = await mailbox.waitFor((m) => m.to.includes(MAYA) && m.subject === MATCH_SUBJECT);
    expect(matchMail.text).toContain('A local business posted a call that matches your profile:');
    expect(matchMail.text).toContain('Tremont Tacos · $200–$400 fee');
    expect(matchMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const callLink = /https?:\/\/\S+\/calls\/[0-9a-f-]{36}/.exec(matchMail.text)?.[0];
    expect(callLink).toBeDefined();

    // 4. Maya follows the link in the mail, signs in from the call's page and is back on it
    // (decision 0935); her dashboard lists the call too, and leads back to it; she answers.
    const creator = await product.newPage();
    const maya = creator.page;
    const callPath = new URL(callLink!).pathname;
    await maya.goto(localLink(callLink!));
    await maya.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await maya.getByTestId('answer-call').getByRole('link', { name: 'Sign in' }).click();
    await maya.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === callPath);
    await maya.getByLabel('Email').fill(MAYA);
    await maya.getByLabel('Password').fill(PASSWORD);
    await maya.getByRole('button', { name: 'Sign In' }).click();
    await maya.waitForURL((url) => url.pathname === callPath);
    await maya.getByRole('heading', { level: 2, name: CALL_ANSWER_MSG.answer }).waitFor();
    await maya.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await maya.waitForURL(/\/dashboard$/);
    const openCalls = maya.getByTestId('open-calls-card');
    await openCalls.getByRole('heading', { name: CALL_MAIL_MSG.heading }).waitFor();
    await openCalls.getByTestId('matching-call').getByRole('link', { name: TITLE }).click();
    await maya.waitForURL((url) => url.pathname === callPath);
    await maya.getByRole('heading', { level: 2, name: CALL_ANSWER_MSG.answer }).waitFor();
    await maya.getByLabel(CALL_ANSWER_MSG.noteLabel).fill(NOTE);
    await shot(maya, 'journey-4-answer-form-1280');
    await maya.getByRole('button', { name: CALL_ANSWER_MSG.answer }).click();
    await expectToast(maya, CALL_ANSWER_MSG.sent);
    await maya.getByRole('heading', { level: 2, name: CALL_ANSWER_MSG.yourAnswer }).waitFor();
    await maya.getByTestId('answer-call').getByText(NOTE, { exact: true }).waitFor();
    await shot(maya, 'journey-4-answer-sent-1280');

    // 5. The business opens "My calls" from the header again, reads the answer with Maya's public
    // facts, then picks her (a fresh load: its tab may hold the list from before the answer).
    await biz.goto('/');
    await biz.getByRole('banner').getByRole('link', { name: 'My calls' }).click();
    await biz.waitForURL(/\/calls\/mine$/);
    await biz.reload();
    await mine.getByText('Open', { exact: true }).waitFor();
    expect(await callNumber(mine, CALL_NUMBER_LABELS.creators_mailed).textContent()).toBe('1');
    expect(await callNumber(mine, CALL_NUMBER_LABELS.answers).textContent()).toBe('1');
    const answers = mine.getByTestId('call-answers');
    await answers.getByRole('heading', { name: 'Answers (1) · picked 0 of 2' }).waitFor();
    const answer = answers.getByTestId('call-answer');
    expect(await answer.count()).toBe(1);
    await answer.getByRole('link', { name: 'Maya Brooks', exact: true }).waitFor();
    await answer.getByText('Verified', { exact: true }).waitFor();
    await answer.getByText('Tremont', { exact: true }).waitFor();
    await answer.getByText(NOTE, { exact: true }).waitFor();
    expect(await answer.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Instagram @mayaeats: 12,500 followers, as of [A-Z][a-z]+ \d{4}$/),
      expect.stringMatching(/^TikTok @mayaeats: 3,000 followers, as of [A-Z][a-z]+ \d{4}$/),
    ]);
    expect(await answer.textContent()).not.toContain(MAYA);
    await shot(biz, 'journey-5-my-calls-answer-1280');
    await answer.getByRole('button', { name: CALL_ANSWER_MSG.pick, exact: true }).click();
    await expectToast(biz, CALL_ANSWER_MSG.pickedNotice('Maya Brooks'));
    await answer.getByText(CALL_ANSWER_MSG.picked, { exact: true }).waitFor();
    await answers.getByRole('heading', { name: 'Answers (1) · picked 1 of 2' }).waitFor();
    // The call's numbers on the same card follow, without a reload.
    await callNumber(mine, CALL_NUMBER_LABELS.picks).filter({ hasText: /^1$/ }).waitFor();
    await shot(biz, 'journey-5-my-calls-picked-1280');

    // 6. Maya gets the "picked" mail, Reply-To the business; her answer on the call's page says Picked.
    const picked = await mailbox.waitFor((m) => m.to.includes(MAYA) && m.subject === PICKED_SUBJECT);
    expect(picked.replyTo).toBe(BUSINESS);
    expect(picked.text).toContain(`The call: ${callLink}`);
    await maya.reload();
    await maya.getByTestId('answer-call').getByText(CALL_ANSWER_MSG.picked, { exact: true }).waitFor();
    await shot(maya, 'journey-6-answer-picked-1280');

    // Theo, who does not match, was never mailed about it (his would have gone with Maya's, long delivered).
    expect(mailbox.to('theo.music@example.com').filter((m) => m.subject.includes(TITLE))).toEqual([]);
    expect(
      mailbox
        .to(MAYA)
        .filter((m) => m.subject.includes(TITLE))
        .map((m) => m.subject),
    ).toEqual([MATCH_SUBJECT, PICKED_SUBJECT]);
  }, 90_000);

  /** A mailed link, on this test's server: only the origin is changed, never the path or the fragment. */
  function localLink(link: string): string {
    const url = new URL(link);
    return new URL(`${url.pathname}${url.search}${url.hash}`, product.baseUrl).toString();
  }
});
