import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CALL_ANSWER_MSG, validateCallAnswer } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, fieldErrorProps } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError, errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useFieldErrors } from '@/lib/field-errors';
import { useSignInPath } from '@/lib/sign-in-path';
import { toast } from '@/lib/toast';
import { useAnswerCall, useMyCallAnswer } from './api/call-answers';

const STATUS = { sent: 'Sent', picked: CALL_ANSWER_MSG.picked, not_picked: CALL_ANSWER_MSG.notPicked } as const;

/**
 * "Answer this call" on a call's page (issue 40 point 4): a listed creator, signed in, sends a short
 * note (every error at once, on its field: decision 0660). Others read why they cannot; signed-out
 * visitors are asked to sign in. The server decides (decision 0914).
 */
export function AnswerCall({ callId, businessName }: { callId: string; businessName: string }) {
  const { user, loading } = useAuth();
  // Back to this call after signing in (decision 0935).
  const signInPath = useSignInPath();
  const mine = useMyCallAnswer(callId, !!user);
  const send = useAnswerCall(callId);
  const [note, setNote] = useState('');
  const { errors, show, clear, reset } = useFieldErrors<'note'>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateCallAnswer({ note });
    if (!checked.ok) {
      show(checked.errors);
      return void toast.error(CALL_ANSWER_MSG.failed, { description: checked.errors[0]!.message });
    }
    reset();
    try {
      await send.mutateAsync(checked.value.note);
      toast.success(CALL_ANSWER_MSG.sent, { description: `${businessName} sees it with your public profile.` });
    } catch (error) {
      if (error instanceof ApiRequestError && error.field) show({ field: error.field, message: error.message });
      toast.error(CALL_ANSWER_MSG.failed, { description: errorMessage(error, 'Something went wrong') });
    }
  }

  if (loading) return null;
  if (!user)
    return (
      <Box>
        <p className="text-sm text-muted-foreground">
          Listed creators of the city can answer this call.{' '}
          <Link to={signInPath} className="font-medium text-primary hover:underline">
            Sign in
          </Link>{' '}
          to answer.
        </p>
      </Box>
    );
  if (!mine.data) return null;
  const { answer, can_answer, reason } = mine.data;
  if (answer)
    return (
      <Box>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{CALL_ANSWER_MSG.yourAnswer}</h2>
          <Badge variant={answer.status === 'picked' ? 'default' : 'secondary'}>{STATUS[answer.status]}</Badge>
        </div>
        <p className="mt-2 whitespace-pre-line text-sm text-foreground/90">{answer.note}</p>
      </Box>
    );
  if (!can_answer)
    return (
      <Box>
        <p className="text-sm text-muted-foreground">{reason}</p>
      </Box>
    );
  return (
    <Box>
      <h2 className="text-lg font-semibold">{CALL_ANSWER_MSG.answer}</h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <Field
          label={CALL_ANSWER_MSG.noteLabel}
          htmlFor="note"
          required
          hint={CALL_ANSWER_MSG.noteHint}
          error={errors.note}
        >
          <Textarea
            id="note"
            rows={4}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              clear('note');
            }}
            {...fieldErrorProps('note', errors.note, true)}
          />
        </Field>
        <Button type="submit" disabled={send.isPending}>
          {CALL_ANSWER_MSG.answer}
        </Button>
      </form>
    </Box>
  );
}

function Box({ children }: { children: React.ReactNode }) {
  return (
    <Card className="mt-8" data-testid="answer-call">
      <CardContent className="p-6">{children}</CardContent>
    </Card>
  );
}
