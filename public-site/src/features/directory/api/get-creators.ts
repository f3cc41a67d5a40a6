import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPage, CreatorSearchQuery } from '@local-creators/common';
import { apiFetch } from '@/lib/api';

/** GET /api/creators?niche=&platform=&min_followers=&neighborhood=&q=&sort=&cursor=&per_page= (empty ones left out). */
function getCreators(query: CreatorSearchQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return apiFetch<CreatorPage>(`/api/creators?${params}`, { auth: false });
}

const creatorsQueryOptions = (query: CreatorSearchQuery) =>
  queryOptions({ queryKey: ['creators', query], queryFn: () => getCreators(query), placeholderData: keepPreviousData });

/** `enabled` false: nothing to ask (the URL names a niche that does not exist). */
export const useCreators = (query: CreatorSearchQuery, enabled = true) =>
  useQuery({ ...creatorsQueryOptions(query), enabled });
