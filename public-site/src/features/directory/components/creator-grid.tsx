import { RotateCw, Star } from 'lucide-react';
import type { PublicCreatorCard, ViewRef } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { CreatorCard } from './creator-card';

/** 1 column on phones, 2 on tablets, 3 from laptops up (the site's 6xl column). */
const gridClass = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';
/**
 * A card out of view is neither styled, laid out nor painted until it nears the viewport: a long
 * drawn page costs a phone's main thread far less to take in (issue 12). Its place is kept at a
 * card's height (267 px at every width); the margin lets the card's shadow and hover lift show.
 */
const offscreenCardClass = '[content-visibility:auto] [contain-intrinsic-size:auto_268px] [overflow-clip-margin:1rem]';

/** What "Featured" means where it shows (issue 13): the directory's rule is a place in the list, not a follower count. */
export function FeaturedNote({ children }: { children: string }) {
  return (
    <p className="mb-3 flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="featured-note">
      <Star className="size-3.5 fill-amber-500 text-amber-500" aria-hidden />
      {children}
    </p>
  );
}

export function CreatorGrid({
  creators,
  isFeatured,
  featuredNote,
  className,
  from,
  busy,
}: {
  creators: PublicCreatorCard[];
  /** The cards are the last answer's, shown while the new one loads. */
  busy?: boolean;
  /** The list the cards are on, named in their links (decision 0850); the directory when not said. */
  from?: ViewRef;
  isFeatured?: (index: number) => boolean;
  /** Shown above the grid when a card in it is marked Featured. */
  featuredNote?: string;
  className?: string;
}) {
  const anyFeatured = !!isFeatured && creators.some((_, i) => isFeatured(i));
  return (
    <>
      {anyFeatured && featuredNote && <FeaturedNote>{featuredNote}</FeaturedNote>}
      <ul className={cn(gridClass, className)} aria-busy={busy || undefined}>
        {creators.map((c, i) => (
          <li key={c.id} className={offscreenCardClass}>
            <CreatorCard creator={c} featured={isFeatured?.(i) ?? false} from={from} />
          </li>
        ))}
      </ul>
    </>
  );
}

function CreatorCardSkeleton() {
  return (
    <div className="rounded-xl border border-border bg-background p-5">
      <div className="flex items-center gap-3">
        <Skeleton className="size-14 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-3 w-2/5" />
        </div>
      </div>
      <Skeleton className="mt-4 h-3.5 w-full" />
      <Skeleton className="mt-2 h-3.5 w-4/5" />
      <div className="mt-4 flex gap-1.5">
        <Skeleton className="h-5 w-14 rounded-full" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="mt-6 h-8 w-full" />
    </div>
  );
}

export function CreatorGridSkeleton({ count = 8, className }: { count?: number; className?: string }) {
  return (
    <div className={cn(gridClass, className)} role="status" aria-label="Loading creators">
      {Array.from({ length: count }, (_, i) => (
        <CreatorCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="mt-8 rounded-xl border border-dashed border-border p-10 text-center" role="alert">
      <p className="font-medium">{what} could not be loaded.</p>
      <p className="mt-1 text-sm text-muted-foreground">Check your connection and try again.</p>
      <Button type="button" variant="outline" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden /> Try again
      </Button>
    </div>
  );
}
