import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallAnswerForBusiness, CallAnswers, MyCallAnswer, OwnCallAnswer } from '@local-creators/common';
import { apiFetch } from '@/lib/api';

/** GET /api/calls/{id}/my-answer: the signed-in creator's answer, or whether they may answer (decision 0914). */
export function useMyCallAnswer(callId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['my-call-answer', callId],
    queryFn: () => apiFetch<MyCallAnswer>(`/api/calls/${encodeURIComponent(callId)}/my-answer`),
    enabled,
    retry: false,
  });
}

/** POST /api/calls/{id}/answers `{ note }`. */
export function useAnswerCall(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiFetch<OwnCallAnswer>(`/api/calls/${encodeURIComponent(callId)}/answers`, {
        method: 'POST',
        body: { note },
        idempotent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-call-answer', callId] }),
  });
}

/** GET /api/me/calls/{id}/answers: the business's answers, each with the creator's public profile. */
export function useCallAnswers(callId: string, enabled = true) {
  return useQuery({
    queryKey: ['call-answers', callId],
    queryFn: () => apiFetch<CallAnswers>(`/api/me/calls/${encodeURIComponent(callId)}/answers`),
    enabled,
  });
}

/**
 * POST …/answers/{answerId}/pick: the creator is told at once (decision 0916). The answers and
 * "My calls" are read again: the call's numbers on the same card count the pick ("Picked").
 */
export function usePickAnswer(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answerId: string) =>
      apiFetch<CallAnswerForBusiness>(
        `/api/me/calls/${encodeURIComponent(callId)}/answers/${encodeURIComponent(answerId)}/pick`,
        { method: 'POST' },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['call-answers', callId] }),
        queryClient.invalidateQueries({ queryKey: ['my-calls'] }),
      ]),
  });
}

/** POST …/answers/finish: "Tell the others". */
export function useFinishPicking(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<CallAnswers>(`/api/me/calls/${encodeURIComponent(callId)}/answers/finish`, { method: 'POST' }),
    onSuccess: (data) => queryClient.setQueryData(['call-answers', callId], data),
  });
}
