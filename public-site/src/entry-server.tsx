import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import type { PageQueries } from '@local-creators/common';
import { SiteRoutes, SiteShell, type SiteViews } from './app/app';
import { CITY, FLAVOR, setCities, setCity, type CityFlavor, type SiteCities } from './lib/site-config';
import SignUpPage from '@/features/auth/sign-up-page';
import LoginPage from '@/features/auth/login-page';
import AboutPage from '@/features/marketing/about-page';
import NotFoundPage from '@/features/marketing/not-found-page';
import PlaybookPage from '@/features/playbook/playbook-page';
import AmplifyPage from '@/features/amplify/amplify-page';
import FeaturedPage from '@/features/amplify/featured-page';
import ConfirmIntroductionPage from '@/features/amplify/confirm-page';
import ConfirmEmailPage from '@/features/auth/confirm-email-page';
import DirectoryPage from '@/features/directory/directory-page';
import CreatorProfilePage from '@/features/creator-profile/creator-profile-page';
import ApplyPage from '@/features/apply/apply-page';
import DashboardPage from '@/features/dashboard/dashboard-page';
import ShortlistPage from '@/features/shortlist/shortlist-page';
import SharedShortlistPage from '@/features/shortlist/shared-shortlist-page';
import ConfirmShortlistMessagePage from '@/features/shortlist/confirm-message-page';
import RepliedPage from '@/features/replies/replied-page';
import TheyRepliedPage from '@/features/replies/they-replied-page';
import AreaPage from '@/features/areas/area-page';
import CitiesPage from '@/features/marketing/cities-page';
import CallsPage from '@/features/calls/calls-page';
import CallPage from '@/features/calls/call-page';
import NewCallPage from '@/features/calls/new-call-page';
import MyCallsPage from '@/features/calls/my-calls-page';

/**
 * The server's renderer (built to dist/server/entry-server.cjs, loaded by backend/src/web/spa.ts):
 * draws a public page's first view, signed out, from the data the server has for it, so the first
 * paint is the page and not a blank screen (issue 12). The browser hydrates it (main.tsx).
 */
const VIEWS: SiteViews = {
  SignUpPage,
  LoginPage,
  AboutPage,
  NotFoundPage,
  PlaybookPage,
  AmplifyPage,
  FeaturedPage,
  ConfirmIntroductionPage,
  ConfirmEmailPage,
  DirectoryPage,
  CreatorProfilePage,
  ApplyPage,
  DashboardPage,
  ShortlistPage,
  SharedShortlistPage,
  ConfirmShortlistMessagePage,
  RepliedPage,
  TheyRepliedPage,
  AreaPage,
  CitiesPage,
  CallsPage,
  CallPage,
  NewCallPage,
  MyCallsPage,
};

/** Before the first page: the configured city (CITY) and its own lines of copy, if any (decision 0600). */
export function configure(opts: { city: string; copy?: Partial<CityFlavor> }) {
  setCity(opts.city, opts.copy);
}

/** The page at `url` (path and query) as HTML for `#root`, drawn from `queries`. */
export function render(
  url: string,
  queries: PageQueries,
  site?: { city: string; copy?: Partial<CityFlavor>; cities: SiteCities },
): string {
  if (!site) return draw(url, queries);
  // A page of an install of several cities (decision 0620): its city and every city while it is
  // drawn (synchronously), then the configured site again.
  const before = { city: CITY, flavor: FLAVOR };
  setCities(site.cities);
  setCity(site.city, site.copy);
  try {
    return draw(url, queries);
  } finally {
    setCities(null);
    setCity(before.city, before.flavor);
  }
}

function draw(url: string, queries: PageQueries): string {
  // Nothing is fetched here (no observer subscribes during renderToString), yet queries stay enabled:
  // a query without data then draws what the browser's first render draws, its fetching state
  // (`enabled: false` drew it idle, and a page showing `isLoading` was thrown away and redrawn:
  // React #418, issue 25).
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [key, data] of queries) client.setQueryData(key, data);
  return renderToString(
    <SiteShell client={client}>
      <StaticRouter location={url}>
        <SiteRoutes views={VIEWS} />
      </StaticRouter>
    </SiteShell>,
  );
}
