import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/layout/page';
import { CITY, FLAVOR } from '@/lib/site-config';
import { useCityPath } from '@/lib/use-city';

export default function AboutPage() {
  const cityLink = useCityPath();
  return (
    <Page className="max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">About</p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Hi, I'm the founder.</h1>
      <div className="mt-8 space-y-5 text-lg leading-relaxed text-muted-foreground">
        <p>
          I started Local Creators after watching {CITY} businesses pay out-of-town agencies to find "influencers" who{' '}
          {FLAVOR.outsiderTell}, while the people actually making content about our city went unnoticed.
        </p>
        <p>
          So I built a simple, free directory. Every creator is checked by a human (me, mostly, with a phone and too
          much coffee) to confirm they're a real person from here. Brands browse without an account and reach creators
          directly.
        </p>
        <p>
          There are no fees for creators, no subscriptions and no commissions. That is not a launch promotion; it is the
          whole idea. If you create in {CITY}, you belong here.
        </p>
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/signup">Join free</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={cityLink('/directory')}>Browse creators</Link>
        </Button>
      </div>
    </Page>
  );
}
