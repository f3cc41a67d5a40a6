import type { Page } from 'playwright-core';
import { MSG } from '@local-creators/common';
import { expectToast, PAGE_LOAD_TIMEOUT, startProduct, type Product } from './support/product';

const PASSWORD = 'Sunny-Lake-42';

async function signUpAndApply(product: Product, page: Page, email: string, name: string) {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(/\/apply$/);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Phone').fill('216-555-0142');
  await page.getByLabel('Short bio').fill('Cleveland coffee, comedy and lakefront runs.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Platform').selectOption('TikTok');
  await page.getByLabel('Handle').fill('moderated');
  await page.getByLabel('Followers').fill('4200');
  await page.getByRole('button', { name: 'Add platform' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Comedy' }).click();
  await page.getByRole('button', { name: 'Shorts' }).click();
  await page.getByRole('button', { name: 'Affiliate' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard$/);
}

describe('moderation and Amplify through the console', () => {
  let product: Product;
  const adminEmail = 'console-admin@example.com';

  beforeAll(async () => {
    product = await startProduct();
    const res = await product.t.http().post('/api/auth/signup').send({ email: adminEmail, password: PASSWORD });
    await product.t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [
      res.body.user.id,
    ]);
  });
  afterAll(() => product?.close());

  it('rejects with notes, re-approves after an edit, and unverifies a phone', async () => {
    const creator = await product.newPage();
    await signUpAndApply(product, creator.page, 'moderated@example.com', 'Moderated Creator');

    // A creator is no admin: the console sends them back to their dashboard.
    await creator.page.goto('/admin/review');
    await creator.page.waitForURL(/\/dashboard$/);

    const admin = await product.newPage();
    await signIn(admin.page, adminEmail);
    await admin.page.getByRole('link', { name: /Review queue/ }).click();
    await admin.page.waitForURL(/\/admin\/review$/);
    const item = admin.page.getByRole('article', { name: 'Moderated Creator' });
    await item.getByLabel('Rejection notes for Moderated Creator').fill('Please link your TikTok profile.');
    // Typed notes go with a rejection: Approve waits until they are cleared, nothing is dropped.
    expect(await item.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
    await item.getByText('Notes are sent with a rejection only. Clear them to approve.').waitFor();
    // Reject asks first; Cancel sends nothing.
    await item.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Reject Moderated Creator?' });
    await dialog.getByText('They will be e-mailed your notes.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const rowNow = async () =>
      (
        await product.t.sql<{ approval_status: string; audits: string }>(
          `select approval_status, (select count(*) from moderation_audit_log a where a.subject_id = p.id) audits from creator_profiles p where full_name = 'Moderated Creator'`,
        )
      )[0];
    expect(await rowNow()).toEqual({ approval_status: 'pending', audits: '0' });
    await item.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.page.getByText(MSG.adminCreatorStatus('rejected')).waitFor();
    await admin.page.getByText(MSG.noPendingApplications).waitFor();

    await creator.page.goto('/dashboard');
    await creator.page.getByTestId('status-label').filter({ hasText: 'Rejected' }).waitFor();
    await creator.page.getByText('Please link your TikTok profile.').waitFor();

    // The creator fixes the application; the admin approves from the creator's page in /admin/all.
    await creator.page.getByRole('link', { name: /Update Profile/ }).click();
    await creator.page.getByLabel('Full name').waitFor();
    await creator.page.getByRole('button', { name: 'Next' }).click();
    await creator.page.getByRole('button', { name: 'Remove TikTok' }).click();
    await creator.page.getByLabel('Platform').selectOption('TikTok');
    await creator.page.getByLabel('Handle').fill('moderated');
    await creator.page.getByLabel('Profile URL').fill('https://tiktok.com/@moderated');
    await creator.page.getByLabel('Followers').fill('4200');
    await creator.page.getByRole('button', { name: 'Add platform' }).click();
    for (let i = 0; i < 2; i++) await creator.page.getByRole('button', { name: 'Next' }).click();
    await creator.page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(creator.page, MSG.saved);

    await admin.page.goto('/admin/all');
    await admin.page.getByLabel('Search name, e-mail, neighborhood or niche').fill('Moderated');
    const card = admin.page.getByRole('article', { name: 'Moderated Creator' });
    await card.getByText('Rejected').waitFor();
    await card.getByRole('link', { name: 'Review & history' }).click();
    await admin.page.getByRole('button', { name: 'Approve' }).click({ timeout: PAGE_LOAD_TIMEOUT });
    await admin.page.getByText(MSG.adminCreatorStatus('approved')).waitFor();

    await creator.page.goto('/directory');
    await creator.page.getByRole('article', { name: 'Moderated Creator' }).getByLabel('Verified').waitFor();

    // Phone verification off: out of the directory.
    await admin.page.goto('/admin/all');
    await admin.page.getByLabel('Search name, e-mail, neighborhood or niche').fill('Moderated');
    const approved = admin.page.getByRole('article', { name: 'Moderated Creator' });
    await approved.getByText('Approved').waitFor();
    await approved.getByLabel('Phone Verified').click();
    await admin.page
      .getByRole('dialog', { name: 'Turn off phone verification for Moderated Creator?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await admin.page.getByText(MSG.phoneVerificationDisabled).waitFor();
    await creator.page.goto('/directory');
    await creator.page.getByRole('tab', { name: 'Recently Added' }).waitFor();
    await creator.page.waitForTimeout(300);
    expect(await creator.page.getByRole('article', { name: 'Moderated Creator' }).count()).toBe(0);

    const [row] = await product.t.sql<{ approval_status: string; phone_verified: boolean }>(
      `select approval_status, phone_verified from creator_profiles where full_name = 'Moderated Creator'`,
    );
    expect(row).toEqual({ approval_status: 'approved', phone_verified: false });
    await creator.context.close();
    await admin.context.close();
  });

  it('takes a business from application to featured, and mails it a confirmed introduction request', async () => {
    const visitor = await product.newPage();
    await visitor.page.goto('/amplify');
    await visitor.page.getByLabel('Business name').fill('Tremont Taco Co');
    await visitor.page.getByLabel('Category').selectOption('Food & Drink');
    await visitor.page.getByLabel('Contact name').fill('Luis Reyes');
    await visitor.page.getByLabel('Contact email').fill('luis@tremonttaco.test');
    await visitor.page
      .getByLabel('Your story')
      .fill('Family taqueria in Tremont since 2009. We want creators to try our al pastor.');
    await visitor.page.getByRole('button', { name: 'Submit Application' }).click();
    await expectToast(visitor.page, MSG.applicationSubmitted);
    await visitor.page.getByText(MSG.founderReviews).first().waitFor();

    await visitor.page.goto('/amplify/featured');
    await visitor.page.getByText(MSG.noFeaturedBusinesses).waitFor();

    const admin = await product.newPage();
    await signIn(admin.page, adminEmail);
    await admin.page.goto('/admin/amplify');
    const item = admin.page.getByRole('article', { name: 'Tremont Taco Co' });
    expect(await item.getByLabel('Featured').isDisabled()).toBe(true);
    await item.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText(MSG.statusUpdated).waitFor();
    await admin.page.getByRole('tab', { name: /Pending \(0\)/ }).waitFor();
    await admin.page.getByRole('tab', { name: /Approved/ }).click();
    await admin.page.getByRole('tab', { name: /Approved \(1\)/ }).waitFor();
    await admin.page.getByRole('article', { name: 'Tremont Taco Co' }).getByLabel('Featured').click();
    await admin.page.getByText(MSG.addedToFeatured).waitFor();

    await visitor.page.goto('/amplify/featured');
    const business = visitor.page.getByRole('article', { name: 'Tremont Taco Co' });
    await business.getByRole('button', { name: 'Request an introduction' }).click();
    await visitor.page.getByLabel('Your name').fill('Maya Brooks');
    await visitor.page.getByLabel('Your email').fill('maya@example.com');
    await visitor.page.getByLabel('Message').fill('I would love to film your al pastor!');
    await visitor.page.getByRole('button', { name: 'Send request' }).click();
    await expectToast(visitor.page, MSG.interestSubmitted);

    // A visitor confirms the address first (decision 0110): the mailed link passes the request on.
    const confirmation = await product.t.mailbox.waitFor((m) => m.to.includes('maya@example.com'));
    await visitor.page.goto(/https?:\/\/\S+\/amplify\/confirm\?token=[\w-]+/.exec(confirmation.text)![0]);
    await visitor.page.getByRole('heading', { name: MSG.interestConfirmed }).waitFor();
    const mail = await product.t.mailbox.waitFor(
      (m) => m.to.includes('luis@tremonttaco.test') && m.subject.startsWith('A local creator wants to work with'),
    );
    expect(mail.replyTo).toBe('maya@example.com');
    expect(mail.text).toContain('I would love to film your al pastor!');

    // Un-featuring and declining ask first; Cancel sends nothing.
    const featured = admin.page.getByRole('article', { name: 'Tremont Taco Co' });
    await featured.getByLabel('Featured').click();
    const unfeature = admin.page.getByRole('dialog', { name: 'Remove Tremont Taco Co from featured?' });
    await unfeature.getByRole('button', { name: 'Cancel' }).click();
    await unfeature.waitFor({ state: 'hidden' });
    const businessRow = async () =>
      (
        await product.t.sql<{ status: string; featured: boolean }>(
          `select status, featured from amplify_submissions where business_name = 'Tremont Taco Co'`,
        )
      )[0];
    expect(await businessRow()).toEqual({ status: 'approved', featured: true });
    await featured.getByRole('button', { name: 'Decline' }).click();
    const decline = admin.page.getByRole('dialog', { name: 'Decline Tremont Taco Co?' });
    await decline
      .getByText('It is featured: declining also takes it off the featured page at once. It moves to the Declined tab.')
      .waitFor();
    await decline.getByRole('button', { name: 'Decline' }).click();
    await admin.page.getByText(MSG.statusUpdated).waitFor();
    await admin.page.getByRole('tab', { name: /Declined \(1\)/ }).waitFor();
    expect(await businessRow()).toEqual({ status: 'declined', featured: false });
    await visitor.context.close();
    await admin.context.close();
  });

  it("shows an approved creator's changes since verification until acknowledged, and reloads a page that went stale", async () => {
    const http = () => product.t.http();
    const auth = (s: { access_token: string }) => ({ Authorization: `Bearer ${s.access_token}` });
    const creator = (
      await http().post('/api/auth/signup').send({ email: 'changer@example.com', password: PASSWORD }).expect(201)
    ).body;
    const profile = {
      full_name: 'Changing Creator',
      phone: '216-555-0199',
      bio: 'Lakefront sunsets and Cleveland food.',
      neighborhood: 'Tremont',
      media_kit_url: null,
      link_hub_url: null,
      niches: ['Food'],
      platforms: [{ name: 'Instagram', handle: 'changer', url: '', followers: 900 }],
      content_types: ['Reels'],
      collab_types: ['Affiliate'],
      can_use_name_publicly: true,
    };
    const id = (await http().put('/api/me/profile').set(auth(creator)).send(profile).expect(201)).body.id as string;
    const adminSession = (
      await http().post('/api/auth/login').send({ email: adminEmail, password: PASSWORD }).expect(200)
    ).body;
    const { version } = (await http().get(`/api/admin/creators/${id}`).set(auth(adminSession)).expect(200)).body;
    await http()
      .put(`/api/admin/creators/${id}`)
      .set(auth(adminSession))
      .send({ approval_status: 'approved', version })
      .expect(200);
    await http()
      .put('/api/me/profile')
      .set(auth(creator))
      .send({ ...profile, full_name: 'Changed Creator', bio: 'Buy followers cheap, ask me how.' })
      .expect(200);

    const admin = await product.newPage();
    await signIn(admin.page, adminEmail);
    await admin.page.goto('/admin/all');
    await admin.page.getByLabel('Search name, e-mail, neighborhood or niche').fill('Changed Creator');
    const card = admin.page.getByRole('article', { name: 'Changed Creator' });
    await card.getByText('Changed since verification: full name, bio').waitFor();
    await card.getByRole('link', { name: 'Review & history' }).click();
    const changes = admin.page.getByRole('table', { name: 'Changes since verification' });
    await changes
      .getByRole('row', { name: 'Full name Changing Creator Changed Creator' })
      .waitFor({ timeout: PAGE_LOAD_TIMEOUT });
    await changes
      .getByRole('row', { name: 'Bio Lakefront sunsets and Cleveland food. Buy followers cheap, ask me how.' })
      .waitFor();

    // The creator changes the profile again while the page is open: acknowledging what the admin saw is refused, and the page reloads.
    await http()
      .put('/api/me/profile')
      .set(auth(creator))
      .send({
        ...profile,
        full_name: 'Changed Creator',
        bio: 'Buy followers cheap, ask me how.',
        neighborhood: 'Ohio City',
      })
      .expect(200);
    await admin.page.getByRole('button', { name: 'Acknowledge changes' }).click();
    await admin.page.getByText(MSG.creatorChanged).waitFor();
    await changes.getByRole('row', { name: 'Neighborhood Tremont Ohio City' }).waitFor();
    await admin.page.getByRole('button', { name: 'Acknowledge changes' }).click();
    await admin.page.getByRole('alert').getByText('Changes acknowledged').waitFor(); // the toast (the audit trail below names the action too)
    await changes.waitFor({ state: 'detached' });
    const audit = await product.t.sql<{ action: string }>(
      'select action from moderation_audit_log where subject_id = $1 order by created_at',
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual([
      'approve',
      'profile_changed',
      'profile_changed',
      'changes_acknowledged',
    ]);
    const [{ status }] = await product.t.sql<{ status: string }>(
      'select approval_status status from creator_profiles where id = $1',
      [id],
    );
    expect(status).toBe('approved');
    await admin.context.close();
  });

  it('sends signed-out visitors of /admin/amplify to the home page', async () => {
    const { page, context } = await product.newPage();
    await page.goto('/admin/amplify');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
