import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PageSkeleton } from './skeletons';

/**
 * A console page loaded when first opened, with its own loading view: the dashboard and the review
 * queue come with the console's first script, the other pages on demand (issue 12). While the
 * script loads, a placeholder of the page (decision 0261): react-admin's <Loading> shows nothing
 * for its first second, a blank area.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageSkeleton />,
): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  };
}
