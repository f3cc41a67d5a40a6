import type { Page } from 'playwright-core';
import { MSG } from '@local-creators/common';
import {
  addAdmin,
  arriveAt,
  expectToast,
  listedCreator,
  PASSWORD,
  shot,
  signIn,
  signInThroughLogin,
  startProduct,
  type Product,
} from './support/product';
import { validProfile } from '../backend/test/creator/fixtures';

/** The id of the focused element. */
const focusedId = (page: Page) =>
  page.evaluate('document.activeElement && document.activeElement.id') as Promise<string>;

/**
 * The toasts on screen (not leaving), once the page has handled what is queued: sonner adds a
 * toast in a task after the call, so this reads after the next task and frame.
 */
const toastsOnScreen = (page: Page) =>
  page.evaluate(`new Promise((resolve) => setTimeout(() => requestAnimationFrame(() =>
    resolve([...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')].map((t) => t.textContent))), 0))`) as Promise<
    string[]
  >;

// Issue 25: nothing a person types is lost, every error sits on its field.
describe('issue 25: nothing typed is lost, every error sits on its field', () => {
  let product: Product;
  let n = 0;
  const adminEmail = 'h25-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    await addAdmin(product, adminEmail);
  });
  afterAll(() => product?.close());

  /** A creator (over the API), optionally approved, and a page signed in as them. */
  async function creator(opts: { width?: number; approved?: boolean; profile?: boolean; name?: string } = {}) {
    const email = `h25.${Date.now()}.${++n}@example.com`;
    const session = (await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201))
      .body as { access_token: string };
    let id = '';
    if (opts.profile !== false) {
      const profile = await product.t
        .http()
        .put('/api/me/profile')
        .set('Authorization', `Bearer ${session.access_token}`)
        .send(
          validProfile({
            full_name: opts.name ?? 'Lakeside Creator',
            platforms: [{ name: 'TikTok', handle: `h25x${n}`, url: '', followers: 2_000 }],
          }),
        )
        .expect(201);
      id = profile.body.id as string;
      if (opts.approved)
        await product.t.sql(
          `update creator_profiles set approval_status = 'approved', is_public = true, phone_verified = true where id = $1`,
          [id],
        );
    }
    const { page, context } = await product.newPage({ width: opts.width });
    await signIn(page, session);
    return { page, context, id, email };
  }

  describe('(a) one rule for links', () => {
    it.each([1280, 375])(
      'adds a platform whose link was typed without https, and saves it with https (%i px)',
      async (width) => {
        const handle = `lakeside${width}`;
        const { page, context, id } = await creator({ width });
        await page.goto('/apply');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Step 2 of 4').waitFor();
        await page.getByLabel('Platform').selectOption('Instagram');
        await page.getByLabel('Handle').fill(handle);
        await page.getByLabel('Profile URL').fill(`instagram.com/${handle}`);
        await page.getByRole('button', { name: 'Add platform' }).click();
        await page.getByRole('button', { name: `Remove Instagram ${handle}` }).waitFor();
        await page.getByText(`https://instagram.com/${handle}`).waitFor();
        expect(await page.locator('#platform-url-error').count()).toBe(0);
        await shot(page, `h25-platform-added-${width}`);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Step 3 of 4').waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText('Step 4 of 4').waitFor();
        await page.getByLabel('Link hub URL').fill(`linktr.ee/${handle}`);
        await page.getByRole('button', { name: /^(Submit Application|Save changes)$/ }).click();
        await page.waitForURL(/\/dashboard$/);
        const [row] = await product.t.sql<{ platforms: { name: string; url: string }[]; link_hub_url: string }>(
          'select platforms, link_hub_url from creator_profiles where id = $1',
          [id],
        );
        expect(row!.platforms.find((p) => p.name === 'Instagram')?.url).toBe(`https://instagram.com/${handle}`);
        expect(row!.link_hub_url).toBe(`https://linktr.ee/${handle}`);
        await context.close();
      },
    );
  });

  describe('(b) one toast at a time', () => {
    it.each([1280, 375])(
      'shows one "Oops!" however often Calculate is pressed with bad input (%i px)',
      async (width) => {
        const { page, context } = await product.newPage({ width });
        await page.goto('/playbook');
        await page.getByLabel('Total followers').fill('lots');
        for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Calculate' }).click();
        await expectToast(page, 'Oops!');
        expect(await toastsOnScreen(page)).toEqual([
          expect.stringContaining('Please enter a valid number of followers.'),
        ]);
        // Under the box too (issue 25 e), with focus back in it.
        expect(await page.locator('#followers-error').textContent()).toBe('Please enter a valid number of followers.');
        expect(await page.getByLabel('Total followers').getAttribute('aria-invalid')).toBe('true');
        expect(await focusedId(page)).toBe('followers');
        await shot(page, `h25-playbook-toast-${width}`);
        await context.close();
      },
    );

    it('replaces the error toast with "Message sent!" in the contact form', async () => {
      const c = await listedCreator(product, `h25.contact.${Date.now()}@example.com`, 'Toast Creator');
      const { page, context } = await product.newPage();
      await page.goto(`/creator/${c.id}`);
      await page.getByRole('button', { name: 'Contact' }).click();
      const dialog = page.getByRole('dialog', { name: `Contact ${c.name}` });
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await expectToast(page, MSG.contactFailed);
      await dialog.getByLabel('Brand name').fill('Lakeside Bikes');
      await dialog.getByLabel('Your email').fill('bikes@lakeside.test');
      await dialog.getByLabel('Message').fill('A spring ride video?');
      await dialog.getByRole('button', { name: 'Send message' }).click();
      await expectToast(page, MSG.contactSent);
      const toasts = await toastsOnScreen(page);
      expect(toasts).toHaveLength(1);
      expect(toasts[0]).toContain(MSG.contactSent);
      await context.close();
    });
  });

  describe('(b) a password reset', () => {
    it('ends with one toast, "Password updated successfully! Redirecting..."', async () => {
      const email = `h25.reset.${Date.now()}@example.com`;
      await product.t.http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201);
      await product.t.http().post('/api/auth/recover').send({ email });
      const mail = await product.t.mailbox.waitFor(
        (m) => m.to.includes(email) && m.subject === 'Reset your Local Creators password',
      );
      const link = /(http\S+\/login#\S+type=recovery\S*)/.exec(mail.text)![1]!;
      const { page, context } = await product.newPage();
      await page.goto(link);
      await expectToast(page, MSG.enterNewPassword);
      await page.getByLabel('New password').fill('Brand-New-7');
      await page.getByLabel('Confirm password').fill('Brand-New-8');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, MSG.passwordsDoNotMatch);
      await page.getByLabel('Confirm password').fill('Brand-New-7');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expectToast(page, MSG.passwordUpdated);
      expect(await toastsOnScreen(page)).toEqual([MSG.passwordUpdated]);
      await context.close();
    });
  });

  describe('(b) in the console too', () => {
    // Checked, not changed: react-admin shows one message at a time, and the click (or key) that
    // brings a new one closes the one showing (the snackbar's click-away), so nothing queues behind.
    it('already replaces the toast on screen with a newer one instead of queueing it behind', async () => {
      const x = await listedCreator(product, `h25.toast.x.${Date.now()}@example.com`, 'Toast Switch X');
      const y = await listedCreator(product, `h25.toast.y.${Date.now()}@example.com`, 'Toast Switch Y');
      await product.t.sql(`update creator_profiles set phone_verified = false where id = any($1)`, [[x.id, y.id]]);
      const { page, context } = await product.newPage();
      await signInThroughLogin(page, adminEmail);
      await page.goto('/admin/all?filter=%7B%22q%22%3A%22Toast%20Switch%22%7D');
      const switchOf = (name: string) => page.getByRole('article', { name }).getByLabel('Phone Verified');
      await switchOf('Toast Switch X').click();
      const first = page.getByRole('alert').filter({ hasText: MSG.phoneVerificationEnabled });
      await first.waitFor();
      // Even with the mouse holding the toast on screen; Y changed meanwhile, so its switch fails.
      await first.hover();
      await product.t.sql(`update creator_profiles set version = version + 1 where id = $1`, [y.id]);
      await switchOf('Toast Switch Y').focus();
      await page.keyboard.press('Space');
      await page.getByRole('alert').filter({ hasText: MSG.phoneToggleFailed }).waitFor();
      expect(await page.getByRole('alert').filter({ hasText: MSG.phoneVerificationEnabled }).count()).toBe(0);
      await context.close();
    });
  });

  describe('(c) back where they were going, and the right words for an edit', () => {
    it.each([1280, 375])('returns an admin who signed in from /admin to the console (%i px)', async (width) => {
      const { page, context } = await product.newPage({ width });
      await page.goto('/admin/review');
      await page.waitForURL(/\/login\?next=/);
      await page.getByLabel('Email').fill(adminEmail);
      await page.getByLabel('Password').fill(PASSWORD);
      await shot(page, `h25-login-for-console-${width}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await arriveAt(page, /\/admin\/review$/);
      await page.getByText('No pending applications to review').or(page.getByRole('article').first()).first().waitFor();
      await context.close();
    });

    it.each([1280, 375])(
      'shows an approved creator "Save changes", and a pending one "Submit Application" (%i px)',
      async (width) => {
        for (const approved of [true, false]) {
          const { page, context } = await creator({ width, approved });
          await page.goto('/apply');
          for (const step of [2, 3, 4]) {
            await page.getByRole('button', { name: 'Next' }).click();
            await page.getByText(`Step ${step} of 4`).waitFor();
          }
          const [shown, hidden] = approved
            ? ['Save changes', 'Submit Application']
            : ['Submit Application', 'Save changes'];
          await page.getByRole('button', { name: shown }).waitFor();
          expect(await page.getByRole('button', { name: hidden }).count()).toBe(0);
          if (approved) await shot(page, `h25-apply-save-changes-${width}`);
          await context.close();
        }
      },
    );
  });

  describe('(d) what "handles we confirmed" means', () => {
    it.each([1280, 375])(
      'says on the page that the filter wants every handle confirmed, and which handle is not (%i px)',
      async (width) => {
        const c = await listedCreator(
          product,
          `h25.handles.${width}.${Date.now()}@example.com`,
          `Half Proven ${width}`,
        );
        // Instagram confirmed on the call; the TikTok handle (added later in the story) not yet.
        await product.t.sql(
          `update handle_checks set confirmed_at = now(), confirmed_by = 'admin@example.com' where profile_id = $1 and platform = 'Instagram'`,
          [c.id],
        );
        const { page, context } = await product.newPage({ width });
        await page.goto(`/creator/${c.id}`);
        const reach = page.getByRole('listitem').filter({ hasText: 'TikTok' });
        await page.getByText(/Handle confirmed since /).waitFor();
        await reach.getByText('Handle not confirmed yet').waitFor();
        await shot(page, `h25-profile-handles-${width}`);

        await page.goto('/directory?handles=confirmed');
        const box = page.getByLabel('Only creators with every handle confirmed');
        await box.waitFor({ state: 'attached' });
        expect(await box.isChecked()).toBe(true);
        const hint = page.locator(`[id="${(await box.getAttribute('aria-describedby'))!}"]`);
        expect(await hint.textContent()).toBe(
          'A creator with a handle we have not confirmed yet, such as one added since our check, is left out until we confirm it.',
        );
        expect(await page.getByRole('heading', { name: c.name }).count()).toBe(0);
        if (width === 375) await page.getByRole('button', { name: /^Filters/ }).click();
        await hint.waitFor();
        await shot(page, `h25-directory-handles-${width}`);
        await context.close();
      },
    );
  });

  describe('(e) every error sits on its field, and focus goes there', () => {
    it.each([1280, 375])('marks the business form field and moves focus to it (%i px)', async (width) => {
      const { page, context } = await product.newPage({ width, height: 800 });
      await page.goto('/amplify');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      const name = page.getByLabel('Business name');
      await page.locator('#business_name-error').filter({ hasText: MSG.businessNameRequired }).waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await name.getAttribute('aria-describedby')).toContain('business_name-error');
      expect(await focusedId(page)).toBe('business_name');
      await shot(page, `h25-amplify-error-${width}`);
      // The next failure moves the mark and the focus; the fixed field is clear again.
      await name.fill('Lakeview Coffee');
      await page.getByLabel('Contact name').fill('Rosa');
      await page.getByLabel('Contact email').fill('rosa@');
      await page.getByLabel('Category').selectOption({ index: 1 });
      await page.getByLabel('Your story').fill('Coffee by the lake since 2009.');
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.locator('#contact_email-error').filter({ hasText: MSG.emailInvalid }).waitFor();
      expect(await focusedId(page)).toBe('contact_email');
      expect(await name.getAttribute('aria-invalid')).toBeNull();
      await context.close();
    });

    it.each([1280, 375])('marks the introduction request field and moves focus to it (%i px)', async (width) => {
      await product.t.sql(
        `insert into amplify_submissions (id, business_name, contact_name, contact_email, website_social, title, description, category, status, featured, type_of_help, created_at, updated_at, version)
         values (gen_random_uuid(), $1, 'Rosa', 'rosa@focus.test', null, 'Bread', 'Bread, daily, with a story long enough.', 'Food & Drink', 'approved', true, '{}', now(), now(), 1)`,
        [`Focus Bakery ${width}`],
      );
      const { page, context } = await product.newPage({ width });
      await page.goto('/amplify/featured');
      await page
        .getByRole('article', { name: `Focus Bakery ${width}` })
        .getByRole('button', { name: 'Request an introduction' })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Your email').fill('not-an-address');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      const name = dialog.getByLabel('Your name');
      await dialog.locator('#creator_name-error').filter({ hasText: MSG.interestNameRequired }).waitFor();
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await focusedId(page)).toBe('creator_name');
      await name.fill('Jordan');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await dialog.locator('#creator_email-error').filter({ hasText: MSG.emailInvalid }).waitFor();
      expect(await focusedId(page)).toBe('creator_email');
      expect(await dialog.getByLabel('Your email').getAttribute('aria-invalid')).toBe('true');
      await shot(page, `h25-introduction-error-${width}`);
      await context.close();
    });

    it.each([1280, 375])(
      'moves focus to the e-mail field when a second contact attempt fails there (%i px)',
      async (width) => {
        const c = await listedCreator(
          product,
          `h25.focus.${width}.${Date.now()}@example.com`,
          `Focus Creator ${width}`,
        );
        const { page, context } = await product.newPage({ width });
        await page.goto(`/creator/${c.id}`);
        await page.getByRole('button', { name: 'Contact' }).click();
        const dialog = page.getByRole('dialog', { name: `Contact ${c.name}` });
        await dialog.getByRole('button', { name: 'Send message' }).click();
        await dialog.getByText(MSG.contactBrandRequired).waitFor();
        expect(await focusedId(page)).toBe('brand_name');
        await dialog.getByLabel('Brand name').fill('Lakeside Bikes');
        await dialog.getByLabel('Your email').fill('bikes@');
        await dialog.getByRole('button', { name: 'Send message' }).click();
        await dialog.getByText(MSG.emailInvalid).waitFor();
        expect(await focusedId(page)).toBe('contact_email');
        expect(await dialog.getByLabel('Your email').getAttribute('aria-invalid')).toBe('true');
        await shot(page, `h25-contact-error-${width}`);
        await context.close();
      },
    );
  });

  describe('(f) on a phone', () => {
    it.each([375, 1280])(
      'shows "Thank you!" below the sticky header after a business applies (%i px)',
      async (width) => {
        const { page, context } = await product.newPage({ width, height: 700 });
        await page.goto('/amplify');
        await page.getByLabel('Business name').fill(`Thankful Bakery ${width}`);
        await page.getByLabel('Category').selectOption('Food & Drink');
        await page.getByLabel('Contact name').fill('Rosa');
        await page.getByLabel('Contact email').fill('rosa@thankful.test');
        await page.getByLabel('Your story').fill('Bread, daily, since 1952, from the same oven.');
        await page.getByRole('button', { name: 'Submit Application' }).click();
        // The page moves to the heading: focus lands on it, and it shows below the header.
        await page.waitForFunction(
          () =>
            (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
              .activeElement?.textContent === 'Thank you!',
        );
        const place = (await page.evaluate(`(() => {
        const heading = document.activeElement.getBoundingClientRect();
        return { top: heading.top, headerBottom: document.querySelector('body header').getBoundingClientRect().bottom };
      })()`)) as { top: number; headerBottom: number };
        expect(place.top).toBeGreaterThanOrEqual(place.headerBottom);
        await shot(page, `h25-amplify-thanks-${width}`);
        await context.close();
      },
    );

    it.each([375, 1280])('shows the whole search placeholder (%i px)', async (width) => {
      const { page, context } = await product.newPage({ width });
      await page.goto('/directory');
      const fit = (await page.evaluate(`(() => {
        const input = document.getElementById('filter-q');
        const s = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = s.fontStyle + ' ' + s.fontWeight + ' ' + s.fontSize + ' ' + s.fontFamily;
        return { placeholder: input.placeholder, text: ctx.measureText(input.placeholder).width, room: input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) };
      })()`)) as { placeholder: string; text: number; room: number };
      expect(fit.placeholder).toBe('Name, @handle, niche or bio');
      expect(fit.text).toBeLessThanOrEqual(fit.room);
      await shot(page, `h25-directory-${width}`);
      await context.close();
    });
  });
});
