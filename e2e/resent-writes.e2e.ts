import { MSG } from '@local-creators/common';
import { expectToast, PASSWORD, shot, startProduct, type Product } from './support/product';

/**
 * Issue 24 point 3 (decisions 0340, 0341): the server acted on a sign-up but its answer was lost on
 * the way back (a replica killed, a proxy answering 502). The site sends it again with the same
 * Idempotency-Key; the person sees the account created, and there is one account.
 */
describe('a sign-up whose answer was lost is sent again and done once', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(() => product?.close());

  it.each([1280, 375])(
    'at %i px: the first answer lost behind a 502, the person still lands on /apply',
    async (width) => {
      const { page, context } = await product.newPage({ width });
      const email = `resent.${width}.${Date.now()}@example.com`;
      const sent: { key: string | null; status: number; replayed: string | null }[] = [];
      await page.route('**/api/auth/signup', async (route) => {
        const response = await route.fetch(); // reaches the api, which creates the account
        sent.push({
          key: route.request().headers()['idempotency-key'] ?? null,
          status: response.status(),
          replayed: response.headers()['idempotent-replayed'] ?? null,
        });
        if (sent.length === 1) await route.fulfill({ status: 502, body: '' });
        else await route.fulfill({ response });
      });
      await page.goto('/signup');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectToast(page, MSG.accountCreated);
      await page.waitForURL(/\/apply$/);
      await shot(page, `resent-signup-${width}`);

      expect(sent).toHaveLength(2);
      expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
      expect(sent[1]).toEqual({ key: sent[0]!.key, status: 201, replayed: 'true' });
      expect(await product.t.sql('select email from users where email = $1', [email])).toEqual([{ email }]);
      await context.close();
    },
  );
});
