import { Link } from 'react-router-dom';
import { ArrowRight, BadgeCheck, MapPin, Star, Users } from 'lucide-react';
import {
  DIRECTORY,
  TRUST_TEXT,
  areaSlug,
  initials,
  neighborhoodPath,
  withViewRef,
  type PublicCreatorCard,
  type ViewRef,
} from '@local-creators/common';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn, formatFollowers } from '@/lib/utils';
import { CITIES, CITY, cityPath } from '@/lib/site-config';
import { SaveButton } from '@/features/shortlist/save-button';

/** The card's city by name: its own on an install of several cities (a search across them), else the site's. */
const cityName = (slug: string | undefined) => CITIES?.list.find((c) => c.slug === slug)?.name ?? CITY;

/**
 * A directory card: photo or initials, name, verified mark, two-line bio, three niches (+N), total
 * followers. Its link names the list it is on (`ref`, decision 0850) for the creator's numbers.
 */
export function CreatorCard({
  creator,
  featured = false,
  from = 'directory',
}: {
  creator: PublicCreatorCard;
  featured?: boolean;
  from?: ViewRef;
}) {
  const shown = creator.niches.slice(0, DIRECTORY.cardNicheCount);
  const more = creator.niches.length - shown.length;
  return (
    <article
      aria-label={creator.display_name}
      className="group relative flex h-full flex-col rounded-xl border border-border bg-background p-5 shadow-xs transition hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md"
    >
      {featured && (
        <Badge variant="warning" className="absolute top-4 right-4">
          <Star className="fill-current" aria-hidden /> Featured
        </Badge>
      )}
      <div className={cn('flex items-center gap-3', featured && 'pr-24')}>
        <Avatar className="size-14 shrink-0 text-base">
          {creator.profile_image_url && (
            <AvatarImage
              src={creator.profile_image_url}
              alt={`Photo of ${creator.display_name}`}
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
            />
          )}
          <AvatarFallback>{initials(creator.display_name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <h3 className="flex items-center gap-1 font-semibold leading-tight">
            <span className="truncate">{creator.display_name}</span>
            {creator.verified && (
              <BadgeCheck className="size-4 shrink-0 text-primary" role="img" aria-label="Verified" />
            )}
          </h3>
          <p className="mt-1 flex items-center gap-1 truncate text-xs text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden />
            {creator.neighborhood && areaSlug(creator.neighborhood) ? (
              // The neighbourhood's own page (decision 0640).
              <Link
                to={cityPath(neighborhoodPath(creator.neighborhood), creator.city_slug)}
                className="relative truncate underline-offset-2 hover:text-foreground hover:underline"
              >
                <span className="sr-only">Creators in </span>
                {creator.neighborhood}
              </Link>
            ) : (
              <span className="truncate">{creator.neighborhood ?? cityName(creator.city_slug)}</span>
            )}
          </p>
        </div>
      </div>
      <p className="mt-4 line-clamp-2 min-h-10 text-sm text-muted-foreground">{creator.bio}</p>
      <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Niches">
        {shown.map((n) => (
          <li key={n}>
            <Badge variant="secondary">{n}</Badge>
          </li>
        ))}
        {more > 0 && (
          <li>
            <Badge variant="outline">
              +{more}
              <span className="sr-only"> more niches</span>
            </Badge>
          </li>
        )}
      </ul>
      <div className="mt-auto pt-5">
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
          <span className="flex items-center gap-1.5 text-sm whitespace-nowrap">
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <span className="font-semibold">{formatFollowers(creator.total_followers)}</span>
            <span className="text-muted-foreground">followers</span>
            {creator.followers_unconfirmed && <span className="text-xs text-warning">{TRUST_TEXT.unconfirmed}</span>}
          </span>
          <span className="flex gap-2">
            <SaveButton creatorId={creator.id} name={creator.display_name} />
            <Button asChild size="sm" variant="outline">
              <Link to={cityPath(withViewRef(`/creator/${creator.id}`, from), creator.city_slug)}>
                View Profile<span className="sr-only"> of {creator.display_name}</span>
                <ArrowRight className="transition group-hover:translate-x-0.5" aria-hidden />
              </Link>
            </Button>
          </span>
        </div>
      </div>
    </article>
  );
}
