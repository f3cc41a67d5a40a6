import { BadgeCheck, ExternalLink } from 'lucide-react';
import {
  checkLapsed,
  followersAsOf,
  followersStale,
  formatCount,
  formatMonthYear,
  TRUST_TEXT,
  type Platform,
  type PublicCreator,
  type PublicPlatform,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { formatFollowers } from '@/lib/utils';

const handleText = (handle: string) => (handle.startsWith('@') ? handle : `@${handle}`);

const sameHandle = (a: string, b: string) =>
  a.trim().replace(/^@+/, '').toLowerCase() === b.trim().replace(/^@+/, '').toLowerCase();

/** Per platform: name, handle (confirmed since when, decision 0502) and followers, then the total. */
export function SocialReachList({
  platforms,
  total,
  totalUnconfirmed = false,
  confirmed = [],
}: {
  platforms: (Platform &
    Partial<Pick<PublicPlatform, 'followers_confirmed_at' | 'followers_confirmed_on' | 'followers_unconfirmed'>>)[];
  total: number;
  /** A count in the total waits for an admin's look (decision 0851). */
  totalUnconfirmed?: boolean;
  confirmed?: PublicCreator['confirmed_handles'];
}) {
  const now = new Date();
  const confirmation = (p: Platform) => confirmed.find((c) => c.platform === p.name && sameHandle(c.handle, p.handle));
  return (
    <div>
      <ul className="divide-y divide-border">
        {platforms.map((p, i) => (
          <li key={`${p.name}-${i}`} className="flex items-center justify-between gap-3 py-3 first:pt-0">
            <div className="min-w-0">
              <p className="text-sm font-medium">{p.name}</p>
              {p.handle && <p className="truncate text-sm text-muted-foreground">{handleText(p.handle)}</p>}
              <HandleConfirmation
                confirmation={confirmation(p)}
                showUnconfirmed={!!p.handle && confirmed.length > 0}
                now={now}
              />
            </div>
            <p className="text-right">
              <span className="block font-semibold tabular-nums" title={`${formatCount(p.followers)} followers`}>
                {formatFollowers(p.followers)}
              </span>
              <span className="text-xs text-muted-foreground">followers</span>
              {/* A jump an admin has not looked at yet (decisions 0510, 0851). */}
              {p.followers_unconfirmed && <span className="block text-xs text-warning">{TRUST_TEXT.unconfirmed}</span>}
              {followersAsOf(p.followers_confirmed_on ?? p.followers_confirmed_at ?? null) && (
                // Every dated count says when it was confirmed, in the city's calendar (decision
                // 0801); one nobody confirmed for 180 days says it as a warning (decision 0503).
                <span
                  className={`block text-xs whitespace-nowrap ${followersStale(p.followers_confirmed_at ?? null, now) ? 'text-warning' : 'text-muted-foreground'}`}
                >
                  {followersAsOf(p.followers_confirmed_on ?? p.followers_confirmed_at ?? null)}
                </span>
              )}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center justify-between rounded-lg bg-primary/5 px-3 py-2.5">
        <span className="text-sm font-semibold">Total reach</span>
        <span className="text-lg font-bold text-primary tabular-nums" title={`${formatCount(total)} followers`}>
          {formatFollowers(total)}
          {totalUnconfirmed && <span className="ml-1 text-xs font-normal text-warning">{TRUST_TEXT.unconfirmed}</span>}
        </span>
      </div>
    </div>
  );
}

/**
 * Under a handle: since when it is confirmed (the month in the city's calendar); a confirmation a
 * year old says a new check is due (decision 0800); beside a confirmed one, an unconfirmed handle
 * says so (decision 0244): the directory's "every handle confirmed" filter leaves this profile
 * out, and the page shows why.
 */
function HandleConfirmation({
  confirmation,
  showUnconfirmed,
  now,
}: {
  confirmation: PublicCreator['confirmed_handles'][number] | undefined;
  showUnconfirmed: boolean;
  now: Date;
}) {
  if (!confirmation)
    return showUnconfirmed ? <p className="mt-0.5 text-xs text-muted-foreground">Handle not confirmed yet</p> : null;
  const month = formatMonthYear(confirmation.on ?? confirmation.since);
  if (checkLapsed(confirmation.since, now)) {
    return <p className="mt-0.5 text-xs font-medium text-warning">Handle confirmed in {month}, due a new check</p>;
  }
  return (
    <p className="mt-0.5 flex items-center gap-1 text-xs font-medium text-success">
      <BadgeCheck className="size-3.5" aria-hidden /> Handle confirmed since {month}
    </p>
  );
}

/** Platforms with a link, opening in a new tab. */
export function ConnectLinks({ platforms }: { platforms: Platform[] }) {
  const linked = platforms.filter((p) => p.url);
  if (linked.length === 0) return <p className="text-sm text-muted-foreground">No public links yet.</p>;
  return (
    <ul className="space-y-2">
      {linked.map((p, i) => (
        <li key={`${p.url}-${i}`}>
          <Button asChild variant="outline" className="w-full justify-between">
            <a href={p.url} target="_blank" rel="noopener noreferrer">
              <span className="truncate">
                {p.name}
                {p.handle && <span className="ml-1.5 font-normal text-muted-foreground">{handleText(p.handle)}</span>}
              </span>
              <ExternalLink aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}
