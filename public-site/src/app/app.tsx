import { lazy, Suspense, useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { PageLoading } from '@/components/layout/page';
import { AuthProvider, useAuth } from '@/lib/auth';
import { titleForPath } from '@/lib/page-titles';
import LandingPage from '@/features/marketing/landing-page';

// The landing page ships in the main bundle; every other route loads on demand.
const SignUpPage = lazy(() => import('@/features/auth/sign-up-page'));
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const AboutPage = lazy(() => import('@/features/marketing/about-page'));
const NotFoundPage = lazy(() => import('@/features/marketing/not-found-page'));
const PlaybookPage = lazy(() => import('@/features/playbook/playbook-page'));
const AmplifyPage = lazy(() => import('@/features/amplify/amplify-page'));
const FeaturedPage = lazy(() => import('@/features/amplify/featured-page'));
const ConfirmIntroductionPage = lazy(() => import('@/features/amplify/confirm-page'));
const DirectoryPage = lazy(() => import('@/features/directory/directory-page'));
const CreatorProfilePage = lazy(() => import('@/features/creator-profile/creator-profile-page'));
const ApplyPage = lazy(() => import('@/features/apply/apply-page'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));

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

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });

/** Signed-out visitors of a private page go to /login (once the stored session has been read). */
function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/**
 * /login and /signup: a visitor who is already signed in when the page opens goes to the dashboard
 * (a reset link still opens the new-password form; signing in on the page itself moves on by itself).
 */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Decided once per page visit: the sign-in or sign-up done on this page must not bounce it.
  const decided = useRef<{ path: string; away: boolean } | null>(null);
  if (loading) return <PageLoading />;
  if (decided.current?.path !== location.pathname) decided.current = { path: location.pathname, away: !!user && !/type=recovery/.test(location.hash) };
  if (decided.current.away) return <Navigate to="/dashboard" replace />;
  return children;
}

function Layout() {
  const { pathname } = useLocation();
  // A layout effect: it runs before the pages' own effects, which may then name the page better.
  useLayoutEffect(() => {
    document.title = titleForPath(pathname);
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

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <Routes>
            <Route element={<Layout />}>
              <Route path="/" element={<LandingPage />} />
              <Route
                path="/signup"
                element={
                  <SignedOutOnly>
                    <SignUpPage />
                  </SignedOutOnly>
                }
              />
              <Route
                path="/login"
                element={
                  <SignedOutOnly>
                    <LoginPage />
                  </SignedOutOnly>
                }
              />
              <Route path="/about" element={<AboutPage />} />
              <Route path="/playbook" element={<PlaybookPage />} />
              <Route path="/amplify" element={<AmplifyPage />} />
              <Route path="/amplify/featured" element={<FeaturedPage />} />
              <Route path="/amplify/confirm" element={<ConfirmIntroductionPage />} />
              <Route path="/directory" element={<DirectoryPage />} />
              <Route path="/creator/:id" element={<CreatorProfilePage />} />
              <Route
                path="/apply"
                element={
                  <RequireAuth>
                    <ApplyPage />
                  </RequireAuth>
                }
              />
              <Route
                path="/dashboard"
                element={
                  <RequireAuth>
                    <DashboardPage />
                  </RequireAuth>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </BrowserRouter>
        <Toaster richColors position="bottom-center" closeButton style={TOAST_COLORS} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
