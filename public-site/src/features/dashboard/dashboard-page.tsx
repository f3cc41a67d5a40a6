import { RotateCw } from 'lucide-react';
import { MSG, cityOrDefault, dashboardStatus, isVerified, publicDisplayName } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { isListed, useMyProfile } from '@/lib/queries/my-profile';
import { BrandMessagesCard } from './components/brand-messages-card';
import { CrewPromoCard } from './components/crew-promo-card';
import { EmailConfirmationCard } from './components/email-confirmation-card';
import { AdminTiles, CreatorTiles } from './components/dashboard-tiles';
import { FollowerFreshnessCard } from './components/follower-freshness-card';
import { FounderLetter } from './components/founder-letter';
import { HandleProofCard } from './components/handle-proof-card';
import { LiveBadgeCard } from './components/live-badge-card';
import { LocalAudienceCard } from './components/local-audience-card';
import { NotPublicCard, ShareProfileCard } from './components/share-profile-card';
import { OpenCallsCard } from './components/open-calls-card';
import { StatusCard } from './components/status-card';
import { VerifiedBadgeCard } from './components/verified-badge-card';
import { YourNumbersCard } from './components/your-numbers-card';

const container = 'mx-auto w-full max-w-5xl px-4 py-8 sm:py-12';

/** /dashboard: where a creator's application stands, and what they can do next. */
export default function DashboardPage() {
  const { user, isAdmin } = useAuth();
  const { data: profile, isPending, isError, refetch } = useMyProfile();

  if (isError) {
    return (
      <div className={`${container} text-center`}>
        <h1 className="text-2xl font-bold tracking-tight">Your dashboard could not be loaded</h1>
        <p className="mt-2 text-muted-foreground">{MSG.somethingWrong}</p>
        <Button variant="outline" className="mt-6" onClick={() => void refetch()}>
          <RotateCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  if (isPending) return <DashboardSkeleton />;

  const status = dashboardStatus(profile);
  const verified = !!profile && isVerified(profile);
  const city = cityOrDefault(profile?.city);
  const firstName = profile?.full_name.trim().split(/\s+/)[0] ?? '';

  return (
    <div className={`${container} space-y-6`}>
      <header className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {profile ? `Hi, ${firstName}` : 'Welcome to Local Creators'}
        </h1>
        <p className="text-muted-foreground">{user?.email ? `Signed in as ${user.email}` : 'Your creator dashboard'}</p>
      </header>

      {user && <EmailConfirmationCard userId={user.id} />}

      <StatusCard status={status} hasProfile={!!profile} />

      {profile?.approval_status === 'approved' && <FollowerFreshnessCard profile={profile} />}

      {profile && isListed(profile) && <OpenCallsCard />}

      {profile?.approval_status === 'approved' && <YourNumbersCard />}

      {profile?.approval_status === 'pending' && <FounderLetter firstName={firstName} city={city} />}

      {profile && (
        <div className="grid gap-6 lg:grid-cols-2">
          {isListed(profile) ? (
            <ShareProfileCard profileId={profile.id} />
          ) : (
            <NotPublicCard profileId={profile.id} rejected={profile.approval_status === 'rejected'} />
          )}
          {verified && <VerifiedBadgeCard name={profile.full_name} city={city} />}
        </div>
      )}

      {profile && isListed(profile) && <LiveBadgeCard profileId={profile.id} name={publicDisplayName(profile)} />}

      {profile && profile.approval_status !== 'rejected' && <HandleProofCard profile={profile} />}

      {profile && profile.approval_status !== 'rejected' && <LocalAudienceCard profile={profile} />}

      {profile && isListed(profile) && <BrandMessagesCard profile={profile} />}

      {verified && !profile.has_joined_floaters_crew && <CrewPromoCard />}

      {profile && <CreatorTiles />}

      {isAdmin && <AdminTiles />}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className={`${container} space-y-6`} role="status" aria-label="Loading your dashboard">
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-28 w-full rounded-xl" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
      </div>
    </div>
  );
}
