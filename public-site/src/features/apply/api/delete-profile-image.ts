import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { myProfileKey } from '@/lib/queries/my-profile';

/** DELETE /api/me/profile/image (204). */
const deleteProfileImage = () => apiFetch<void>('/api/me/profile/image', { method: 'DELETE' });

export function useDeleteProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileKey }),
  });
}
