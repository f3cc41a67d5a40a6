/** The browser title of each console page (issue 13: every page its own), from the path under the console's basename. */
const PAGES: [RegExp, string][] = [
  [/^\/?$/, 'Dashboard'],
  [/^\/review$/, 'Review queue'],
  [/^\/all$/, 'All creators'],
  [/^\/amplify$/, 'Businesses'],
  [/^\/calls/, 'Open calls'],
  [/^\/creators\/[^/]+(\/show)?$/, 'Creator'],
  [/^\/creators$/, 'All creators'],
  [/^\/introduction-requests/, 'Introduction requests'],
  [/^\/contact-requests/, 'Brand messages'],
  [/^\/follower-counts/, 'Follower counts'],
  [/^\/audit-log/, 'Audit trail'],
  [/^\/notifications/, 'Notifications'],
  [/^\/webhooks\/create$/, 'Add a webhook'],
  [/^\/webhooks\/[^/]+\/show$/, 'Webhook'],
  [/^\/webhooks/, 'Webhooks'],
  [/^\/login/, 'Sign In'],
];

export function consoleTitle(pathUnderBasename: string): string {
  const path = pathUnderBasename.replace(/\/+$/, '');
  const page = PAGES.find(([pattern]) => pattern.test(path))?.[1];
  return page ? `${page} · Admin · Local Creators` : 'Admin · Local Creators';
}
