import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { myProfileKey } from '@/lib/queries/my-profile';

/** PUT /api/me/profile/image, multipart with the field `file`. Works before the profile exists. */
function uploadProfileImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return apiFetch<{ profile_image_url: string }>('/api/me/profile/image', { method: 'PUT', formData });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileKey }),
  });
}
