import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { CheckCircle2, Megaphone } from 'lucide-react';
import {
  BUSINESS_CATEGORIES,
  MSG,
  TYPES_OF_HELP,
  firstImageError,
  validateAmplifySubmission,
} from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, Input, fieldErrorProps } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError, apiFetch, errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';
import { cn } from '@/lib/utils';
import { CITY } from '@/lib/site-config';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { useSubmitHeldBeforeHydration, useTypedBeforeHydration } from '@/lib/typed-before-hydration';
import { useCityPath, usePageCity } from '@/lib/use-city';

/** The control of each field the validator names, where its id differs from the field. */
const FIELD_IDS: Record<string, string> = { neighborhood: 'biz-neighborhood' };

const empty = {
  business_name: '',
  contact_name: '',
  contact_email: '',
  category: '',
  story: '',
  website_social: '',
  neighborhood: '',
  type_of_help: [] as string[],
};

export default function AmplifyPage() {
  const cityLink = useCityPath();
  const pageCity = usePageCity();
  const [form, setForm] = useState(empty);
  const [logo, setLogo] = useState<File | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The failing fields are marked beside them, the first focused (issue 25, decision 0660); the toast says it too.
  const { errors, show, clear, reset } = useFieldErrors<string>((field) => FIELD_IDS[field] ?? field);
  const set = (key: keyof typeof empty, value: string | string[]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  // Typed into the drawn page before its scripts ran: kept (decision 0251).
  const formRef = useRef<HTMLFormElement>(null);
  // The fields have no `name`: a drawn form sent by Enter before the scripts would put them in the URL.
  useTypedBeforeHydration(formRef, (id, value) => {
    const key = Object.keys(FIELD_IDS).find((k) => FIELD_IDS[k] === id) ?? id;
    if (key in empty && key !== 'type_of_help') set(key as keyof typeof empty, value);
  });
  // Sent before the typed text reached the form's state: held, and sent once it has (decision 0670).
  const heldForNow = useSubmitHeldBeforeHydration(formRef);
  const fail = (field: string, message: string) => {
    show({ field, message });
    toast.error(MSG.submissionFailed, { description: message });
  };

  async function onSubmit(e: FormEvent) {
    if (heldForNow(e)) return;
    e.preventDefault();
    // Every failing field at once, focus on the first on the page (decision 0660); the toast names the first.
    const checked = validateAmplifySubmission(form);
    const problem = logo ? firstImageError(logo) : null;
    const failures = [...(checked.ok ? [] : checked.errors), ...(problem ? [{ field: 'logo', message: problem }] : [])];
    if (failures.length) {
      show(failures);
      return void toast.error(MSG.submissionFailed, { description: failures[0]!.message });
    }
    if (!checked.ok) return;
    reset();
    const data = new FormData();
    for (const [key, value] of Object.entries(checked.value)) {
      if (key === 'type_of_help') data.append(key, JSON.stringify(value));
      else if (value !== null) data.append(key, String(value));
    }
    data.append('company_website', honeypot);
    // Under a city's pages the business joins that city (decision 0620).
    if (pageCity) data.append('city', pageCity.slug);
    if (logo) data.append('logo', logo);
    setBusy(true);
    try {
      await apiFetch('/api/amplify/submissions', { method: 'POST', formData: data, auth: false, idempotent: true });
      toast.success(MSG.applicationSubmitted, { description: MSG.founderReviews });
      setDone(true);
    } catch (error) {
      if (error instanceof ApiRequestError && error.field) fail(error.field, error.message);
      else toast.error(MSG.submissionFailed, { description: errorMessage(error, MSG.somethingWrong) });
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <Page className="max-w-xl text-center">
        <CheckCircle2 className="mx-auto size-14 text-success" aria-hidden />
        <ThanksHeading />
        <p className="mt-3 text-muted-foreground">{MSG.founderReviews} We'll be in touch by e-mail.</p>
        <Button asChild variant="outline" className="mt-8">
          <Link to={cityLink('/amplify/featured')}>See featured businesses</Link>
        </Button>
      </Page>
    );
  }

  return (
    <Page className="max-w-2xl">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
        <Megaphone className="size-4" aria-hidden /> Amplify
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Get your local business in front of {CITY} creators</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Tell us your story. {MSG.founderReviews} Approved businesses can be featured, and creators ask you for an
        introduction.
      </p>
      <Card className="mt-8">
        <CardContent className="p-6">
          <form ref={formRef} onSubmit={onSubmit} className="space-y-5" noValidate data-hold-submit>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Business name" htmlFor="business_name" required error={errors.business_name}>
                <Input
                  id="business_name"
                  {...fieldErrorProps('business_name', errors.business_name)}
                  value={form.business_name}
                  onChange={(e) => set('business_name', e.target.value)}
                />
              </Field>
              <Field label="Category" htmlFor="category" required error={errors.category}>
                <select
                  id="category"
                  aria-invalid={errors.category ? true : undefined}
                  aria-describedby={errors.category ? 'category-error' : undefined}
                  className={cn(
                    'h-10 w-full rounded-lg border border-input bg-background px-2 text-sm',
                    errors.category && 'border-destructive',
                  )}
                  value={form.category}
                  onChange={(e) => set('category', e.target.value)}
                >
                  <option value="">Choose a category</option>
                  {BUSINESS_CATEGORIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </Field>
              <Field label="Contact name" htmlFor="contact_name" required error={errors.contact_name}>
                <Input
                  id="contact_name"
                  autoComplete="name"
                  {...fieldErrorProps('contact_name', errors.contact_name)}
                  value={form.contact_name}
                  onChange={(e) => set('contact_name', e.target.value)}
                />
              </Field>
              <Field label="Contact email" htmlFor="contact_email" required error={errors.contact_email}>
                <Input
                  id="contact_email"
                  type="email"
                  autoComplete="email"
                  {...fieldErrorProps('contact_email', errors.contact_email)}
                  value={form.contact_email}
                  onChange={(e) => set('contact_email', e.target.value)}
                />
              </Field>
              <Field label="Website or social" htmlFor="website_social" hint="Optional." error={errors.website_social}>
                <Input
                  id="website_social"
                  {...fieldErrorProps('website_social', errors.website_social, true)}
                  value={form.website_social}
                  onChange={(e) => set('website_social', e.target.value)}
                  placeholder="https://"
                />
              </Field>
              <Field label="Neighborhood" htmlFor="biz-neighborhood" hint="Optional." error={errors.neighborhood}>
                <Input
                  id="biz-neighborhood"
                  {...fieldErrorProps('biz-neighborhood', errors.neighborhood, true)}
                  value={form.neighborhood}
                  onChange={(e) => set('neighborhood', e.target.value)}
                />
              </Field>
            </div>
            <Field
              label="Your story"
              htmlFor="story"
              required
              error={errors.story}
              hint="What makes your business special, and what would you love creators to share?"
            >
              <Textarea
                id="story"
                rows={6}
                {...fieldErrorProps('story', errors.story, true)}
                value={form.story}
                onChange={(e) => set('story', e.target.value)}
              />
            </Field>
            <fieldset>
              <legend className="mb-2 text-sm font-medium">What kind of help? (optional)</legend>
              <div className="flex flex-wrap gap-2">
                {TYPES_OF_HELP.map((t) => {
                  const on = form.type_of_help.includes(t);
                  return (
                    <button
                      key={t}
                      type="button"
                      aria-pressed={on}
                      onClick={() =>
                        set('type_of_help', on ? form.type_of_help.filter((x) => x !== t) : [...form.type_of_help, t])
                      }
                      className={cn(
                        'rounded-full border px-3 py-1.5 text-sm',
                        on ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary',
                      )}
                    >
                      {t}
                    </button>
                  );
                })}
              </div>
            </fieldset>
            <Field label="Logo" htmlFor="logo" hint="Optional image, under 5MB." error={errors.logo}>
              <Input
                id="logo"
                type="file"
                accept="image/*"
                {...fieldErrorProps('logo', errors.logo, true)}
                onChange={(e) => {
                  setLogo(e.target.files?.[0] ?? null);
                  clear('logo');
                }}
              />
            </Field>
            <HoneypotField id="company_website" value={honeypot} onChange={setHoneypot} />
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Application'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}

/**
 * "Thank you!" replaces a long form: the page goes back to the top, where the heading shows below
 * the sticky header (a phone was left at the bottom, the heading under the header: issue 25), and
 * focus moves to it so a screen reader says it.
 */
function ThanksHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="mt-4 text-3xl font-bold outline-none">
      Thank you!
    </h1>
  );
}
