import { useState } from 'react';
import { Check, Code, Copy, ImageDown } from 'lucide-react';
import { MSG } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { copyText } from './share-profile-card';

/** The HTML that embeds the live badge (decision 0802): the image, linked to the profile, scaling down in a narrow column. */
export function badgeSnippet(origin: string, profileId: string, name: string) {
  const alt = `${name} on Local Creators: live verification badge`.replace(/[<>&"]/g, '');
  return `<a href="${origin}/creator/${profileId}?ref=badge"><img src="${origin}/badge/${profileId}.svg" alt="${alt}" width="340" height="96" style="max-width:100%;height:auto"></a>`;
}

/**
 * The live badge for a listed creator's link page or website: it says "Verified local creator"
 * with the city and the day of the last check, and turns to "Not currently verified" by itself.
 */
export function LiveBadgeCard({ profileId, name }: { profileId: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const origin = window.location.origin;
  const snippet = badgeSnippet(origin, profileId, name);

  async function onCopy() {
    if (await copyText(snippet, document.getElementById('badge-snippet') as HTMLTextAreaElement | null)) {
      toast.success(MSG.badgeCodeCopied);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    }
  }

  return (
    <Card role="region" aria-labelledby="live-badge-title">
      <CardHeader>
        <h2 id="live-badge-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Code className="size-5 text-primary" aria-hidden /> Your live badge
        </h2>
        <CardDescription>
          Put it on your link page or website. It always shows where you stand today: if your profile leaves the
          directory or your yearly check is due, it says "Not currently verified" by itself.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex justify-center rounded-lg bg-muted p-4">
          <img
            src={`/badge/${profileId}.svg`}
            alt="Your live badge as others see it"
            width={340}
            height={96}
            className="h-auto max-w-full"
          />
        </div>
        <Label htmlFor="badge-snippet">HTML code</Label>
        <Textarea
          id="badge-snippet"
          readOnly
          value={snippet}
          rows={4}
          className="font-mono text-xs break-all"
          onFocus={(e) => e.target.select()}
        />
        <div className="flex flex-wrap gap-2 pt-1">
          <Button type="button" className="flex-1 sm:flex-none" onClick={() => void onCopy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />} Copy code
          </Button>
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <a href={`/badge/${profileId}.png`} download="local-creators-live-badge.png">
              <ImageDown aria-hidden /> PNG image
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
