import type { ServerResponse } from 'node:http';

/**
 * A signal that aborts when the response closes before it was sent in full: the client went away,
 * and whatever it waited for can be cancelled (decision 0204). `stop()` stops listening once the
 * answer is settled.
 */
export function whenClientGoes(res: ServerResponse): { signal: AbortSignal; stop: () => void } {
  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableFinished) gone.abort(new Error('client went away'));
  };
  res.once('close', onClose);
  return { signal: gone.signal, stop: () => res.off('close', onClose) };
}
