import { useState } from 'react';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { MSG, SHORTLIST_MSG } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { toggleSaved, useRememberedShortlist } from './shortlist-store';

/**
 * "Save" on a card or a profile (issue 27): puts the creator on this browser's shortlist, starting
 * one when there is none. Drawn as "Save" on the server and while hydrating; it shows "Saved" once
 * the browser's memory is read, so the server's HTML is taken over as it is.
 */
export function SaveButton({
  creatorId,
  name,
  size = 'sm',
}: {
  creatorId: string;
  name: string;
  size?: 'sm' | 'default';
}) {
  const remembered = useRememberedShortlist();
  const saved = remembered?.ids.includes(creatorId) ?? false;
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { saved: now } = await toggleSaved(creatorId);
      toast.success(now ? SHORTLIST_MSG.savedToast(name) : SHORTLIST_MSG.removedToast(name), {
        description: now ? 'See it under "Shortlist" at the top of the page.' : undefined,
      });
    } catch (error) {
      toast.error(errorMessage(error, MSG.somethingWrong));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      size={size}
      variant={saved ? 'secondary' : 'outline'}
      aria-pressed={saved}
      disabled={busy}
      onClick={() => void onClick()}
    >
      {saved ? <BookmarkCheck aria-hidden /> : <Bookmark aria-hidden />}
      {saved ? SHORTLIST_MSG.saved : SHORTLIST_MSG.save}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
