import { Link } from 'react-router-dom';
import { ArrowUpRight, Sailboat, Store } from 'lucide-react';
import { hasCityPromo } from '@local-creators/common';
import { CITY, FLAVOR } from '@/lib/site-config';
import { useCityPath } from '@/lib/use-city';

/** Drawn by the layout, after it set the city the page speaks of (CITY, FLAVOR: the visitor's on the site's own pages). */
export function SiteFooter() {
  const cityLink = useCityPath();
  // The city's own paid weekly promotion of a local experience, opened in a new tab; none when the city has none.
  const promo = hasCityPromo(FLAVOR) ? FLAVOR : null;
  return (
    <footer className="mt-24 border-t border-border bg-muted">
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-10 md:grid-cols-2">
        <Link
          to={cityLink('/amplify/featured')}
          className="group flex items-start gap-4 rounded-xl border border-border bg-background p-5 shadow-sm hover:border-primary"
        >
          <Store className="mt-1 size-6 text-primary" aria-hidden />
          <div>
            <p className="font-semibold">Featured local businesses</p>
            <p className="text-sm text-muted-foreground">
              {CITY} businesses looking for creators. Ask for an introduction.
            </p>
          </div>
        </Link>
        {promo && (
          <a
            href={promo.promoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-start gap-4 rounded-xl border border-border bg-background p-5 shadow-sm hover:border-primary"
          >
            <Sailboat className="mt-1 size-6 text-primary" aria-hidden />
            <div>
              <p className="flex items-center gap-1 font-semibold">
                {promo.promoTitle} <ArrowUpRight className="size-4" aria-hidden />
              </p>
              <p className="text-sm text-muted-foreground">
                {promo.promoText ? `${promo.promoText} ` : ''}Our paid weekly promotion (opens in a new tab).
              </p>
            </div>
          </a>
        )}
      </div>
      <div className="mx-auto max-w-6xl space-y-2 px-4 pb-10 text-xs text-muted-foreground">
        <p>
          Legal-ish disclaimer: we verify that creators are real people from {CITY}, not that their jokes land, their{' '}
          {FLAVOR.reviews} are objective or their sunsets are unfiltered. Brands and creators deal directly; we just
          make the introduction and cheer from the bleachers.
        </p>
        <p>© 2025 Local Creators. Made with love in {CITY}.</p>
      </div>
    </footer>
  );
}
