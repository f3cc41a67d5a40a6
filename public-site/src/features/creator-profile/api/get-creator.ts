import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicCreator } from '@local-creators/common';
import { ApiRequestError, apiFetch } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { takeDrawnView } from '@/lib/page-visits';

/**
 * GET /api/creators/:id. Sends the bearer when signed in: the owner and admins may preview a
 * profile that is not listed yet; everyone else gets 404 'Profile not found'.
 */
const getCreator = (id: string) => {
  // For the creator's numbers: the list the site's link came from (`ref`, decision 0850), and
  // whether the server drew this page (and so already counted the view, decision 0820).
  const ref = new URLSearchParams(location.search).get('ref');
  return apiFetch<PublicCreator>(
    `/api/creators/${encodeURIComponent(id)}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`,
    {
      headers: takeDrawnView(id) ? { 'X-Drawn-View': '1' } : undefined,
    },
  );
};

const creatorQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    // The viewer is part of the key: signing in or out can turn a 404 into a preview and back.
    queryKey: ['creator', id, viewerId],
    queryFn: () => getCreator(id),
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
  });

export function useCreator(id: string) {
  const { user, loading } = useAuth();
  // While a signed-in viewer's own copy loads, the same profile as drawn for everyone stays on screen.
  return useQuery({
    ...creatorQueryOptions(id, user?.id ?? null),
    enabled: !loading,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === id ? previous : undefined),
  });
}
