import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatorProfile, ProfileInput } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { myProfileKey } from '@/lib/queries/my-profile';
import { usePageCity } from '@/lib/use-city';

/**
 * PUT /api/me/profile with the validated ProfileInput: creates the profile (pending) or updates it
 * (status untouched). The photo is not part of the body: the server keeps it per user.
 */
const saveMyProfile = (body: ProfileInput & { city?: string }) =>
  apiFetch<CreatorProfile>('/api/me/profile', { method: 'PUT', body });

/**
 * Under a city's pages (`/akron/apply`, decision 0620) the application joins that city: `city` is
 * sent with each save (the server keeps a profile's city once it has one).
 */
export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  const city = usePageCity()?.slug;
  return useMutation({
    mutationFn: (body: ProfileInput) => saveMyProfile(city ? { ...body, city } : body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileKey }),
  });
}
