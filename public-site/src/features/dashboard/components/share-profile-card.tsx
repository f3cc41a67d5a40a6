import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Check, Copy, Eye, EyeOff, Globe } from 'lucide-react';
import { MSG, withViewRef } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Copies `text`; where the clipboard API is missing, copies the selected field instead. */
export async function copyText(text: string, input: HTMLInputElement | HTMLTextAreaElement | null) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers or an insecure origin: copy the selected input instead.
    input?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

export function ShareProfileCard({ profileId }: { profileId: string }) {
  const [copied, setCopied] = useState(false);
  const path = `/creator/${profileId}`;
  // The link the creator shares names itself, so its visitors count as theirs (decision 0850).
  const url = `${window.location.origin}${withViewRef(path, 'shared')}`;

  async function onCopy() {
    if (await copyText(url, document.getElementById('share-link') as HTMLInputElement | null)) {
      toast.success(MSG.linkCopied);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Globe className="size-5 text-primary" aria-hidden /> Your live profile
        </h2>
        <CardDescription>Share this link with brands, in your bio or in your media kit.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2">
        <Label htmlFor="share-link">Shareable link</Label>
        <Input
          id="share-link"
          readOnly
          value={url}
          className="font-mono text-xs sm:text-sm"
          onFocus={(e) => e.target.select()}
        />
        <div className="flex gap-2 pt-1">
          <Button type="button" className="flex-1 sm:flex-none" onClick={() => void onCopy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />} Copy link
          </Button>
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <Link to={path}>
              <Eye aria-hidden /> Preview
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Instead of the share card while the profile is not listed: its link would say 'Profile not found' to anyone else. */
export function NotPublicCard({ profileId, rejected }: { profileId: string; rejected: boolean }) {
  return (
    <Card data-testid="not-public-card">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <EyeOff className="size-5 text-muted-foreground" aria-hidden /> Your profile is not public yet
        </h2>
        <CardDescription>
          {rejected
            ? 'It is not in the directory, and its link shows "Profile not found" to everyone but you. Update your application if you would like it reviewed again.'
            : 'Brands cannot see it until it is approved and your phone is verified. Until then its link works only for you, so hold off sharing it.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to={`/creator/${profileId}`}>
            <Eye aria-hidden /> Preview
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
