import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ArrowLeft,
  BadgeCheck,
  EyeOff,
  CalendarDays,
  FileText,
  Handshake,
  Link2,
  MapPin,
  MessageCircleReply,
  RotateCw,
  Share2,
  ShieldCheck,
  Sparkles,
  Star,
  Tags,
  Users,
  Video,
} from 'lucide-react';
import {
  DIRECTORY,
  MSG,
  contactLinkChoices,
  formatCount,
  formatDay,
  formatMonthYear,
  initials,
  localAudienceLine,
  replyTimeText,
  TRUST_TEXT,
  type PublicCreator,
} from '@local-creators/common';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError } from '@/lib/api';
import { isListed, useMyProfile } from '@/lib/queries/my-profile';
import { formatFollowers } from '@/lib/utils';
import { useCreator } from './api/get-creator';
import { ChipList, Section } from './components/profile-sections';
import { ContactDialog } from './components/contact-dialog';
import { SaveButton } from '@/features/shortlist/save-button';
import { ConnectLinks, SocialReachList } from './components/social-reach';
import { useCityPath, usePageCity } from '@/lib/use-city';

/** The profile's Featured (spec 5): reach on one platform, not a place in the directory (issue 13). */
const FEATURED_REACH_NOTE = `Featured: more than ${formatCount(DIRECTORY.featuredFollowerThreshold)} followers on at least one platform.`;
const container = 'mx-auto w-full max-w-6xl px-4 py-6 sm:py-10';

/** The title while this page is open; the previous one comes back on leaving. */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** /creator/:id: the public profile. */
export default function CreatorProfilePage() {
  const cityLink = useCityPath();
  const { id = '' } = useParams();
  const { data: creator, isPending, error, refetch } = useCreator(id);
  const notFound = error instanceof ApiRequestError && error.status === 404;
  // Opened under another city than the creator's (an old link, a card of another city): its own (decision 0621).
  const pageCity = usePageCity();
  const navigate = useNavigate();
  const elsewhere = !!creator && !!pageCity && creator.city_slug !== pageCity.slug;
  useEffect(() => {
    if (elsewhere)
      navigate(cityLink(`/creator/${creator!.id}${location.search}`, creator!.city_slug), { replace: true });
  }, [elsewhere]);
  useDocumentTitle(
    creator ? `${creator.display_name} · Local Creators` : notFound ? `${MSG.profileNotFound} · Local Creators` : null,
  );

  if (creator) return <Profile creator={creator} />;
  if (notFound) {
    return (
      <div className={`${container} flex flex-col items-center py-20 text-center`}>
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Users className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{MSG.profileNotFound}</h1>
        <p className="mt-2 max-w-sm text-muted-foreground">
          This creator isn't in the directory, or their profile is not public yet.
        </p>
        <Button asChild className="mt-6">
          <Link to={cityLink('/directory')}>
            <ArrowLeft aria-hidden /> Back to the directory
          </Link>
        </Button>
      </div>
    );
  }
  if (error) {
    return (
      <div className={`${container} py-20 text-center`}>
        <h1 className="text-2xl font-bold tracking-tight">This profile could not be loaded</h1>
        <p className="mt-2 text-muted-foreground">{MSG.somethingWrong}</p>
        <div className="mt-6 flex justify-center gap-3">
          <Button variant="outline" onClick={() => void refetch()}>
            <RotateCw aria-hidden /> Try again
          </Button>
          <Button asChild variant="ghost">
            <Link to={cityLink('/directory')}>Back to the directory</Link>
          </Button>
        </div>
      </div>
    );
  }
  return isPending ? <ProfileSkeleton /> : null;
}

/** The owner previewing a profile that is not listed: others get 'Profile not found' for this link. */
function NotPublicBanner({ creatorId }: { creatorId: string }) {
  const { data: mine } = useMyProfile();
  if (!mine || mine.id !== creatorId || isListed(mine)) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-3 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-foreground"
    >
      <EyeOff className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <p>
        <strong className="font-semibold">Not public yet</strong>
        <span className="mt-0.5 block text-muted-foreground">
          This is a preview only you can see. Brands and visitors get "{MSG.profileNotFound}" for this link until your
          profile is approved and your phone is verified.
        </span>
      </p>
    </div>
  );
}

/** The share of followers in the metro area an admin checked, while fresh (decision 0720); never the screenshot. */
function LocalAudienceLine({ creator: c }: { creator: PublicCreator }) {
  const line = localAudienceLine(c.local_audience, c.city, new Date());
  if (!line) return null;
  return (
    <p className="mt-3 flex items-start gap-2 text-sm" data-testid="local-audience">
      <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span>{line}</span>
    </p>
  );
}

function Profile({ creator: c }: { creator: PublicCreator }) {
  const cityLink = useCityPath();
  const place = c.neighborhood ? `${c.neighborhood}, ${c.city}` : c.city;
  const reachThrough = c.contact_enabled ? [] : contactLinkChoices(c).filter((l) => c.contact_links.includes(l.key));
  return (
    <div className={container}>
      <NotPublicBanner creatorId={c.id} />
      <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
        <Link to={cityLink('/directory')}>
          <ArrowLeft aria-hidden /> Directory
        </Link>
      </Button>

      <header className="mt-3 overflow-hidden rounded-2xl border border-border bg-background shadow-xs">
        <div className="h-28 bg-gradient-to-r from-primary via-primary/70 to-amber-400/80 sm:h-36" aria-hidden />
        <div className="flex flex-col gap-5 px-5 pb-6 sm:flex-row sm:items-end sm:px-8">
          <Avatar className="-mt-14 size-28 shrink-0 border-4 border-background text-3xl shadow-md sm:-mt-16 sm:size-32">
            {c.profile_image_url && (
              // The avatar size (256 px) for screens up to 2x, the full photo beyond (decision 0213).
              <AvatarImage
                src={c.profile_image_small_url ?? c.profile_image_url}
                srcSet={
                  c.profile_image_small_url ? `${c.profile_image_small_url} 2x, ${c.profile_image_url} 3x` : undefined
                }
                alt={`Photo of ${c.display_name}`}
                width={128}
                height={128}
              />
            )}
            <AvatarFallback className="text-3xl">{initials(c.display_name)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1 space-y-2">
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{c.display_name}</h1>
            <div className="flex flex-wrap items-center gap-2">
              {c.verified ? (
                <Badge variant="success">
                  <BadgeCheck aria-hidden />
                  Verified
                </Badge>
              ) : (
                // The admin's last check lapsed (decisions 0800, 0851): what the live badge says.
                <Badge variant="outline">{TRUST_TEXT.notVerified}</Badge>
              )}
              {c.featured_reach && (
                <Badge variant="warning" title={FEATURED_REACH_NOTE}>
                  <Star className="fill-current" aria-hidden />
                  Featured
                </Badge>
              )}
              <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin className="size-4" aria-hidden /> {place}
              </span>
              {/* Only the result, never the messages (decision 0710); about messages sent here, so only while the form is on. */}
              {c.contact_enabled && replyTimeText(c.reply_time ?? null) && (
                <span className="inline-flex items-center gap-1 text-sm text-muted-foreground" data-testid="reply-time">
                  <MessageCircleReply className="size-4" aria-hidden /> {replyTimeText(c.reply_time ?? null)}
                </span>
              )}
            </div>
            {c.featured_reach && (
              <p className="mt-2 text-sm text-muted-foreground" data-testid="featured-note">
                {FEATURED_REACH_NOTE}
              </p>
            )}
          </div>
          <dl className="flex gap-6 sm:text-right">
            <div>
              <dt className="text-xs font-medium text-muted-foreground">Total reach</dt>
              <dd className="text-2xl font-bold tabular-nums">
                {formatFollowers(c.total_followers)}
                {c.followers_unconfirmed && (
                  <span className="ml-1 text-sm font-normal text-warning">{TRUST_TEXT.unconfirmed}</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-muted-foreground">Platforms</dt>
              <dd className="text-2xl font-bold tabular-nums">{c.platforms.length}</dd>
            </div>
          </dl>
        </div>
        {/* Always shown: every profile has Save (issue 27). */}
        {
          <div className="flex flex-wrap items-center gap-2 border-t border-border px-5 py-4 sm:px-8">
            {c.contact_enabled && <ContactDialog creator={c} />}
            <SaveButton creatorId={c.id} name={c.display_name} size="default" />
            {c.media_kit_url && (
              <Button asChild>
                <a href={c.media_kit_url} target="_blank" rel="noopener noreferrer">
                  <FileText aria-hidden /> Media Kit
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
            )}
            {c.link_hub_url && (
              <Button asChild variant="outline">
                <a href={c.link_hub_url} target="_blank" rel="noopener noreferrer">
                  <Link2 aria-hidden /> All Links
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
            )}
            {reachThrough.length > 0 && (
              // The creator turned the Contact form off and chose these instead (decision 0501).
              <p
                className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground sm:ml-auto"
                data-testid="reach-through"
              >
                <span>Prefers to be reached on:</span>
                {reachThrough.map((l) => (
                  <a
                    key={l.key}
                    href={l.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {l.key}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ))}
              </p>
            )}
          </div>
        }
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section title="About" icon={<Sparkles className="size-4 text-primary" aria-hidden />}>
            <p className="leading-relaxed whitespace-pre-line">{c.bio}</p>
          </Section>
          <Section title="Niches" icon={<Tags className="size-4 text-primary" aria-hidden />}>
            <ChipList items={c.niches} label="Niches" emphasis />
          </Section>
          <div className="grid gap-6 md:grid-cols-2">
            <Section title="Content Types" icon={<Video className="size-4 text-primary" aria-hidden />}>
              <ChipList items={c.content_types} label="Content types" />
            </Section>
            <Section title="Collaboration Types" icon={<Handshake className="size-4 text-primary" aria-hidden />}>
              <ChipList items={c.collab_types} label="Collaboration types" />
            </Section>
          </div>
        </div>
        <aside className="space-y-6" aria-label="Reach and links">
          <Section title="Social Reach" icon={<Users className="size-4 text-primary" aria-hidden />}>
            <SocialReachList
              platforms={c.platforms}
              total={c.total_followers}
              totalUnconfirmed={c.followers_unconfirmed}
              confirmed={c.confirmed_handles}
            />
            <LocalAudienceLine creator={c} />
          </Section>
          <Section title="Connect on Social" icon={<Share2 className="size-4 text-primary" aria-hidden />}>
            <ConnectLinks platforms={c.platforms} />
          </Section>
          <div className="space-y-1.5 px-1 text-sm text-muted-foreground">
            <p className="flex items-center gap-2">
              <CalendarDays className="size-4" aria-hidden /> Member since {formatMonthYear(c.created_at)}
            </p>
            {c.reviewed_on && (
              // The admin's last check: the approval or a later handle confirmation (decision 0801).
              <p className="flex items-center gap-2" data-testid="verification-reviewed">
                <ShieldCheck className="size-4" aria-hidden /> Verification last reviewed on {formatDay(c.reviewed_on)}
              </p>
            )}
          </div>
        </aside>
      </div>

      <aside
        className="mt-10 flex gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm text-muted-foreground"
        aria-label="About verification"
      >
        <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          Verification only confirms that this creator is a real person from {c.city}. It is not an endorsement of their
          content, audience figures or business practices. Brands should do their own due diligence before working
          together.
        </p>
      </aside>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    // At least a screen tall, so the footer stays below the fold until the profile replaces it.
    <div className={`${container} min-h-[100svh]`} role="status" aria-label="Loading profile">
      <Skeleton className="h-8 w-28" />
      <div className="mt-3 overflow-hidden rounded-2xl border border-border">
        <Skeleton className="h-28 rounded-none sm:h-36" />
        <div className="flex items-end gap-5 px-5 pb-6 sm:px-8">
          <Skeleton className="-mt-14 size-28 rounded-full border-4 border-background sm:size-32" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-9 w-64 max-w-full" />
            <Skeleton className="h-5 w-48" />
          </div>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-64 rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}
