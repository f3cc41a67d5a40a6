import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorProfile } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { useAuth } from '@/lib/auth';

/** Every query about the signed-in creator's own profile starts with this key (the wizard and the dashboard share it). */
export const myProfileKey = ['me', 'profile'] as const;

/** GET /api/me/profile: the own profile, or null before the first application. */
const getMyProfile = () => apiFetch<CreatorProfile | null>('/api/me/profile');

const myProfileQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: [...myProfileKey, userId], queryFn: getMyProfile, enabled: !!userId });

export function useMyProfile() {
  const { user } = useAuth();
  return useQuery(myProfileQueryOptions(user?.id));
}

/** Listed in the directory, so its link works for everyone (the directory's own rule, server-side too). */
export const isListed = (p: Pick<CreatorProfile, 'is_public' | 'approval_status' | 'phone_verified'>) =>
  p.is_public && p.approval_status === 'approved' && p.phone_verified;
