import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  BrowserRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  useParams,
} from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { PageLoading } from '@/components/layout/page';
import { AuthProvider, useAuth } from '@/lib/auth';
import { titleForPath } from '@/lib/page-titles';
import { useToastsWanted } from '@/lib/toast';
import { CITIES, cityPath, enterCityOf, lastCity, rememberCity, withoutCitySlug } from '@/lib/site-config';
import { useRememberedCity } from '@/lib/use-city';
import { useSignInPath } from '@/lib/sign-in-path';
import LandingPage from '@/features/marketing/landing-page';
import { CALL_PATH } from '@local-creators/common';

/** The pages a route draws: loaded on demand in the browser, bundled whole for the server's renderer. */
export interface SiteViews {
  SignUpPage: ComponentType;
  LoginPage: ComponentType;
  ConfirmEmailPage: ComponentType;
  AboutPage: ComponentType;
  NotFoundPage: ComponentType;
  PlaybookPage: ComponentType;
  AmplifyPage: ComponentType;
  FeaturedPage: ComponentType;
  ConfirmIntroductionPage: ComponentType;
  DirectoryPage: ComponentType;
  CreatorProfilePage: ComponentType;
  ApplyPage: ComponentType;
  DashboardPage: ComponentType;
  ShortlistPage: ComponentType;
  SharedShortlistPage: ComponentType;
  ConfirmShortlistMessagePage: ComponentType;
  RepliedPage: ComponentType;
  TheyRepliedPage: ComponentType;
  AreaPage: ComponentType;
  CitiesPage: ComponentType;
  CallsPage: ComponentType;
  CallPage: ComponentType;
  NewCallPage: ComponentType;
  MyCallsPage: ComponentType;
}

/**
 * React.lazy that can be loaded ahead: a view loaded before the first render draws at once, so a
 * page the server drew hydrates without suspending. (A suspended part waits for its code; any
 * update reaching it meanwhile, such as the session being read, made React throw the server's
 * HTML away and draw it again: every link of the page replaced under the visitor's finger.)
 */
function preloadableView(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(load);
  const View = () => (loaded ? createElement(loaded) : <Lazy />);
  return Object.assign(View, { preload: () => load().then((m) => void (loaded ??= m.default)) });
}

// The landing page ships in the main bundle; every other route loads on demand (the server
// preloads a page's chunks by these modules: SITE_PAGES' `view`).
const LAZY_VIEWS = {
  SignUpPage: preloadableView(() => import('@/features/auth/sign-up-page')),
  LoginPage: preloadableView(() => import('@/features/auth/login-page')),
  ConfirmEmailPage: preloadableView(() => import('@/features/auth/confirm-email-page')),
  AboutPage: preloadableView(() => import('@/features/marketing/about-page')),
  NotFoundPage: preloadableView(() => import('@/features/marketing/not-found-page')),
  PlaybookPage: preloadableView(() => import('@/features/playbook/playbook-page')),
  AmplifyPage: preloadableView(() => import('@/features/amplify/amplify-page')),
  FeaturedPage: preloadableView(() => import('@/features/amplify/featured-page')),
  ConfirmIntroductionPage: preloadableView(() => import('@/features/amplify/confirm-page')),
  DirectoryPage: preloadableView(() => import('@/features/directory/directory-page')),
  CreatorProfilePage: preloadableView(() => import('@/features/creator-profile/creator-profile-page')),
  ApplyPage: preloadableView(() => import('@/features/apply/apply-page')),
  DashboardPage: preloadableView(() => import('@/features/dashboard/dashboard-page')),
  ShortlistPage: preloadableView(() => import('@/features/shortlist/shortlist-page')),
  SharedShortlistPage: preloadableView(() => import('@/features/shortlist/shared-shortlist-page')),
  ConfirmShortlistMessagePage: preloadableView(() => import('@/features/shortlist/confirm-message-page')),
  RepliedPage: preloadableView(() => import('@/features/replies/replied-page')),
  TheyRepliedPage: preloadableView(() => import('@/features/replies/they-replied-page')),
  AreaPage: preloadableView(() => import('@/features/areas/area-page')),
  CitiesPage: preloadableView(() => import('@/features/marketing/cities-page')),
  CallsPage: preloadableView(() => import('@/features/calls/calls-page')),
  CallPage: preloadableView(() => import('@/features/calls/call-page')),
  NewCallPage: preloadableView(() => import('@/features/calls/new-call-page')),
  MyCallsPage: preloadableView(() => import('@/features/calls/my-calls-page')),
} satisfies SiteViews;

/** Which view SiteRoutes draws at a path (null: the landing page, in the main bundle). */
export function viewForPath(pathname: string): keyof SiteViews | null {
  let path = pathname.replace(/\/+$/, '') || '/';
  if (CITIES && !CITIES.host && path === '/') return 'CitiesPage';
  // A city's pages (decision 0620) are the same views under its slug.
  path = withoutCitySlug(path);
  if (path === '/') return null;
  if (/^\/creator\/[^/]+$/.test(path)) return 'CreatorProfilePage';
  if (/^\/(niche|neighborhood)\/[^/]+$/.test(path)) return 'AreaPage';
  if (CALL_PATH.test(path)) return 'CallPage';
  const exact: Record<string, keyof SiteViews> = {
    '/signup': 'SignUpPage',
    '/login': 'LoginPage',
    '/confirm-email': 'ConfirmEmailPage',
    '/about': 'AboutPage',
    '/playbook': 'PlaybookPage',
    '/amplify': 'AmplifyPage',
    '/amplify/featured': 'FeaturedPage',
    '/amplify/confirm': 'ConfirmIntroductionPage',
    '/directory': 'DirectoryPage',
    '/apply': 'ApplyPage',
    '/dashboard': 'DashboardPage',
    '/shortlist': 'ShortlistPage',
    '/shortlist/shared': 'SharedShortlistPage',
    '/shortlist/confirm': 'ConfirmShortlistMessagePage',
    '/replied': 'RepliedPage',
    '/they-replied': 'TheyRepliedPage',
    '/calls': 'CallsPage',
    '/calls/new': 'NewCallPage',
    '/calls/mine': 'MyCallsPage',
  };
  return exact[path] ?? 'NotFoundPage';
}

/** Loads the view of the page the browser opened on, before it is hydrated (main.tsx). */
export async function preloadViewFor(pathname: string) {
  const view = viewForPath(pathname);
  if (view) await LAZY_VIEWS[view].preload();
}

/**
 * Toast texts dark enough for 4.5:1 on their tinted backgrounds (sonner's own reds, greens, blues
 * and ambers fall just short). Bottom-centre keeps them off the header's navigation.
 */
const TOAST_COLORS = {
  '--error-text': '#b91c1c',
  '--success-text': '#166534',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
} as CSSProperties;

/**
 * The toasts' live region, mounted with the first toast (lib/toast.ts): sonner (33 KB, and a
 * stylesheet it inserts) is loaded only by a visit that raises one (issue 12; the scripts budget of
 * issue 25). A toast raised before the Toaster arrives is shown when it mounts: sonner replays the
 * active ones to a Toaster that subscribes late. Nothing is drawn on the server.
 */
const SonnerToaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
function Toasts() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster richColors position="bottom-center" closeButton style={TOAST_COLORS} />
    </Suspense>
  );
}

/** The browser's query cache; a page the server drew arrives with its data (main.tsx). */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });

/**
 * Signed-out visitors of a private page go to /login (once the stored session has been read), and
 * back to the page after signing in (decision 0935; plain /login for the dashboard, where it leads anyway).
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const signInPath = useSignInPath();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to={signInPath} replace />;
  return children;
}

/**
 * /login and /signup: a visitor who is already signed in when the page opens goes to the dashboard
 * (a reset link still opens the new-password form; signing in on the page itself moves on by itself).
 * Until the stored session is read, the page is drawn as for a signed-out visitor, as the server
 * draws it: its form is in the first HTML and works before the scripts run (decision 0670).
 */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Decided once per page visit: the sign-in or sign-up done on this page must not bounce it.
  const decided = useRef<{ path: string; away: boolean } | null>(null);
  if (loading) return children;
  if (decided.current?.path !== location.pathname)
    decided.current = { path: location.pathname, away: !!user && !/type=recovery/.test(location.hash) };
  if (decided.current.away) return <Navigate to="/dashboard" replace />;
  return children;
}

/** The path of the page the server drew, when this browser is taking one over (issue 12). */
const drawnPath =
  typeof document !== 'undefined' && document.getElementById('root')?.firstElementChild ? location.pathname : null;

/**
 * A city's pages (`/akron/directory`, decision 0620): an unknown city is the 404 page. The visitor's
 * city is remembered, so an address without one (a dashboard's /apply) opens theirs.
 */
function CityPages({ notFound }: { notFound: ReactNode }) {
  const { city = '' } = useParams();
  const known = CITIES?.list.some((c) => c.slug === city);
  useEffect(() => {
    if (known) rememberCity(city);
  }, [city, known]);
  return known ? <Outlet /> : notFound;
}

/** An old one-city address on an install of several cities: the same page under the visitor's city (decision 0621). */
function ToCity() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={cityPath(`${pathname}${search}${hash}`, lastCity()?.slug)} replace />;
}

function Layout() {
  const { pathname, hash } = useLocation();
  // The city the page's texts name: the city whose pages these are, else the visitor's (once the
  // browser has taken the page over), else the home city.
  const visitorCity = useRememberedCity();
  enterCityOf(pathname, visitorCity?.slug);
  const navigation = useNavigationType();
  // A layout effect: it runs before the pages' own effects, which may then name the page better.
  // The page the server drew already carries its full title (a profile's name): it is kept, not
  // replaced by the generic one for the moment until the page's own effect runs.
  const drawnTitleKept = useRef(false);
  useLayoutEffect(() => {
    if (!drawnTitleKept.current) {
      drawnTitleKept.current = true;
      if (drawnPath === pathname) return;
    }
    document.title = titleForPath(pathname);
  }, [pathname]);
  // A new page opens at its top (a link clicked far down the directory opened the profile half
  // way down); back and forward keep the browser's own scroll, and a #hash its target.
  useLayoutEffect(() => {
    if (navigation !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** The route table, drawing `views`: the same in the browser and in the server's renderer. */
export function SiteRoutes({ views }: { views: SiteViews }) {
  // On an install of several cities (decision 0620) `/` lists them and each city's pages live
  // under its slug; the old addresses lead there. A one-city install's table is as it was.
  const cities = !!CITIES;
  // On a city's own host name (decision 0623) the root paths are that city's pages.
  const onHost = !!CITIES?.host;
  const old = (page: ReactNode) => (cities && !onHost ? <ToCity /> : page);
  const apply = (
    <RequireAuth>
      <views.ApplyPage />
    </RequireAuth>
  );
  const newCall = (
    <RequireAuth>
      <views.NewCallPage />
    </RequireAuth>
  );
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={cities && !onHost ? <views.CitiesPage /> : <LandingPage />} />
        {cities && (
          <Route path="/:city" element={<CityPages notFound={<views.NotFoundPage />} />}>
            <Route index element={<LandingPage />} />
            <Route path="directory" element={<views.DirectoryPage />} />
            <Route path="creator/:id" element={<views.CreatorProfilePage />} />
            <Route path="niche/:slug" element={<views.AreaPage />} />
            <Route path="neighborhood/:slug" element={<views.AreaPage />} />
            <Route path="amplify" element={<views.AmplifyPage />} />
            <Route path="amplify/featured" element={<views.FeaturedPage />} />
            <Route path="apply" element={apply} />
            <Route path="calls" element={<views.CallsPage />} />
            <Route path="calls/new" element={newCall} />
            <Route path="calls/:id" element={<views.CallPage />} />
            <Route path="*" element={<views.NotFoundPage />} />
          </Route>
        )}
        <Route
          path="/signup"
          element={
            <SignedOutOnly>
              <views.SignUpPage />
            </SignedOutOnly>
          }
        />
        <Route
          path="/login"
          element={
            <SignedOutOnly>
              <views.LoginPage />
            </SignedOutOnly>
          }
        />
        <Route path="/confirm-email" element={<views.ConfirmEmailPage />} />
        <Route path="/about" element={<views.AboutPage />} />
        <Route path="/playbook" element={<views.PlaybookPage />} />
        <Route path="/amplify" element={old(<views.AmplifyPage />)} />
        <Route path="/amplify/featured" element={old(<views.FeaturedPage />)} />
        <Route path="/amplify/confirm" element={<views.ConfirmIntroductionPage />} />
        <Route path="/directory" element={old(<views.DirectoryPage />)} />
        <Route path="/creator/:id" element={old(<views.CreatorProfilePage />)} />
        <Route path="/niche/:slug" element={old(<views.AreaPage />)} />
        <Route path="/neighborhood/:slug" element={old(<views.AreaPage />)} />
        <Route path="/shortlist" element={<views.ShortlistPage />} />
        <Route path="/shortlist/shared" element={<views.SharedShortlistPage />} />
        <Route path="/shortlist/confirm" element={<views.ConfirmShortlistMessagePage />} />
        <Route path="/replied" element={<views.RepliedPage />} />
        <Route path="/they-replied" element={<views.TheyRepliedPage />} />
        <Route path="/apply" element={old(apply)} />
        <Route path="/calls" element={old(<views.CallsPage />)} />
        <Route path="/calls/new" element={old(newCall)} />
        <Route path="/calls/:id" element={old(<views.CallPage />)} />
        <Route
          path="/calls/mine"
          element={
            <RequireAuth>
              <views.MyCallsPage />
            </RequireAuth>
          }
        />
        <Route
          path="/dashboard"
          element={
            <RequireAuth>
              <views.DashboardPage />
            </RequireAuth>
          }
        />
        <Route path="*" element={<views.NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Providers around the routes: the query cache, the session, the toasts. */
export function SiteShell({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        {children}
        <Toasts />
      </AuthProvider>
    </QueryClientProvider>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <SiteShell client={queryClient}>
      <BrowserRouter>
        <SiteRoutes views={LAZY_VIEWS} />
      </BrowserRouter>
    </SiteShell>
  );
}
