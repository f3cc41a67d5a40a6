import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Users } from 'lucide-react';
import {
  initials,
  SHORTLIST_LIMITS,
  SHORTLIST_MSG,
  TRUST_TEXT,
  withViewRef,
  type ShortlistEntry,
} from '@local-creators/common';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { formatFollowers } from '@/lib/utils';

/** The creators on a list: each card's facts while listed, "No longer listed" once they left. */
export function ShortlistEntries({
  entries,
  editor,
}: {
  entries: ShortlistEntry[];
  editor?: (e: ShortlistEntry) => ReactNode;
}) {
  if (entries.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
        {SHORTLIST_MSG.empty}
      </p>
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Creators on the list">
      {entries.map((e) => (
        <li
          key={e.profile_id}
          aria-label={e.name}
          className="flex flex-col rounded-xl border border-border bg-background p-4 shadow-xs"
        >
          <div className="flex items-center gap-3">
            <Avatar className="size-12 shrink-0">
              {e.creator?.profile_image_url && (
                <AvatarImage
                  src={e.creator.profile_image_url}
                  alt={`Photo of ${e.name}`}
                  width={48}
                  height={48}
                  loading="lazy"
                />
              )}
              <AvatarFallback>{initials(e.name)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <h3 className="truncate font-semibold">
                {e.listed ? (
                  <Link to={withViewRef(`/creator/${e.profile_id}`, 'shortlist')} className="hover:underline">
                    {e.name}
                  </Link>
                ) : (
                  e.name
                )}
              </h3>
              {e.creator ? (
                <p className="flex items-center gap-1 text-sm text-muted-foreground">
                  <Users className="size-4" aria-hidden /> {formatFollowers(e.creator.total_followers)} followers
                  {e.creator.followers_unconfirmed && (
                    <span className="text-xs text-warning">{TRUST_TEXT.unconfirmed}</span>
                  )}
                </p>
              ) : (
                <Badge variant="outline">{SHORTLIST_MSG.noLongerListed}</Badge>
              )}
            </div>
          </div>
          {e.creator && (
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Niches">
              {e.creator.niches.map((n) => (
                <li key={n}>
                  <Badge variant="secondary">{n}</Badge>
                </li>
              ))}
            </ul>
          )}
          {editor
            ? editor(e)
            : e.note && (
                <p className="mt-3 whitespace-pre-line text-sm">
                  <span className="font-medium">Note:</span> {e.note}
                </p>
              )}
        </li>
      ))}
    </ul>
  );
}

/** The owner's note on one creator, saved with its own button. */
export function NoteEditor({
  entry,
  onSave,
  onRemove,
}: {
  entry: ShortlistEntry;
  onSave: (note: string) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const [note, setNote] = useState(entry.note);
  const [busy, setBusy] = useState(false);
  const id = `note-${entry.profile_id}`;
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor={id} className="text-sm font-medium">
        Note on {entry.name}
      </label>
      <Textarea
        id={id}
        rows={2}
        maxLength={SHORTLIST_LIMITS.noteMax}
        value={note}
        onChange={(ev) => setNote(ev.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy || note === entry.note}
          onClick={() => void run(() => onSave(note))}
        >
          Save note
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => void run(onRemove)}>
          Remove<span className="sr-only"> {entry.name}</span>
        </Button>
      </div>
    </div>
  );
}
