import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Megaphone } from 'lucide-react';
import { CALL_MAIL_MSG, MSG, formatDay, type MatchingCalls } from '@local-creators/common';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { apiFetch, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCityPath } from '@/lib/use-city';

const matchingKey = ['me', 'matching-calls'] as const;

/**
 * The dashboard's open calls (issue 40 point 3, decision 0913): the open calls of the creator's city
 * that match the listed profile, and whether call mail comes (the setting the mail's unsubscribe
 * turns off).
 */
export function OpenCallsCard() {
  const queryClient = useQueryClient();
  const cityPath = useCityPath();
  const { data } = useQuery({
    queryKey: matchingKey,
    queryFn: () => apiFetch<MatchingCalls>('/api/me/matching-calls'),
  });
  const save = useMutation({
    mutationFn: (on: boolean) =>
      apiFetch<{ call_mail: boolean }>('/api/me/call-mail', { method: 'PUT', body: { call_mail: on } }),
    onSuccess: async (res) => {
      toast.success(res.call_mail ? CALL_MAIL_MSG.on : CALL_MAIL_MSG.off);
      queryClient.setQueryData<MatchingCalls>(matchingKey, (old) => old && { ...old, call_mail: res.call_mail });
      await queryClient.invalidateQueries({ queryKey: matchingKey });
    },
    onError: (error) => toast.error(MSG.updateFailed, { description: errorMessage(error, MSG.somethingWrong) }),
  });
  return (
    <Card aria-labelledby="open-calls-title" data-testid="open-calls-card">
      <CardHeader>
        <CardTitle id="open-calls-title" className="flex items-center gap-2">
          <Megaphone className="size-5 text-primary" aria-hidden /> {CALL_MAIL_MSG.heading}
        </CardTitle>
        <CardDescription>
          Local businesses looking for creators like you: what they need, the dates and what they offer.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data && (
          <div className="flex items-center gap-3 rounded-lg bg-muted/50 p-4">
            <Switch
              id="call_mail"
              checked={data.call_mail}
              disabled={save.isPending}
              onCheckedChange={(on) => save.mutate(on)}
            />
            <Label htmlFor="call_mail">{CALL_MAIL_MSG.setting}</Label>
          </div>
        )}
        {data && data.calls.length === 0 && (
          <p className="text-sm text-muted-foreground">{data.listed ? CALL_MAIL_MSG.empty : CALL_MAIL_MSG.notListed}</p>
        )}
        {data && data.calls.length > 0 && (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label={CALL_MAIL_MSG.heading}>
            {data.calls.map((c) => (
              <li key={c.id} className="space-y-1 p-4" data-testid="matching-call">
                <Link
                  to={cityPath(`/calls/${c.id}`, c.city_slug)}
                  className="font-semibold text-primary underline-offset-4 hover:underline"
                >
                  {c.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {c.business_name} · {c.offer_text} · Answer by {formatDay(c.deadline)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
