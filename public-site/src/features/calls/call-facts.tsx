import { CalendarDays, Clock, MapPin, Users } from 'lucide-react';
import { followerRangeText, formatDay, type CallInput } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';

/** A date as people read it: "December 5, 2026" (the same on the server and in the browser). */
export const dayText = (day: string) => formatDay(day);

/** What a call needs, when and where, and what it offers: the same on the list, the call's page and My calls. */
export function CallFacts({ call, cityName, offerText }: { call: CallInput; cityName: string; offerText: string }) {
  const followers = followerRangeText(call.followers_min, call.followers_max);
  return (
    <div className="space-y-3 text-sm">
      <p className="text-base font-semibold text-foreground" data-testid="call-offer">
        {offerText}
      </p>
      <ul className="space-y-1.5 text-muted-foreground">
        <li className="flex items-center gap-2">
          <Users className="size-4 shrink-0" aria-hidden />
          {call.creators_wanted} creator{call.creators_wanted === 1 ? '' : 's'} wanted
          {followers ? ` · ${followers}` : ''}
        </li>
        <li className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0" aria-hidden />
          {call.neighborhoods.length ? call.neighborhoods.join(', ') : `All of ${cityName}`}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0" aria-hidden />
          {call.starts_on === call.ends_on
            ? dayText(call.starts_on)
            : `${dayText(call.starts_on)} – ${dayText(call.ends_on)}`}
        </li>
        <li className="flex items-center gap-2">
          <Clock className="size-4 shrink-0" aria-hidden />
          Answer by {dayText(call.deadline)}
        </li>
      </ul>
      <div className="flex flex-wrap gap-1.5">
        {[...call.niches, ...call.content_types, ...call.collab_types].map((tag) => (
          <Badge key={tag} variant="secondary">
            {tag}
          </Badge>
        ))}
      </div>
    </div>
  );
}
