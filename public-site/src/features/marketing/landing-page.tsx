import { Link } from 'react-router-dom';
import {
  ArrowRight,
  BadgeCheck,
  Handshake,
  Heart,
  MapPin,
  PartyPopper,
  PhoneCall,
  Sparkles,
  UserPlus,
  BarChart3,
} from 'lucide-react';
import { APPROVAL_WAIT_HOURS, possessive } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CITY, FLAVOR } from '@/lib/site-config';
import { useCityPath } from '@/lib/use-city';

const STEPS = [
  { icon: UserPlus, title: 'Sign up', text: 'Create your free account with an e-mail and password. About 2 minutes.' },
  {
    icon: BarChart3,
    title: 'Share your niche and stats',
    text: 'Tell us what you create, where you post and how many people follow along.',
  },
  {
    icon: PhoneCall,
    title: 'Verification call',
    text: `A real person calls or messages you within ${APPROVAL_WAIT_HOURS} hours to confirm you are local.`,
  },
  {
    icon: PartyPopper,
    title: "You're live",
    text: 'Your verified profile appears in the directory, ready to share with brands.',
  },
];

/** Built when drawn: the city is the server's (site-config), set after this module loads on the server. */
const benefits = () => [
  {
    icon: BadgeCheck,
    title: 'Human-verified only',
    text: 'Every creator is checked by a person. No bots, no bought audiences.',
  },
  {
    icon: MapPin,
    title: 'Local only',
    text: `${CITY} creators for ${CITY} brands: people who know the neighborhoods.`,
  },
  {
    icon: Handshake,
    title: 'Direct contact',
    text: 'Brands reach creators directly. No middlemen, no commissions, no agency fees.',
  },
  {
    icon: Heart,
    title: 'Made with love',
    text: `Built by ${FLAVOR.resident} who thinks local creators deserve a fair shot.`,
  },
];

export default function LandingPage() {
  const cityLink = useCityPath();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-primary-soft to-background">
        <div className="mx-auto max-w-6xl px-4 pb-20 pt-16 text-center md:pt-24">
          <Badge variant="accent" className="mb-6 px-3 py-1 text-sm">
            <Sparkles aria-hidden /> 100% free for creators
          </Badge>
          <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
            {possessive(CITY)} directory of <span className="text-primary">verified local creators</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Brands find real, human-verified creators from their own city and contact them directly. Creators join free,
            forever. Signup takes about 2 minutes.
          </p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to="/signup">
                Join free as a creator <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={cityLink('/directory')}>Browse the directory</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-label="Free forever" className="mx-auto max-w-6xl px-4">
        <div className="rounded-xl bg-primary px-6 py-6 text-center text-primary-foreground shadow-sm">
          <p className="text-xl font-bold">Completely free forever.</p>
          <p className="mt-1 text-primary-foreground/90">No fees, no subscription, no card. Not now, not later.</p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight">
          How it works
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-border p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                  {i + 1}
                </span>
                <s.icon className="size-5 text-primary" aria-hidden />
              </div>
              <h3 className="mt-4 font-semibold">{s.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-muted py-20" aria-labelledby="why-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight">
            Why Local Creators
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits().map((b) => (
              <div key={b.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
                <b.icon className="size-7 text-primary" aria-hidden />
                <h3 className="mt-4 font-semibold">{b.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{b.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-3xl px-4 pt-20 text-center">
        <h2 className="text-3xl font-bold tracking-tight">Ready to get discovered?</h2>
        <p className="mt-3 text-muted-foreground">
          Join the directory in about 2 minutes. Free forever, for every {CITY} creator.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/signup">
            Create your free profile <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </>
  );
}
