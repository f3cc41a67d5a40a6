import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectoryResponse } from '@local-creators/common';
import { apiFetch } from '@/lib/api';

/** GET /api/directory: counts, the 10 newest, and per niche up to 8 cards with the niche's total. */
const getDirectory = () => apiFetch<DirectoryResponse>('/api/directory', { auth: false });

const directoryQueryOptions = () => queryOptions({ queryKey: ['directory'], queryFn: getDirectory });

export const useDirectory = () => useQuery(directoryQueryOptions());
