import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Check, ExternalLink, Ship } from 'lucide-react';
import { MSG, type CreatorProfile } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage } from '@/lib/api';
import { myProfileKey } from '@/lib/queries/my-profile';

/** Affiliate partner page for verified creators: the comedy cruise crew. */
const FLOATERS_CREW_URL = 'https://www.floaterscomedycruise.com/crew?ref=localcreators';

/** The creator says they joined: has_joined_floaters_crew is set and the promotion stops showing (spec 2). */
function useMarkJoined() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CreatorProfile>('/api/me/profile/crew', { method: 'POST' }),
    onSuccess: async () => {
      toast.success('Welcome aboard the crew!', { description: 'We will stop showing the crew promotion.' });
      await queryClient.invalidateQueries({ queryKey: myProfileKey });
    },
    onError: (error) => toast.error('Could not save that', { description: errorMessage(error, MSG.somethingWrong) }),
  });
}

export function CrewPromoCard() {
  const markJoined = useMarkJoined();
  return (
    <section
      aria-labelledby="crew-promo-title"
      className="relative overflow-hidden rounded-xl bg-gradient-to-br from-sky-700 via-indigo-700 to-primary p-6 text-white shadow-sm sm:p-8"
    >
      <Ship className="absolute -right-6 -bottom-6 size-40 text-white/10" aria-hidden />
      <div className="relative max-w-xl space-y-3">
        <p className="text-xs font-semibold tracking-wider text-amber-200 uppercase">For verified creators</p>
        <h2 id="crew-promo-title" className="text-xl font-bold tracking-tight sm:text-2xl">
          Join the Floaters comedy cruise crew
        </h2>
        <p className="text-sm text-white/85">
          Stand-up on the lake, sunsets included. Crew members get a free seat for a night of content and earn a
          commission on every ticket sold through their link.
        </p>
        <Button asChild variant="secondary" className="mt-2">
          <a href={FLOATERS_CREW_URL} target="_blank" rel="noopener noreferrer">
            Become a crew member <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button
          variant="ghost"
          className="mt-2 text-white hover:bg-white/15 hover:text-white sm:ml-2"
          disabled={markJoined.isPending}
          onClick={() => markJoined.mutate()}
        >
          <Check aria-hidden /> I've joined the crew
        </Button>
      </div>
    </section>
  );
}
