import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from '@/lib/toast';
import { ExternalLink, MapPin, Store } from 'lucide-react';
import {
  INTRO_CONFIRM_HOURS,
  initials,
  MSG,
  validateInterestRequest,
  websiteHref,
  type InterestRequestResult,
  type PublicAmplifySubmission,
} from '@local-creators/common';
import { Page, PageLoading } from '@/components/layout/page';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { Field, Input, fieldErrorProps } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError, apiFetch, errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';
import { useAuth } from '@/lib/auth';
import { isListed, useMyProfile } from '@/lib/queries/my-profile';
import { CITY } from '@/lib/site-config';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { useCityPath, usePageCity } from '@/lib/use-city';

/** Of the city whose pages are open (`?city=`, decision 0620), else of every city. */
async function loadFeatured(city?: string) {
  try {
    return await apiFetch<PublicAmplifySubmission[]>(
      city ? `/api/amplify/featured?city=${encodeURIComponent(city)}` : '/api/amplify/featured',
      {
        auth: false,
      },
    );
  } catch (error) {
    console.error('featured businesses could not be loaded', error); // spec: logged only, empty state shown
    return [];
  }
}

export default function FeaturedPage() {
  const cityLink = useCityPath();
  const city = usePageCity()?.slug;
  const { data, isLoading } = useQuery({
    queryKey: city ? ['amplify', 'featured', city] : ['amplify', 'featured'],
    queryFn: () => loadFeatured(city),
  });
  return (
    <Page>
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">Featured local businesses</h1>
      <p className="mt-2 text-muted-foreground">
        {CITY} businesses that want to work with local creators. Ask for an introduction.
      </p>
      {isLoading && <PageLoading />}
      {data && data.length === 0 && (
        <div className="mt-12 rounded-xl border border-dashed border-border p-12 text-center">
          <Store className="mx-auto size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-4 text-xl font-semibold">{MSG.noFeaturedBusinesses}</h2>
          <p className="mt-2 text-muted-foreground">Own a local business?</p>
          <Button asChild className="mt-4">
            <Link to={cityLink('/amplify')}>Apply to be featured</Link>
          </Button>
        </div>
      )}
      <div className="mt-8 grid gap-4 md:grid-cols-2">
        {data?.map((b) => (
          <article
            key={b.id}
            aria-label={b.business_name}
            className="flex flex-col rounded-xl border border-border p-6 shadow-sm"
          >
            <div className="flex items-center gap-3">
              <Avatar className="rounded-lg">
                {b.logo_url && <AvatarImage src={b.logo_url} alt={`Logo of ${b.business_name}`} loading="lazy" />}
                <AvatarFallback>{initials(b.business_name)}</AvatarFallback>
              </Avatar>
              <div>
                <h2 className="font-semibold">{b.business_name}</h2>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <Badge variant="secondary">{b.category}</Badge>
                  {b.neighborhood && (
                    <span className="flex items-center gap-1">
                      <MapPin className="size-3.5" aria-hidden /> {b.neighborhood}
                    </span>
                  )}
                </div>
              </div>
            </div>
            <p className="mt-4 whitespace-pre-line text-sm leading-relaxed">{b.description}</p>
            {b.type_of_help.length > 0 && (
              <div className="mt-3 flex flex-wrap gap-1.5">
                {b.type_of_help.map((t) => (
                  <Badge key={t} variant="outline">
                    {t}
                  </Badge>
                ))}
              </div>
            )}
            <div className="mt-auto flex flex-wrap gap-2 pt-5">
              <IntroductionDialog business={b} />
              {websiteHref(b.website_social) && (
                <Button asChild variant="outline">
                  <a href={websiteHref(b.website_social)!} target="_blank" rel="noopener noreferrer nofollow">
                    Website <ExternalLink aria-hidden />
                  </a>
                </Button>
              )}
            </div>
          </article>
        ))}
      </div>
    </Page>
  );
}

function IntroductionDialog({ business }: { business: PublicAmplifySubmission }) {
  const { user } = useAuth();
  const { data: profile } = useMyProfile();
  const [open, setOpen] = useState(false);
  // A signed-in creator starts from what the account and the profile already say (all editable).
  const blank = () => ({
    creator_name: profile?.full_name ?? '',
    creator_email: user?.email ?? '',
    creator_links: profile
      ? isListed(profile)
        ? `${window.location.origin}/creator/${profile.id}`
        : (profile.link_hub_url ?? '')
      : '',
    message: '',
  });
  const [form, setForm] = useState(blank);
  const [honeypot, setHoneypot] = useState('');
  const [busy, setBusy] = useState(false);
  // The failing field is marked beside it and focused (issue 25); the toast says it too.
  const { errors, show, clear, reset } = useFieldErrors<keyof ReturnType<typeof blank>>();
  const set = (field: keyof ReturnType<typeof blank>, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  // A signed-in creator writing from the account's proven address needs no confirmation step. Empty
  // fields take what the account and profile say whenever those arrive: the profile may load after
  // the first render, or after the dialog was opened (then the open dialog fills in).
  const fillKnown = () => {
    const known = blank();
    setForm((f) => ({
      creator_name: f.creator_name || known.creator_name,
      creator_email: f.creator_email || known.creator_email,
      creator_links: f.creator_links || known.creator_links,
      message: f.message,
    }));
  };
  useEffect(fillKnown, [profile, user]);

  function onOpenChange(next: boolean) {
    if (next) fillKnown();
    setOpen(next);
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateInterestRequest(form);
    if (!checked.ok) {
      show(checked.errors);
      return void toast.error(MSG.interestFailed, { description: checked.error.message });
    }
    reset();
    setBusy(true);
    try {
      // Sent with the session when signed in: the server then knows the account's own address.
      const result = await apiFetch<InterestRequestResult>(`/api/amplify/submissions/${business.id}/interest`, {
        method: 'POST',
        idempotent: true,
        body: { ...checked.value, company_website: honeypot },
      });
      toast.success(MSG.interestSubmitted, {
        description:
          result.status === 'sent'
            ? MSG.interestWillBeNotified(business.business_name)
            : MSG.interestConfirmationSent(checked.value.creator_email, INTRO_CONFIRM_HOURS),
        duration: result.status === 'sent' ? undefined : 15_000,
      });
      setOpen(false);
      setForm(blank());
    } catch (error) {
      if (error instanceof ApiRequestError && error.field) show({ field: error.field, message: error.message });
      toast.error(MSG.interestFailed, { description: errorMessage(error, MSG.somethingWrong) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button>Request an introduction</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-background p-6 shadow-xl">
          <Dialog.Title className="pr-10 text-lg font-semibold">
            Introduce yourself to {business.business_name}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {user?.email_confirmed_at
              ? "We'll e-mail your note to the business owner. If you use an address other than your account's, we first send you a link to confirm it."
              : "We'll e-mail your note to the business owner once you confirm your e-mail address with the link we send you."}
          </Dialog.Description>
          <form onSubmit={onSubmit} className="mt-5 space-y-4" noValidate>
            <Field label="Your name" htmlFor="creator_name" required error={errors.creator_name}>
              <Input
                id="creator_name"
                {...fieldErrorProps('creator_name', errors.creator_name)}
                value={form.creator_name}
                onChange={(e) => set('creator_name', e.target.value)}
              />
            </Field>
            <Field label="Your email" htmlFor="creator_email" required error={errors.creator_email}>
              <Input
                id="creator_email"
                type="email"
                {...fieldErrorProps('creator_email', errors.creator_email)}
                value={form.creator_email}
                onChange={(e) => set('creator_email', e.target.value)}
              />
            </Field>
            <Field
              label="Links"
              htmlFor="creator_links"
              hint="Optional: your profile or socials."
              error={errors.creator_links}
            >
              <Input
                id="creator_links"
                {...fieldErrorProps('creator_links', errors.creator_links, true)}
                value={form.creator_links}
                onChange={(e) => set('creator_links', e.target.value)}
              />
            </Field>
            <Field label="Message" htmlFor="message" hint="Optional." error={errors.message}>
              <Textarea
                id="message"
                {...fieldErrorProps('message', errors.message, true)}
                value={form.message}
                onChange={(e) => set('message', e.target.value)}
              />
            </Field>
            <HoneypotField id={`company_website_${business.id}`} value={honeypot} onChange={setHoneypot} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Sending...' : 'Send request'}
            </Button>
          </form>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
