import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { BadgeCheck, Download, Loader2 } from 'lucide-react';
import { MSG } from '@local-creators/common';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { downloadVerifiedBadge, drawVerifiedBadge } from './verified-badge-image';

export function VerifiedBadgeCard({ name, city }: { name: string; city: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    drawVerifiedBadge(name, city)
      .then((canvas) => live && setPreview(canvas.toDataURL('image/png')))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [name, city]);

  async function onDownload() {
    setBusy(true);
    try {
      await downloadVerifiedBadge(name, city);
    } catch {
      toast.error(MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardContent className="flex h-full flex-col gap-5 p-6 sm:flex-row sm:items-center">
        <div className="flex size-28 shrink-0 items-center justify-center self-center rounded-2xl bg-muted sm:self-auto">
          {preview ? (
            <img src={preview} alt={`Verified ${city} creator badge for ${name}`} className="size-24" />
          ) : (
            <BadgeCheck className="size-12 text-primary" aria-hidden />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold tracking-tight">Your verified badge</h2>
            <Badge variant="success">Live!</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Add it to your media kit, link hub or pitch deck so brands know a real person checked you.
          </p>
          <Button type="button" onClick={() => void onDownload()} disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />} Download badge
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
