import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

/**
 * A console page loaded when first opened, with its own loading view: the dashboard and the review
 * queue come with the console's first script, the other pages on demand (issue 12).
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
