import { useLocation } from 'react-router-dom';
import { signInPathFor } from '@local-creators/common';

/**
 * The sign-in page's address from this page: back here after signing in (decision 0935). The path
 * and query only: an address's #fragment may hold a key (a shortlist's) that must not reach a query.
 */
export function useSignInPath(): string {
  const { pathname, search } = useLocation();
  return signInPathFor(pathname + search);
}
