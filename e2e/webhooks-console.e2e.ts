import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { AuthSession } from '@local-creators/common';
import { approvedThroughConsole } from '../backend/test/creator/fixtures';
import { eventually } from '../backend/test/helpers/test-app';
import {
  addAdmin,
  PASSWORD,
  shot,
  signInThroughLogin,
  startProduct,
  type Product,
  seriousViolations,
} from './support/product';

/** Serious or critical axe findings on the page as it is now. */
const noSidewaysScroll = async (page: Page) =>
  expect(
    (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number,
  ).toBeLessThanOrEqual(0);

// Issue 28 point 4 (decision 0810): an admin adds a partner's webhook from the menu, copies its
// secret from the one place it is shown, and reads its delivery log: a 500, the retry, delivered.
describe("the console's webhooks", () => {
  let product: Product;
  let receiver: Server;
  let receiverUrl: string;
  let answers: number[];
  const adminEmail = 'hooks-admin@example.com';

  beforeAll(async () => {
    answers = [500];
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(answers.shift() ?? 200).end(res.statusCode === 200 ? 'ok' : 'receiver is down'),
      );
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/local-creators`;
    // The receiver is on loopback: called through the test-only allowance (decision 0830).
    product = await startProduct({ OUTBOUND_TEST_ALLOW_LOOPBACK: 'true', MAIL_RETRY_BASE_MS: '500' });
    await addAdmin(product, adminEmail);
  });
  afterAll(async () => {
    await product?.close();
    await new Promise((r) => receiver?.close(r));
  });

  it('adds a webhook from the menu, shows its secret once, and logs the failed attempt and the retry', async () => {
    const { page } = await product.newPage({ width: 1280 });
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/admin\/webhooks$/);
    await page.locator('#react-admin-title').filter({ hasText: 'Webhooks' }).waitFor();
    // Not a blank page: it says what a webhook is and how to add one.
    await page.getByText('No webhooks yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-empty-1280');

    await page.getByRole('link', { name: 'Add webhook' }).first().click();
    await page.locator('#react-admin-title').filter({ hasText: 'Add a webhook' }).waitFor();
    // The server's refusal shows on its field.
    await page.getByLabel('URL').fill('ftp://127.0.0.1/hook');
    await page.getByLabel('Creator listed (creator.listed)').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('URL must be a full https:// address').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('URL').fill(receiverUrl);
    await page.getByLabel('Description (optional)').fill('City newsletter');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    await dialog.waitFor();
    const secret = (await dialog.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-secret-1280');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(/\/admin\/webhooks\/[^/]+\/show$/);
    await page.getByText('Nothing sent yet.').waitFor();
    // Shown once: not on the webhook's page, nor after a reload.
    expect(await page.content()).not.toContain(secret);

    // An admin approves a creator: the partner answers 500 first, then 200 to the retry.
    const admin = (
      await product.t.http().post('/api/auth/login').send({ email: adminEmail, password: PASSWORD }).expect(200)
    ).body as AuthSession;
    await approvedThroughConsole(product.t, admin, 'Hana Hook');
    const rows = page.getByTestId('webhook-attempt');
    // The worker's work is waited for in its table; then the admin refreshes the log once.
    await eventually(
      () => product.t.sql(`select 1 from webhook_attempts where outcome = 'delivered'`),
      (r) => r.length > 0,
    );
    await page.getByRole('button', { name: 'Refresh log' }).click();
    await rows.filter({ hasText: 'Delivered' }).waitFor();
    expect(await rows.count()).toBe(2);
    await rows.filter({ hasText: 'HTTP 500' }).filter({ hasText: 'Will retry' }).waitFor();
    // The status and the time, never what the receiver wrote back (decision 0830).
    expect(await page.content()).not.toContain('receiver is down');
    await rows.filter({ hasText: 'HTTP 200' }).filter({ hasText: 'creator.listed' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await rows.filter({ hasText: 'Delivered' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await shot(page, 'webhooks-log-1280');

    // Off: the switch says so, and the list shows it.
    const sends = page.getByLabel('Sends events');
    expect(await sends.isChecked()).toBe(true);
    // Switched once the server said so.
    await sends.click();
    await page.getByRole('alert').getByText('Webhook off').first().waitFor(); // the console's toast
    await page.locator('input[role="switch"]:not(:checked)').waitFor();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    const row = page.locator('tr', { hasText: 'City newsletter' });
    await row.getByText('Off', { exact: true }).waitFor();
    await row.getByText(/^Delivered · /).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-list-1280');
  }, 180_000);

  it('reads on a phone without sideways scrolling: the list, the form and the log', async () => {
    const { page } = await product.newPage({ width: 375, height: 800 });
    await signInThroughLogin(page, adminEmail);
    await page.goto('/admin/webhooks');
    await page.getByTestId('webhook-card').filter({ hasText: 'City newsletter' }).waitFor();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-list-375');

    await page.getByRole('button', { name: 'Delivery log' }).first().click();
    await page.getByTestId('webhook-attempt').filter({ hasText: 'Delivered' }).waitFor();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-log-375');

    await page.goto('/admin/webhooks/create');
    await page.getByLabel('URL').fill(receiverUrl.replace('/hooks/', '/phone/'));
    await page.getByLabel('Business featured (business.featured)').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy the signing secret now' });
    await dialog.waitFor();
    await noSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'webhooks-secret-375');

    // Deleted after asking: gone from the list.
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alert').getByText('Webhook deleted').first().waitFor();
    await page.waitForURL(/\/admin\/webhooks$/);
    await page.getByTestId('webhook-card').filter({ hasText: 'City newsletter' }).waitFor();
    await page.getByTestId('webhook-card').filter({ hasText: '/phone/' }).waitFor({ state: 'detached' });
  }, 180_000);
});
