import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallRead, CallsPage, OwnCall } from '@local-creators/common';
import { ApiRequestError, apiFetch } from '@/lib/api';

const noRetryOn4xx = (failures: number, error: unknown) =>
  !(error instanceof ApiRequestError && error.status < 500) && failures < 2;

/** GET /api/calls?city=: keyed as the server keys the data it draws /calls from (PublicCalls.listPage). */
export function useCalls(city: string | null) {
  return useQuery({
    queryKey: ['calls', city],
    queryFn: () =>
      apiFetch<CallsPage>(city ? `/api/calls?city=${encodeURIComponent(city)}` : '/api/calls', { auth: false }),
    retry: noRetryOn4xx,
  });
}

/** The call as a list already read shows it (the list's items are the call page's data). */
function listedCall(queryClient: QueryClient, id: string): CallRead | undefined {
  for (const [, page] of queryClient.getQueriesData<CallsPage>({ queryKey: ['calls'] })) {
    const call = page?.calls.find((c) => c.id === id);
    if (call) return call;
  }
  return undefined;
}

/** GET /api/calls/{id}: a closed call (410) reads as `{ closed: true }`, as the server draws it. */
export function useCall(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    // Opened from the list: the call shows at once from the list's copy while its own read runs.
    placeholderData: () => listedCall(queryClient, id),
    queryKey: ['call', id],
    queryFn: async (): Promise<CallRead> => {
      try {
        return await apiFetch<CallRead>(`/api/calls/${encodeURIComponent(id)}`, { auth: false });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 410) return { id, closed: true };
        throw error;
      }
    },
    retry: noRetryOn4xx,
  });
}

/** GET /api/me/calls: the signed-in business's calls with their review. */
export function useMyCalls() {
  return useQuery({ queryKey: ['my-calls'], queryFn: () => apiFetch<OwnCall[]>('/api/me/calls') });
}
