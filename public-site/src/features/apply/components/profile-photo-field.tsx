import { useRef, type ChangeEvent } from 'react';
import { toast } from '@/lib/toast';
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { MSG, firstImageError, initials } from '@local-creators/common';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDeleteProfileImage } from '../api/delete-profile-image';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** The server's own refusals are the spec's texts; anything else is the generic upload failure. */
const uploadErrorMessage = (error: unknown) =>
  error instanceof ApiRequestError &&
  (error.message === MSG.imageNotImage ||
    error.message === MSG.imageTooLarge ||
    error.message === MSG.imageTooManyPixels)
    ? error.message
    : MSG.imageUploadFailed;

export function ProfilePhotoField({
  name,
  url,
  onChange,
}: {
  name: string;
  url: string | null;
  onChange: (url: string | null) => void;
}) {
  const { session } = useAuth();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const remove = useDeleteProfileImage();
  const busy = upload.isPending || remove.isPending;

  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = ''; // choosing the same file again fires change again
    if (!file) return;
    if (!session) return void toast.error(MSG.notAuthenticated);
    const problem = firstImageError(file);
    if (problem) return void toast.error(problem);
    upload.mutate(file, {
      onSuccess: (res) => {
        onChange(res.profile_image_url);
        toast.success(MSG.imageUploaded);
      },
      onError: (error) => toast.error(uploadErrorMessage(error)),
    });
  }

  function onRemove() {
    if (!session) return void toast.error(MSG.notAuthenticated);
    remove.mutate(undefined, {
      onSuccess: () => onChange(null),
      onError: () => toast.error(MSG.somethingWrong),
    });
  }

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-muted/40 p-4 sm:flex-row sm:items-center">
      <Avatar className="size-20 border-4 border-background text-xl shadow-sm">
        {url && <AvatarImage src={url} alt={name ? `Photo of ${name}` : 'Your profile photo'} />}
        <AvatarFallback className="text-xl">{initials(name || 'You')}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <label htmlFor="profile-image" className="text-sm font-medium">
            Profile photo
          </label>
          <p id="profile-image-hint" className="text-xs text-muted-foreground">
            A clear photo of your face helps brands recognise you. JPG, PNG or WebP, under 5MB.
          </p>
        </div>
        <input
          ref={fileRef}
          id="profile-image"
          type="file"
          accept="image/*"
          className="sr-only"
          aria-describedby="profile-image-hint"
          onChange={onFile}
          disabled={busy}
          tabIndex={-1}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => fileRef.current?.click()}>
            {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <ImagePlus aria-hidden />}
            {upload.isPending ? 'Uploading...' : url ? 'Change photo' : 'Upload photo'}
          </Button>
          {url && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={onRemove}
              className="text-muted-foreground hover:text-destructive"
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
