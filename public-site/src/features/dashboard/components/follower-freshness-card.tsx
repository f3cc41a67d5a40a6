import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { CalendarClock } from 'lucide-react';
import {
  MSG,
  followersDueReconfirmation,
  formatCount,
  type CreatorProfile,
  type OwnFollowerCount,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage } from '@/lib/api';

const confirmedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * Shown once a follower count is 90 days old (decision 0503): still right with one click, or
 * update them in the profile form. The same question goes out by mail.
 */
export function FollowerFreshnessCard({ profile }: { profile: CreatorProfile }) {
  const queryClient = useQueryClient();
  const key = ['me', 'followers', profile.id, profile.updated_at];
  const { data: counts } = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<OwnFollowerCount[]>('/api/me/profile/followers'),
  });
  const confirm = useMutation({
    mutationFn: () => apiFetch<OwnFollowerCount[]>('/api/me/profile/followers/confirm', { method: 'POST' }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      toast.success(MSG.followersConfirmed);
    },
    onError: (error) => toast.error(MSG.updateFailed, { description: errorMessage(error, MSG.somethingWrong) }),
  });
  const now = new Date();
  if (!counts?.some((c) => followersDueReconfirmation(c.confirmed_at, now))) return null;
  return (
    <section aria-labelledby="followers-fresh-title" className="rounded-xl border border-warning/40 bg-warning/10 p-6">
      <h2 id="followers-fresh-title" className="flex items-center gap-2 text-lg font-semibold">
        <CalendarClock className="size-5 text-warning" aria-hidden /> Are your follower counts still right?
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Brands see these numbers on your profile. Please confirm them, or update them if they changed.
      </p>
      <ul className="mt-4 space-y-1 text-sm" aria-label="Your follower counts">
        {counts.map((c) => (
          <li key={`${c.platform}:${c.handle}`}>
            <span className="font-medium">{c.platform}</span> @{c.handle.replace(/^@+/, '')}: {formatCount(c.followers)}{' '}
            <span className="text-muted-foreground">(confirmed {confirmedOn(c.confirmed_at)})</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Yes, still right'}
        </Button>
        <Button asChild variant="outline">
          <Link to="/apply">Update them</Link>
        </Button>
      </div>
    </section>
  );
}
