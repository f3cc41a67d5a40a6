import type { Page } from 'playwright-core';
import { PASSWORD, startProduct, type Product, signIn, seriousViolations } from './product';
import { validProfile } from '../../backend/test/creator/fixtures';

const SHOTS = process.env.SHOTS_DIR; // screenshots for a person to look at (never committed)

/** Serious or critical axe findings on the page as it is now. */
type Who = 'visitor' | 'creator' | 'admin';
interface Visit {
  name: string;
  who: Who;
  path: string | ((ids: Ids) => string);
  /** Brings the page to the state checked, once it has loaded. */
  ready: (page: Page) => Promise<unknown>;
  /** Only at these widths (a phone's menu); both by default. */
  widths?: number[];
}
type Ids = { listed: string; pending: string };

const h1 = (page: Page) => page.locator('h1').first().waitFor();
/** Until every CSS transition and animation (a drawer sliding in) has finished. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): { playState: string }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running'),
  );
const consoleTitle = (text: string) => (page: Page) =>
  page.locator('#react-admin-title').filter({ hasText: text }).waitFor();

/**
 * Issue 13: axe finds no serious or critical violation on any public or console page, at 1280 and
 * 375 px. One page per test, so a loaded machine never runs several pages into one timeout.
 */
const VISITS: Visit[] = [
  { name: 'landing', who: 'visitor', path: '/', ready: h1 },
  { name: 'directory', who: 'visitor', path: '/directory', ready: (p) => p.locator('main ul li h3').first().waitFor() },
  {
    name: 'directory by niche',
    who: 'visitor',
    path: '/directory?tab=niche',
    ready: (p) =>
      p
        .getByRole('link', { name: /View all/ })
        .first()
        .waitFor(),
  },
  {
    name: 'niche list',
    who: 'visitor',
    path: '/directory?niche=Food',
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Food creators' }).waitFor(),
  },
  {
    name: 'search results',
    who: 'visitor',
    path: '/directory?q=Axe&platform=Instagram',
    ready: (p) => p.getByText('1 verified creator matches your search').waitFor(),
  },
  {
    name: 'search that finds nobody, with did you mean',
    who: 'visitor',
    path: '/directory?q=Axe%20Lsted',
    ready: (p) => p.getByRole('link', { name: 'Axe Listed' }).waitFor(),
  },
  { name: 'profile', who: 'visitor', path: (ids) => `/creator/${ids.listed}`, ready: h1 },
  {
    name: 'contact form, open',
    who: 'visitor',
    path: (ids) => `/creator/${ids.listed}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Contact' }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Send message' }).waitFor();
    },
  },
  { name: 'unknown profile', who: 'visitor', path: '/creator/00000000-0000-4000-8000-000000000000', ready: h1 },
  { name: 'not found', who: 'visitor', path: '/no-such-page', ready: h1 },
  { name: 'sign up', who: 'visitor', path: '/signup', ready: h1 },
  { name: 'sign in', who: 'visitor', path: '/login', ready: h1 },
  {
    name: 'forgot password',
    who: 'visitor',
    path: '/login',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Forgot password?' }).click();
      await p.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    },
  },
  { name: 'playbook', who: 'visitor', path: '/playbook', ready: h1 },
  { name: 'amplify', who: 'visitor', path: '/amplify', ready: h1 },
  {
    name: 'featured businesses',
    who: 'visitor',
    path: '/amplify/featured',
    ready: (p) => p.getByRole('button', { name: 'Request an introduction' }).first().waitFor(),
  },
  { name: 'introduction confirmation', who: 'visitor', path: '/amplify/confirm?token=abc', ready: h1 },
  { name: 'about', who: 'visitor', path: '/about', ready: h1 },
  // A filled shortlist, its shared view and the confirmation page are checked in shortlists.e2e.ts.
  { name: 'shortlist, none yet', who: 'visitor', path: '/shortlist', ready: h1 },
  { name: 'shared shortlist, link not valid', who: 'visitor', path: '/shortlist/shared#token=abc', ready: h1 },
  { name: 'shortlist message confirmation', who: 'visitor', path: '/shortlist/confirm#token=abc', ready: h1 },
  // Nothing is recorded until its button is pressed (decision 0710); the journey is reply-times.e2e.ts.
  { name: 'I replied link', who: 'visitor', path: '/replied#token=abc', ready: h1 },
  { name: 'They replied link', who: 'visitor', path: '/they-replied#token=abc', ready: h1 },
  {
    name: "the phone's menu, open",
    who: 'visitor',
    path: '/',
    widths: [375],
    ready: async (p) => {
      await p.getByRole('button', { name: 'Open menu' }).click();
      await p.getByRole('button', { name: 'Close menu' }).waitFor();
      await settled(p);
    },
  },
  { name: 'dashboard', who: 'creator', path: '/dashboard', ready: (p) => p.getByTestId('status-label').waitFor() },
  ...[1, 2, 3, 4].map((step): Visit => ({
    name: `apply step ${step}`,
    who: 'creator',
    path: '/apply',
    ready: async (p) => {
      for (let s = 1; s < step; s++) {
        await p.getByText(`Step ${s} of 4`).waitFor();
        await p.getByRole('button', { name: 'Next' }).click();
      }
      await p.getByText(`Step ${step} of 4`).waitFor();
    },
  })),
  { name: 'console dashboard', who: 'admin', path: '/admin', ready: consoleTitle('Dashboard') },
  {
    name: 'console review queue',
    who: 'admin',
    path: '/admin/review',
    ready: (p) => p.getByText('Axe Pending').first().waitFor(),
  },
  {
    name: 'console all creators',
    who: 'admin',
    path: '/admin/all',
    ready: (p) => p.getByText('Axe Listed').first().waitFor(),
  },
  {
    name: 'console creator',
    who: 'admin',
    path: (ids) => `/admin/creators/${ids.listed}/show`,
    ready: (p) => p.getByText('Axe Listed').first().waitFor(),
  },
  {
    name: 'console businesses',
    who: 'admin',
    path: '/admin/amplify',
    ready: (p) => p.getByText('Axe Florist').first().waitFor(),
  },
  {
    name: 'console introductions',
    who: 'admin',
    path: '/admin/introduction-requests',
    ready: (p) => p.getByText('Maya Brooks').first().waitFor(),
  },
  {
    name: 'console brand messages',
    who: 'admin',
    path: '/admin/contact-requests',
    ready: consoleTitle('Brand messages'),
  },
  {
    name: 'console follower counts',
    who: 'admin',
    path: '/admin/follower-counts',
    ready: consoleTitle('Follower counts'),
  },
  { name: 'console audit trail', who: 'admin', path: '/admin/audit-log', ready: consoleTitle('Audit trail') },
  { name: 'console notifications', who: 'admin', path: '/admin/notifications', ready: consoleTitle('Notifications') },
  {
    name: 'console webhooks',
    who: 'admin',
    path: '/admin/webhooks',
    ready: (p) => p.getByText('No webhooks yet').first().waitFor(),
  },
  { name: 'console add a webhook', who: 'admin', path: '/admin/webhooks/create', ready: consoleTitle('Add a webhook') },
  {
    name: 'console unknown page',
    who: 'admin',
    path: '/admin/no-such-page',
    ready: (p) => p.getByText('Not Found', { exact: true }).first().waitFor(),
  },
  {
    name: 'console menu on a phone, open',
    who: 'admin',
    path: '/admin',
    widths: [375],
    ready: async (p) => {
      await consoleTitle('Dashboard')(p);
      await p.getByRole('button', { name: /menu/i }).first().click();
      await p.getByRole('menuitem', { name: 'Review queue' }).waitFor();
      await settled(p);
    },
  },
];

/**
 * Every page of VISITS at one width, in a product of its own: one file per width
 * (e2e/axe-every-page-*.e2e.ts), so the two run side by side, each about half of what one file
 * took (over 10 minutes on a loaded two-core host, where the suite stops a file).
 */
export function axeEveryPageAt(width: number) {
  describe(`accessibility of every page at ${width} px (axe: no serious or critical violation)`, () => {
    let product: Product;
    const ids = {} as Ids;
    const sessions = {} as Record<Exclude<Who, 'visitor'>, string>;

    beforeAll(async () => {
      product = await startProduct();
      const http = () => product.t.http();
      const signUp = async (email: string) =>
        (await http().post('/api/auth/signup').send({ email, password: PASSWORD }).expect(201)).body;
      const profile = async (session: { access_token: string }, full_name: string) =>
        (
          await http()
            .put('/api/me/profile')
            .set('Authorization', `Bearer ${session.access_token}`)
            .send(validProfile({ full_name }))
            .expect(201)
        ).body.id as string;

      const admin = await signUp('axe-admin@example.com');
      await product.t.sql(`insert into user_roles (user_id, role, created_at) values ($1, 'admin', now())`, [
        admin.user.id,
      ]);
      // Signed in after the grant, so the stored session already says admin (the console would
      // otherwise refresh it, and the next page's copy of the old refresh token would be refused).
      sessions.admin = JSON.stringify(
        (await http().post('/api/auth/login').send({ email: 'axe-admin@example.com', password: PASSWORD }).expect(200))
          .body,
      );
      const creator = await signUp('axe-creator@example.com');
      sessions.creator = JSON.stringify(creator);
      ids.pending = await profile(creator, 'Axe Pending');
      const listed = await signUp('axe-listed@example.com');
      ids.listed = await profile(listed, 'Axe Listed');
      const auth = { Authorization: `Bearer ${admin.access_token}` };
      const current = await http().get(`/api/admin/creators/${ids.listed}`).set(auth).expect(200);
      await http()
        .put(`/api/admin/creators/${ids.listed}`)
        .set(auth)
        .send({ approval_status: 'approved', version: current.body.version })
        .expect(200);
      await product.t.sql(`update creator_profiles set is_public = true, phone_verified = true where id = $1`, [
        ids.listed,
      ]);

      const business = (
        await http()
          .post('/api/amplify/submissions')
          .send({
            business_name: 'Axe Bakery',
            contact_name: 'Olga',
            contact_email: 'olga@bakery.test',
            category: 'Food & Drink',
            story: 'Bread and cakes.',
          })
          .expect(201)
      ).body.id as string;
      await product.t.sql(`update amplify_submissions set status = 'approved', featured = true where id = $1`, [
        business,
      ]);
      // One waiting for a decision too: the console's business page opens on those.
      await http()
        .post('/api/amplify/submissions')
        .send({
          business_name: 'Axe Florist',
          contact_name: 'Ann',
          contact_email: 'ann@florist.test',
          category: 'Retail & Shopping',
          story: 'Flowers.',
        })
        .expect(201);
      await product.t.sql(
        `insert into amplify_interest_requests (id, submission_id, creator_name, creator_email, message, created_at, confirmed_at)
       values (gen_random_uuid(), $1, 'Maya Brooks', 'maya@example.com', 'Love your bread', now(), now())`,
        [business],
      );
    });
    afterAll(() => product?.close());

    it.each(VISITS.filter((v) => !v.widths || v.widths.includes(width)).map((v) => [v.name, v] as const))(
      `%s at ${width} px`,
      async (name, visit) => {
        const { page, context } = await product.newPage({ width });
        if (visit.who !== 'visitor') {
          // Runs in the page: a signed-in browser, as the site stores its session.
          await signIn(page, sessions[visit.who]);
        }
        await page.goto(typeof visit.path === 'function' ? visit.path(ids) : visit.path);
        await visit.ready(page);
        await page.waitForLoadState('networkidle');
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/axe-${name.replace(/\s+/g, '-')}-${width}.png`, fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      },
    );
  });
}
