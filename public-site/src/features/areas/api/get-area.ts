import { useQuery } from '@tanstack/react-query';
import type { AreaKind, AreaPageResponse, PublicAmplifySubmission } from '@local-creators/common';
import { ApiRequestError, apiFetch } from '@/lib/api';

/**
 * GET /api/directory/niches/{slug} or /neighborhoods/{slug}: keyed as the server keys the data it
 * draws the page from (AreaPages.pageOf), the slug in lower case as the server answers it.
 */
export function useArea(kind: AreaKind, slug: string, city: string | null) {
  const key = slug.toLowerCase();
  const query = city ? `?city=${encodeURIComponent(city)}` : '';
  return useQuery({
    // The city whose pages these are (decision 0620) is part of the key, as the server keys it.
    queryKey: ['area', kind, key, city],
    queryFn: () =>
      apiFetch<AreaPageResponse>(
        `/api/directory/${kind === 'niche' ? 'niches' : 'neighborhoods'}/${encodeURIComponent(key)}${query}`,
        { auth: false },
      ),
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status < 500) && failures < 2,
  });
}

async function loadFeatured(city: string | null) {
  try {
    return await apiFetch<PublicAmplifySubmission[]>(
      city ? `/api/amplify/featured?city=${encodeURIComponent(city)}` : '/api/amplify/featured',
      {
        auth: false,
      },
    );
  } catch (error) {
    console.error('featured businesses could not be loaded', error); // as on /amplify/featured: logged, the section says none
    return [];
  }
}

/** The featured businesses (the same query as /amplify/featured's); the neighbourhood page keeps those of its own (decision 0640). */
export const useFeaturedBusinesses = (city: string | null) =>
  useQuery({
    queryKey: city ? ['amplify', 'featured', city] : ['amplify', 'featured'],
    queryFn: () => loadFeatured(city),
  });
