import { ExternalLink, Ship } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Affiliate partner page for verified creators: the comedy cruise crew. */
const FLOATERS_CREW_URL = 'https://www.floaterscomedycruise.com/crew?ref=localcreators';

export function CrewPromoCard() {
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
          Stand-up on the lake, sunsets included. Crew members get a free seat for a night of content and earn a commission on every
          ticket sold through their link.
        </p>
        <Button asChild variant="secondary" className="mt-2">
          <a href={FLOATERS_CREW_URL} target="_blank" rel="noopener noreferrer">
            Become a crew member <ExternalLink aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
