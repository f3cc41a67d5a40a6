import { Link } from 'react-router-dom';
import { BadgeCheck, Clock } from 'lucide-react';
import {
  CALL_ANSWER_MSG,
  atHandle,
  followersAsOf,
  formatCount,
  replyTimeText,
  type CallAnswerForBusiness,
  type OwnCall,
} from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cityPath } from '@/lib/site-config';
import { toast } from '@/lib/toast';
import { SaveButton } from '@/features/shortlist/save-button';
import { useCallAnswers, useFinishPicking, usePickAnswer } from './api/call-answers';

/**
 * The answers to one of the business's calls (issue 40 point 4, decisions 0914–0917): each
 * creator's note and public facts (verified, handles confirmed, counts with their dates, reply
 * time), "Save" to the browser's shortlist (issue 27) and "Pick"; then "Tell the others".
 */
export function CallAnswersList({ call }: { call: OwnCall }) {
  const { data, isPending, error } = useCallAnswers(call.id);
  const pick = usePickAnswer(call.id);
  const finish = useFinishPicking(call.id);
  if (isPending) return <Skeleton className="h-20" />;
  if (error || !data) return null;
  const open = call.status === 'approved';
  const picked = data.answers.filter((a) => a.status === 'picked').length;
  const waiting = data.answers.filter((a) => a.status === 'sent').length;

  const onPick = async (a: CallAnswerForBusiness) => {
    try {
      await pick.mutateAsync(a.id);
      toast.success(CALL_ANSWER_MSG.pickedNotice(a.creator.display_name), {
        description: CALL_ANSWER_MSG.pickedNoticeNote,
      });
    } catch (e) {
      toast.error(errorMessage(e, 'Something went wrong'));
    }
  };
  const onFinish = async () => {
    try {
      await finish.mutateAsync();
      toast.success(CALL_ANSWER_MSG.toldOthers);
    } catch (e) {
      toast.error(errorMessage(e, 'Something went wrong'));
    }
  };

  return (
    <section aria-label="Answers" className="space-y-3 border-t border-border pt-4" data-testid="call-answers">
      <h3 className="font-semibold">
        Answers ({data.answers.length}) · picked {picked} of {data.creators_wanted}
      </h3>
      {data.answers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{CALL_ANSWER_MSG.noAnswers}</p>
      ) : (
        <ul className="space-y-3">
          {data.answers.map((a) => (
            <li key={a.id} className="rounded-lg border border-border p-4" data-testid="call-answer">
              <Answer
                answer={a}
                action={
                  a.status === 'sent' && open && !data.picking_done_at ? (
                    <Button size="sm" onClick={() => void onPick(a)} disabled={pick.isPending}>
                      {CALL_ANSWER_MSG.pick}
                    </Button>
                  ) : (
                    <Badge variant={a.status === 'picked' ? 'default' : 'secondary'}>
                      {a.status === 'picked'
                        ? CALL_ANSWER_MSG.picked
                        : a.status === 'not_picked'
                          ? CALL_ANSWER_MSG.notPicked
                          : 'Waiting'}
                    </Badge>
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {open && !data.picking_done_at && waiting > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={() => void onFinish()} disabled={finish.isPending}>
            {CALL_ANSWER_MSG.tellOthers}
          </Button>
          <p className="text-xs text-muted-foreground">{CALL_ANSWER_MSG.tellOthersHint}</p>
        </div>
      )}
    </section>
  );
}

function Answer({ answer, action }: { answer: CallAnswerForBusiness; action: React.ReactNode }) {
  const c = answer.creator;
  const reply = replyTimeText(c.reply_time);
  const confirmed = new Set(c.confirmed_handles.map((h) => `${h.platform} ${h.handle.toLowerCase()}`));
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link to={cityPath(`/creator/${c.id}`, c.city_slug)} className="font-medium hover:underline">
            {c.display_name}
          </Link>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {c.verified && (
              <span className="inline-flex items-center gap-1 text-primary">
                <BadgeCheck className="size-3.5" aria-hidden /> Verified
              </span>
            )}
            {c.neighborhood && <span>{c.neighborhood}</span>}
            {reply && (
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden /> {reply}
              </span>
            )}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <SaveButton creatorId={c.id} name={c.display_name} />
          {action}
        </div>
      </div>
      <ul className="text-xs text-muted-foreground">
        {c.platforms.map((p) => (
          <li key={`${p.name} ${p.handle}`}>
            {p.name} {atHandle(p.handle)}
            {confirmed.has(`${p.name} ${p.handle.toLowerCase()}`) ? ' (handle confirmed)' : ''}:{' '}
            {formatCount(p.followers)} followers
            {p.followers_unconfirmed ? ' (waiting for a check)' : ''}
            {followersAsOf(p.followers_confirmed_on) ? `, ${followersAsOf(p.followers_confirmed_on)}` : ''}
          </li>
        ))}
      </ul>
      <p className="whitespace-pre-line text-sm">{answer.note}</p>
    </div>
  );
}
