import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, KeyRound } from 'lucide-react';
import type { CreatorProfile, OwnHandleCheck } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiFetch } from '@/lib/api';

const confirmedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The codes that prove the creator owns each handle (decision 0502): put in that platform's bio
 * until someone from the team has seen it there.
 */
export function HandleProofCard({ profile }: { profile: CreatorProfile }) {
  const { data: checks } = useQuery({
    queryKey: ['me', 'handle-checks', profile.id, profile.updated_at],
    queryFn: () => apiFetch<OwnHandleCheck[]>('/api/me/profile/handle-checks'),
  });
  if (!checks?.length) return null;
  const waiting = checks.some((c) => !c.confirmed_at || c.renewal_due);
  return (
    <Card aria-labelledby="handle-proof-title">
      <CardHeader>
        <CardTitle id="handle-proof-title" className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" aria-hidden /> Prove your handles
        </CardTitle>
        <CardDescription>
          {waiting
            ? "Put each code in that platform's bio until we have checked it. We look for it during your verification call, and your profile then shows the handle as confirmed. You can remove the code afterwards."
            : 'Every handle on your profile is confirmed. If you change one, its code needs checking again.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Your handles">
          {checks.map((c) => (
            <li key={`${c.platform}:${c.handle}`} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-medium">{c.platform}</p>
                <p className="text-sm break-all text-muted-foreground">@{c.handle.replace(/^@+/, '')}</p>
              </div>
              {c.confirmed_at && c.renewal_due ? (
                // A year after the check, the handle is proven again with a new code (decision 0800).
                <div className="space-y-1 text-sm">
                  <p className="text-warning">
                    Confirmed {confirmedOn(c.confirmed_at)}: a year on, please prove it again.
                  </p>
                  <p>
                    New code:{' '}
                    <code className="rounded bg-muted px-2 py-1 font-mono text-base font-semibold tracking-wider">
                      {c.code}
                    </code>
                  </p>
                </div>
              ) : c.confirmed_at ? (
                <Badge variant="success">
                  <BadgeCheck aria-hidden /> Confirmed {confirmedOn(c.confirmed_at)}
                </Badge>
              ) : (
                <p className="text-sm">
                  Code:{' '}
                  <code className="rounded bg-muted px-2 py-1 font-mono text-base font-semibold tracking-wider">
                    {c.code}
                  </code>
                </p>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
