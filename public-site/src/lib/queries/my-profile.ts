import { useQuery } from '@tanstack/react-query';
import type { CreatorProfile } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { useAuth } from '@/lib/auth';

export const myProfileKey = ['me', 'profile'] as const;

/** The signed-in creator's own profile, or null before the first application. */
export function useMyProfile() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...myProfileKey, user?.id],
    queryFn: () => apiFetch<CreatorProfile | null>('/api/me/profile'),
    enabled: !!user,
  });
}
