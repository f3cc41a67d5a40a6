import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryResponse } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { usePageCity } from '@/lib/use-city';

/** GET /api/directory: counts, the 10 newest, and per niche up to 8 cards with the niche's total; of one city with `?city=`. */
const getDirectory = (city?: string) =>
  apiFetch<DirectoryResponse>(city ? `/api/directory?city=${encodeURIComponent(city)}` : '/api/directory', {
    auth: false,
  });

// Keyed as the server draws it (a city's: ['directory', slug], decision 0620).
const directoryQueryOptions = (city?: string) =>
  queryOptions({ queryKey: city ? ['directory', city] : ['directory'], queryFn: () => getDirectory(city) });

/** The overview of the city whose pages are open, else of every city (a one-city install's one). */
export const useDirectory = () => useQuery(directoryQueryOptions(usePageCity()?.slug));
