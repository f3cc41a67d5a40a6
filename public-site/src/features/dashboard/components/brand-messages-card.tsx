import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { Inbox } from 'lucide-react';
import { MSG, contactLinkChoices, type CreatorProfile, type ReceivedContactRequest } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { apiFetch, errorMessage } from '@/lib/api';
import { myProfileKey } from '@/lib/queries/my-profile';

const receivedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * The dashboard's messages from brands (decision 0501): whether the profile shows the Contact
 * form (or which links instead), and every message received, newest first.
 */
export function BrandMessagesCard({ profile }: { profile: CreatorProfile }) {
  const { data: messages } = useQuery({
    queryKey: ['me', 'contact-requests', profile.id],
    queryFn: () => apiFetch<ReceivedContactRequest[]>('/api/me/contact-requests'),
  });
  return (
    <Card aria-labelledby="brand-messages-title">
      <CardHeader>
        <CardTitle id="brand-messages-title" className="flex items-center gap-2">
          <Inbox className="size-5 text-primary" aria-hidden /> Messages from brands
        </CardTitle>
        <CardDescription>
          Brands write to you with the Contact button on your profile. Each message reaches you by e-mail; reply to it
          to answer them. Your e-mail address stays private until you do.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ContactSettingsForm profile={profile} />
        {messages && messages.length === 0 && <p className="text-sm text-muted-foreground">No messages yet.</p>}
        {messages && messages.length > 0 && (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Messages received">
            {messages.map((m) => (
              <li key={m.id} className="space-y-1 p-4">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-semibold">{m.brand_name}</span>
                  <span className="text-muted-foreground">{receivedAt(m.created_at)}</span>
                </p>
                <p className="text-sm">
                  <a href={`mailto:${m.email}`} className="text-primary underline-offset-4 hover:underline">
                    {m.email}
                  </a>
                  {m.budget_range && <span className="text-muted-foreground"> · Budget: {m.budget_range}</span>}
                  {m.replied_at && <span className="text-success"> · You replied</span>}
                </p>
                <p className="text-sm whitespace-pre-line">{m.message}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ContactSettingsForm({ profile }: { profile: CreatorProfile }) {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(profile.contact_enabled);
  const [links, setLinks] = useState<string[]>(profile.contact_links);
  const choices = contactLinkChoices(profile);
  const save = useMutation({
    mutationFn: () =>
      apiFetch<CreatorProfile>('/api/me/profile/contact', {
        method: 'PUT',
        body: { contact_enabled: enabled, contact_links: links.filter((k) => choices.some((c) => c.key === k)) },
      }),
    onSuccess: async () => {
      toast.success(MSG.contactSettingsSaved);
      await queryClient.invalidateQueries({ queryKey: myProfileKey });
    },
    onError: (error) => toast.error(MSG.updateFailed, { description: errorMessage(error, MSG.somethingWrong) }),
  });
  const toggle = (key: string, on: boolean) => setLinks((l) => (on ? [...l, key] : l.filter((k) => k !== key)));

  return (
    <form
      className="space-y-4 rounded-lg bg-muted/50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="flex items-center gap-3">
        <Switch id="contact_enabled" checked={enabled} onCheckedChange={setEnabled} />
        <Label htmlFor="contact_enabled">Brands can contact me through my profile</Label>
      </div>
      {!enabled && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Show these links instead</legend>
          {choices.length === 0 && (
            <p className="text-sm text-muted-foreground">
              Your profile has no links yet: add them to your platforms, media kit or link hub.
            </p>
          )}
          {choices.map((c) => (
            <label key={c.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={links.includes(c.key)}
                onChange={(e) => toggle(c.key, e.target.checked)}
              />
              {c.key}
            </label>
          ))}
        </fieldset>
      )}
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save contact settings'}
      </Button>
    </form>
  );
}
