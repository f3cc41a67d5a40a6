import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Download, Link2, Share2 } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, SHORTLIST_LIMITS, SHORTLIST_MSG, type OwnShortlist } from '@local-creators/common';
import { Page, PageLoading } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiFetch, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { MessageEveryone } from './message-everyone';
import { NoteEditor, ShortlistEntries } from './shortlist-entries';
import { adopt, forget, ownQuery, remember, useRememberedShortlist } from './shortlist-store';

const linkTo = (path: string, token: string) => `${window.location.origin}${path}#token=${token}`;
const tokenInHash = () => new URLSearchParams(window.location.hash.slice(1)).get('token');

/**
 * The owner's shortlist (issue 27): the creators saved, notes, the list's own link, a read-only
 * link to share (or stop sharing), the CSV, and one message to everyone on it. The page is drawn
 * in the browser only: the list is private and its key is in this browser's memory or the link's
 * #fragment, which never reaches the server.
 */
export default function ShortlistPage() {
  const remembered = useRememberedShortlist();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const fromLink = tokenInHash();
    if (fromLink) adopt(fromLink);
    setChecked(true);
  }, []);
  const token = remembered?.token ?? null;
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['shortlist', token],
    enabled: !!token,
    queryFn: async () => {
      const answer = await apiFetch<OwnShortlist>(ownQuery(token!), { auth: false });
      remember(token!, answer);
      return answer;
    },
  });
  const [name, setName] = useState<string | null>(null);

  if (!checked || (token && list.isPending)) return <PageLoading />;
  if (!token || list.isError) {
    return (
      <Page className="max-w-xl text-center">
        <h1 className="text-3xl font-bold">Your shortlist</h1>
        <p className="mt-3 text-muted-foreground">
          {list.isError ? errorMessage(list.error, SHORTLIST_MSG.notFound) : SHORTLIST_MSG.empty}
        </p>
        {list.isError && (
          <Button type="button" variant="outline" className="mt-6" onClick={forget}>
            Forget this link
          </Button>
        )}
        <Button asChild className="mt-6 ml-2">
          <Link to="/directory">Browse the directory</Link>
        </Button>
      </Page>
    );
  }
  const data = list.data!;
  const update = (next: OwnShortlist, shareToken?: string | null) => {
    remember(token, next, shareToken);
    client.setQueryData(['shortlist', token], next);
  };
  const act = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error, MSG.somethingWrong));
    }
  };
  const q = `token=${encodeURIComponent(token)}`;
  const onRename = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      update(
        await apiFetch<OwnShortlist>(`/api/shortlists/own?${q}`, {
          method: 'PATCH',
          body: { name: name ?? data.name },
          auth: false,
        }),
      );
      setName(null);
      toast.success('Name saved');
    });
  };
  const share = () =>
    act(async () => {
      const { share_token } = await apiFetch<{ share_token: string }>(`/api/shortlists/own/share?${q}`, {
        method: 'POST',
        auth: false,
      });
      update({ ...data, shared: true }, share_token);
      toast.success('Read-only link made', {
        description: 'Anyone with it sees the names, cards and your notes; they cannot change anything.',
      });
    });
  const unshare = () =>
    act(async () => {
      await apiFetch(`/api/shortlists/own/share?${q}`, { method: 'DELETE', auth: false });
      update({ ...data, shared: false }, null);
      toast.success('Sharing stopped', { description: 'The read-only link no longer opens the list.' });
    });
  const copy = (text: string) => void navigator.clipboard?.writeText(text).then(() => toast.success('Link copied'));

  return (
    <Page>
      <h1 className="text-3xl font-bold">{data.name}</h1>
      <p className="mt-2 text-muted-foreground">
        {data.entries.length} of at most {SHORTLIST_LIMITS.creatorsMax} creators. No account needed: this browser
        remembers the list, and its link below opens it anywhere.
      </p>
      <form onSubmit={onRename} className="mt-6 flex max-w-md items-end gap-2">
        <div className="flex-1">
          <label htmlFor="shortlist_name" className="text-sm font-medium">
            List name
          </label>
          <Input
            id="shortlist_name"
            maxLength={SHORTLIST_LIMITS.nameMax}
            value={name ?? data.name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={name === null || name === data.name}>
          Rename
        </Button>
      </form>

      <section
        aria-labelledby="links"
        className="mt-8 grid gap-4 rounded-xl border border-border bg-muted/30 p-4 md:grid-cols-2"
      >
        <h2 id="links" className="sr-only">
          Links
        </h2>
        <div>
          <label htmlFor="own_link" className="flex items-center gap-1 text-sm font-medium">
            <Link2 className="size-4" aria-hidden /> Your private link
          </label>
          <p className="text-xs text-muted-foreground">Keep it to yourself: it can change the list.</p>
          <div className="mt-2 flex gap-2">
            <Input
              id="own_link"
              readOnly
              value={linkTo('/shortlist', token)}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={() => copy(linkTo('/shortlist', token))}>
              Copy
            </Button>
          </div>
        </div>
        <div>
          <p className="flex items-center gap-1 text-sm font-medium">
            <Share2 className="size-4" aria-hidden /> Read-only link
          </p>
          {data.shared && remembered?.shareToken ? (
            <>
              <p className="text-xs text-muted-foreground">
                Anyone with it sees the list and your notes, and cannot change them.
              </p>
              <div className="mt-2 flex gap-2">
                <Input
                  aria-label="Read-only link"
                  readOnly
                  value={linkTo('/shortlist/shared', remembered.shareToken)}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => copy(linkTo('/shortlist/shared', remembered.shareToken!))}
                >
                  Copy
                </Button>
              </div>
              <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={() => void unshare()}>
                Stop sharing
              </Button>
            </>
          ) : (
            <>
              <p className="text-xs text-muted-foreground">
                {data.shared ? 'A read-only link made elsewhere is live.' : 'Not shared.'}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button type="button" variant="outline" onClick={() => void share()}>
                  {data.shared ? 'Make a new read-only link' : 'Share read-only link'}
                </Button>
                {data.shared && (
                  <Button type="button" variant="ghost" onClick={() => void unshare()}>
                    Stop sharing
                  </Button>
                )}
              </div>
            </>
          )}
        </div>
        <div className="md:col-span-2">
          <Button asChild variant="outline">
            <a href={`/api/shortlists/own/export.csv?${q}`} download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        </div>
      </section>

      <section aria-labelledby="creators" className="mt-8">
        <h2 id="creators" className="mb-4 text-xl font-semibold">
          Creators
        </h2>
        <ShortlistEntries
          entries={data.entries}
          editor={(entry) => (
            <NoteEditor
              key={entry.note}
              entry={entry}
              onSave={(note) =>
                act(async () => {
                  update(
                    await apiFetch<OwnShortlist>(`/api/shortlists/own/creators/${entry.profile_id}?${q}`, {
                      method: 'PUT',
                      body: { note },
                      auth: false,
                    }),
                  );
                  toast.success('Note saved');
                })
              }
              onRemove={() =>
                act(async () => {
                  update(
                    await apiFetch<OwnShortlist>(`/api/shortlists/own/creators/${entry.profile_id}?${q}`, {
                      method: 'DELETE',
                      auth: false,
                    }),
                  );
                  toast.success(SHORTLIST_MSG.removedToast(entry.name));
                })
              }
            />
          )}
        />
      </section>

      {data.entries.some((e) => e.creator?.contact_enabled) && (
        <MessageEveryone token={token} count={data.entries.filter((e) => e.creator?.contact_enabled).length} />
      )}
    </Page>
  );
}
