import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import {
  LOCAL_AUDIENCE,
  MSG,
  PLATFORM_NAMES,
  formatMonthYear,
  localAudienceLine,
  localShareIsFresh,
  type CreatorProfile,
  type OwnLocalAudienceCheck,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError, apiFetch, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';

interface OwnLocalAudience {
  recorded: { share: number; checked_on: string } | null;
  checks: OwnLocalAudienceCheck[];
}

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A day in this browser's calendar, YYYY-MM-DD (the creator is in the city). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const dayText = (day: string) => `${Number(day.slice(8, 10))} ${formatMonthYear(`${day}T00:00:00Z`)}`;

/**
 * A local audience, proven (decision 0720): the creator sends a dated screenshot of a platform's
 * audience insights; an admin reads the share in the metro area and records it. The screenshot is
 * seen by admins only; the profile shows the share and the month it was checked.
 */
export function LocalAudienceCard({ profile }: { profile: CreatorProfile }) {
  const queryClient = useQueryClient();
  const key = ['me', 'local-audience', profile.id];
  const { data } = useQuery({ queryKey: key, queryFn: () => apiFetch<OwnLocalAudience>('/api/me/local-audience') });
  const platforms = profile.platforms.length ? [...new Set(profile.platforms.map((p) => p.name))] : [...PLATFORM_NAMES];
  const [platform, setPlatform] = useState<string>(platforms[0] ?? 'Instagram');
  const [showsOn, setShowsOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const now = new Date();
  const today = localDay(now);
  const earliest = localDay(new Date(now.getTime() - LOCAL_AUDIENCE.screenshotMaxAgeDays * 86_400_000));
  const send = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('platform', platform);
      form.append('shows_on', showsOn);
      if (file) form.append('file', file);
      return apiFetch<OwnLocalAudienceCheck>('/api/me/local-audience', { method: 'POST', formData: form });
    },
    onSuccess: () => {
      setFieldError(null);
      setFile(null);
      setShowsOn('');
      // The file input is the browser's own: clear it too.
      formRef.current?.reset();
      toast.success(MSG.localAudienceSent);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      setFieldError({
        field: error instanceof ApiRequestError ? error.field : undefined,
        message: errorMessage(error, MSG.somethingWrong),
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const line = localAudienceLine(data?.recorded, profile.city, now);
  const staleRecorded = data?.recorded && !localShareIsFresh(data.recorded.checked_on, now) ? data.recorded : null;
  const latest = data?.checks[0];
  const errorFor = (field: string) =>
    fieldError && (fieldError.field === field || (!fieldError.field && field === 'form')) ? (
      <p id={`local-audience-${field}-error`} role="alert" className="text-sm text-destructive">
        {fieldError.message}
      </p>
    ) : null;
  const describedBy = (field: string) => (fieldError?.field === field ? `local-audience-${field}-error` : undefined);

  return (
    <section
      aria-labelledby="local-audience-title"
      className="rounded-xl border border-border bg-background p-6 shadow-xs"
    >
      <h2 id="local-audience-title" className="flex items-center gap-2 text-lg font-semibold">
        <MapPin className="size-5 text-primary" aria-hidden /> Show brands your local audience
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Send a screenshot of a platform's audience insights that shows where your followers are and its date. We read
        the share of followers in the {profile.city} area and add it to your profile. Only our admins ever see the
        screenshot.
      </p>
      <div className="mt-4 space-y-1 text-sm" aria-live="polite">
        {line && (
          <p>
            Your profile shows: <strong className="font-semibold">{line}</strong>
          </p>
        )}
        {staleRecorded && (
          <p className="text-warning">
            The share checked in {formatMonthYear(`${staleRecorded.checked_on}T00:00:00Z`)} is more than{' '}
            {LOCAL_AUDIENCE.staleAfterDays} days old and no longer shows. Send a new screenshot.
          </p>
        )}
        {latest?.status === 'pending' && (
          <p>
            Waiting for an admin: your {latest.platform} screenshot of {dayText(latest.shows_on)}.
          </p>
        )}
        {latest?.status === 'rejected' && (
          <p>
            Your {latest.platform} screenshot was not accepted: {latest.reason}
          </p>
        )}
      </div>
      <form ref={formRef} className="mt-4 grid gap-4 sm:grid-cols-3" onSubmit={submit} noValidate>
        <div className="space-y-1.5">
          <Label htmlFor="local-audience-platform">Platform</Label>
          <select
            id="local-audience-platform"
            className={selectClass}
            value={platform}
            onChange={(e) => setPlatform(e.target.value)}
            aria-describedby={describedBy('platform')}
          >
            {platforms.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          {errorFor('platform')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="local-audience-date">Date the screenshot shows</Label>
          <Input
            id="local-audience-date"
            type="date"
            min={earliest}
            max={today}
            value={showsOn}
            onChange={(e) => {
              setShowsOn(e.target.value);
              if (fieldError?.field === 'shows_on') setFieldError(null);
            }}
            aria-invalid={fieldError?.field === 'shows_on' || undefined}
            aria-describedby={describedBy('shows_on')}
          />
          {errorFor('shows_on')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="local-audience-file">Screenshot</Label>
          <Input
            id="local-audience-file"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-invalid={fieldError?.field === 'file' || undefined}
            aria-describedby={describedBy('file')}
          />
          {errorFor('file')}
        </div>
        <div className="sm:col-span-3">
          {errorFor('form')}
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send screenshot'}
          </Button>
        </div>
      </form>
    </section>
  );
}
