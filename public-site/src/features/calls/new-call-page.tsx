import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Megaphone } from 'lucide-react';
import {
  CALL_LIMITS,
  CALL_MSG,
  COLLAB_TYPES,
  CONTENT_TYPES,
  NICHES,
  validateCall,
  type CallOffer,
} from '@local-creators/common';
import { Page } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, Input, fieldErrorProps } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError, apiFetch, errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { CITY } from '@/lib/site-config';
import { usePageCity } from '@/lib/use-city';

const empty = {
  business_name: '',
  title: '',
  description: '',
  niches: [] as string[],
  content_types: [] as string[],
  collab_types: [] as string[],
  neighborhoods: '',
  followers_min: '',
  followers_max: '',
  starts_on: '',
  ends_on: '',
  deadline: '',
  offer: '' as CallOffer | '',
  fee_min: '',
  fee_max: '',
  product: '',
  creators_wanted: '1',
};
type Form = typeof empty;
type ListKey = 'niches' | 'content_types' | 'collab_types';
/** Groups of toggles: the first of each takes the focus when the group fails. */
const FIRST_IDS: Record<string, string> = {
  niches: `niches-${NICHES[0]}`,
  content_types: `content_types-${CONTENT_TYPES[0]}`,
  collab_types: `collab_types-${COLLAB_TYPES[0]}`,
  offer: 'offer-paid',
};

/** The browser's day: the server checks again against the city's own. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** /{city}/calls/new (issue 40 point 1): a business with a proven address posts a call to the city's admins. */
export default function NewCallPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const city = usePageCity();
  const cityName = city?.name ?? CITY;
  const [form, setForm] = useState<Form>(empty);
  const [busy, setBusy] = useState(false);
  // Every failing field marked beside it, focus on the first (decision 0660).
  const { errors, show, clear, reset } = useFieldErrors<string>((field) => FIRST_IDS[field] ?? field);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };
  const toggle = (key: ListKey, value: string) =>
    set(key, form[key].includes(value) ? form[key].filter((v) => v !== value) : [...form[key], value]);

  const body = () => ({
    ...form,
    neighborhoods: form.neighborhoods
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
    ...(city ? { city: city.slug } : {}),
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateCall(body(), today());
    if (!checked.ok) {
      show(checked.errors);
      return void toast.error(CALL_MSG.failed, { description: checked.errors[0]!.message });
    }
    reset();
    setBusy(true);
    try {
      await apiFetch('/api/calls', {
        method: 'POST',
        body: { ...checked.value, ...(city ? { city: city.slug } : {}) },
        idempotent: true,
      });
      toast.success(CALL_MSG.posted, { description: CALL_MSG.reviewNote });
      navigate('/calls/mine');
    } catch (error) {
      if (error instanceof ApiRequestError && error.field) show({ field: error.field, message: error.message });
      toast.error(CALL_MSG.failed, { description: errorMessage(error, 'Something went wrong') });
    } finally {
      setBusy(false);
    }
  }

  if (user && !user.email_confirmed_at) {
    return (
      <Page className="max-w-xl text-center">
        <h1 className="text-2xl font-bold tracking-tight">{CALL_MSG.needsProvenAddress}</h1>
        <p className="mt-3 text-muted-foreground">
          We mailed you a link when you signed up. Open it, or send it again from your dashboard.
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Go to your dashboard</Link>
        </Button>
      </Page>
    );
  }

  const toggles = (key: ListKey, options: readonly string[], legend: string) => (
    <fieldset aria-describedby={errors[key] ? `${key}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">
        {legend}
        <span className="text-destructive"> *</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = form[key].includes(option);
          return (
            <button
              key={option}
              id={`${key}-${option}`}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(key, option)}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm',
                on ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary',
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
      {errors[key] && (
        <p id={`${key}-error`} className="mt-2 text-xs font-medium text-destructive">
          {errors[key]}
        </p>
      )}
    </fieldset>
  );
  const text = (
    key: keyof Form,
    label: string,
    opts: { required?: boolean; hint?: string; type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Field label={label} htmlFor={key} required={opts.required} hint={opts.hint} error={errors[key]}>
      <Input
        id={key}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        value={form[key] as string}
        onChange={(e) => set(key, e.target.value as never)}
        {...fieldErrorProps(key, errors[key], !!opts.hint)}
      />
    </Field>
  );

  return (
    <Page className="max-w-2xl">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-primary">
        <Megaphone className="size-4" aria-hidden /> Open calls
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Post a call to {cityName} creators</h1>
      <p className="mt-3 text-muted-foreground">Say what you need, when, and what you offer. {CALL_MSG.reviewNote}</p>
      <Card className="mt-8">
        <CardContent className="p-6">
          <form onSubmit={onSubmit} className="space-y-6" noValidate>
            <div className="grid gap-5 sm:grid-cols-2">
              {text('business_name', 'Business name', { required: true })}
              {text('title', 'Title', { required: true, hint: `At most ${CALL_LIMITS.titleMax} characters.` })}
            </div>
            <Field label="What the creators will do" htmlFor="description" required error={errors.description}>
              <Textarea
                id="description"
                rows={5}
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
                {...fieldErrorProps('description', errors.description)}
              />
            </Field>
            {toggles('niches', NICHES, `Niches (at most ${CALL_LIMITS.nichesMax})`)}
            {toggles('content_types', CONTENT_TYPES, 'Content types')}
            {toggles('collab_types', COLLAB_TYPES, 'Kinds of collaboration')}
            {text('neighborhoods', 'Neighborhoods', {
              hint: `Separated by commas, at most ${CALL_LIMITS.neighborhoodsMax}. Leave empty for the whole city.`,
            })}
            <div className="grid gap-5 sm:grid-cols-2">
              {text('followers_min', 'Followers from', { inputMode: 'numeric', hint: 'Optional.' })}
              {text('followers_max', 'Followers up to', { inputMode: 'numeric', hint: 'Optional.' })}
            </div>
            <div className="grid gap-5 sm:grid-cols-3">
              {text('starts_on', 'First day', { required: true, type: 'date' })}
              {text('ends_on', 'Last day', { required: true, type: 'date' })}
              {text('deadline', 'Answer by', { required: true, type: 'date' })}
            </div>
            <fieldset aria-describedby={errors.offer ? 'offer-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">
                What you offer<span className="text-destructive"> *</span>
              </legend>
              <div className="flex flex-wrap gap-4">
                {(
                  [
                    ['paid', 'A fee'],
                    ['product', 'A product'],
                    ['unpaid', 'Unpaid'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm">
                    <input
                      id={`offer-${value}`}
                      type="radio"
                      name="offer"
                      checked={form.offer === value}
                      onChange={() => set('offer', value)}
                    />
                    {label}
                  </label>
                ))}
              </div>
              {errors.offer && (
                <p id="offer-error" className="mt-2 text-xs font-medium text-destructive">
                  {errors.offer}
                </p>
              )}
            </fieldset>
            {form.offer === 'paid' && (
              <div className="grid gap-5 sm:grid-cols-2">
                {text('fee_min', 'Fee from ($)', { required: true, inputMode: 'numeric' })}
                {text('fee_max', 'Fee up to ($)', { required: true, inputMode: 'numeric' })}
              </div>
            )}
            {form.offer === 'product' &&
              text('product', 'Product', { required: true, hint: 'What each creator gets.' })}
            {text('creators_wanted', 'Creators wanted', {
              required: true,
              inputMode: 'numeric',
              hint: `From 1 to ${CALL_LIMITS.creatorsMax}.`,
            })}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? 'Sending…' : 'Send for review'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Page>
  );
}
