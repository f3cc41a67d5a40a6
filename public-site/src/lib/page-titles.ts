import { MSG } from '@local-creators/common';

const SITE = 'Local Creators';
/** index.html's title (the server may have set the city in it): the landing page keeps it. */
const HOME_TITLE = typeof document !== 'undefined' && document.title ? document.title : SITE;

export const pageTitle = (name: string) => `${name} · ${SITE}`;

/** Pages whose title does not depend on what they load; every public route has its own (issue 13). */
const STATIC_TITLES: Record<string, string> = {
  '/signup': pageTitle('Join Free'),
  '/login': pageTitle('Sign In'),
  '/about': pageTitle('About'),
  '/playbook': pageTitle('Pricing Playbook'),
  '/amplify': pageTitle('Promote your business'),
  '/amplify/featured': pageTitle('Featured businesses'),
  '/amplify/confirm': pageTitle('Confirm your introduction'),
  '/directory': pageTitle('Directory'),
  '/apply': pageTitle('Apply'),
  '/dashboard': pageTitle('Dashboard'),
};

/**
 * The title a path starts with. A page that knows better once its data arrives (a profile's
 * name, a niche) sets its own afterwards.
 */
export function titleForPath(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return HOME_TITLE;
  if (STATIC_TITLES[path]) return STATIC_TITLES[path];
  if (/^\/creator\/[^/]+$/.test(path)) return pageTitle('Creator profile');
  return pageTitle(MSG.pageNotFound);
}
