import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import amplifySubmissions, { AmplifyAdmin } from './amplify-submissions';
import auditLog from './audit-log';
import calls from './calls';
import { authProvider } from './auth/auth-provider';
import creators, { AllCreators, ReviewQueue } from './creators';
import { Dashboard } from './dashboard/dashboard';
import { dataProvider } from './data/data-provider';
import { AppLayout } from './layout/app-layout';
import { theme } from './layout/theme';
import { ConsoleSkeleton } from './shared/skeletons';
import contactRequests from './contact-requests';
import followerCounts from './follower-counts';
import introductionRequests from './introduction-requests';
import notifications from './notifications';
import webhooks from './webhooks';

/**
 * The console under /admin. A BrowserRouter (not react-admin's default hash router) so the spec's
 * URLs are real paths: /admin, /admin/review, /admin/all, /admin/amplify (custom routes), plus the
 * resources' own pages (/admin/creators/:id/show, /admin/audit-log, /admin/notifications).
 * No login page: the public site signs people in (see auth/auth-provider.ts).
 */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Admin
              basename="/admin"
              title="Local Creators admin"
              authProvider={authProvider}
              dataProvider={dataProvider}
              dashboard={Dashboard}
              layout={AppLayout}
              theme={theme}
              loginPage={false}
              loading={ConsoleSkeleton}
              requireAuth
              disableTelemetry
            >
              <Resource name="creators" {...creators} />
              <Resource name="amplify-submissions" {...amplifySubmissions} />
              <Resource name="calls" {...calls} />
              <Resource name="introduction-requests" {...introductionRequests} />
              <Resource name="contact-requests" {...contactRequests} />
              <Resource name="follower-counts" {...followerCounts} />
              <Resource name="audit-log" {...auditLog} />
              <Resource name="notifications" {...notifications} />
              <Resource name="webhooks" {...webhooks} />
              <CustomRoutes>
                <Route path="/review" element={<ReviewQueue />} />
                <Route path="/all" element={<AllCreators />} />
                <Route path="/amplify" element={<AmplifyAdmin />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
