import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatorProfile, ProfileInput } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { myProfileKey } from '@/lib/queries/my-profile';

/**
 * PUT /api/me/profile with the validated ProfileInput: creates the profile (pending) or updates it
 * (status untouched). The photo is not part of the body: the server keeps it per user.
 */
const saveMyProfile = (body: ProfileInput) => apiFetch<CreatorProfile>('/api/me/profile', { method: 'PUT', body });

export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileKey }),
  });
}
