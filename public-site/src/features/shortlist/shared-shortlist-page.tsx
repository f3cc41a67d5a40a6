import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Download } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { SHORTLIST_MSG, type SharedShortlist } from '@local-creators/common';
import { Page, PageLoading } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage } from '@/lib/api';
import { ShortlistEntries } from './shortlist-entries';

/** A shortlist opened by its read-only link (#token=…): the list and its notes, nothing to change. */
export default function SharedShortlistPage() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => setToken(new URLSearchParams(window.location.hash.slice(1)).get('token')), []);
  const list = useQuery({
    queryKey: ['shared-shortlist', token],
    enabled: !!token,
    retry: false,
    queryFn: () =>
      apiFetch<SharedShortlist>(`/api/shortlists/shared?token=${encodeURIComponent(token!)}`, { auth: false }),
  });
  if (token === undefined || (token && list.isPending)) return <PageLoading />;
  if (!token || list.isError) {
    return (
      <Page className="max-w-xl text-center">
        <h1 className="text-3xl font-bold">Shared shortlist</h1>
        <p className="mt-3 text-muted-foreground">
          {list.isError ? errorMessage(list.error, SHORTLIST_MSG.sharedNotFound) : SHORTLIST_MSG.sharedNotFound}
        </p>
        <Button asChild className="mt-6">
          <Link to="/directory">Browse the directory</Link>
        </Button>
      </Page>
    );
  }
  const data = list.data!;
  return (
    <Page>
      <p className="text-sm font-medium text-muted-foreground">Shared shortlist · read only</p>
      <h1 className="mt-1 text-3xl font-bold">{data.name}</h1>
      <div className="mt-4 mb-8">
        <Button asChild variant="outline">
          <a href={`/api/shortlists/shared/export.csv?token=${encodeURIComponent(token)}`} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      </div>
      <ShortlistEntries entries={data.entries} />
    </Page>
  );
}
