import { useState, type FormEvent } from 'react';
import { BUDGET_RANGES, MSG, SHORTLIST_MSG, validateContactRequest } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Field, fieldErrorProps, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { ApiRequestError, apiFetch, errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';

const FIELD_IDS: Partial<Record<keyof Form, string>> = {
  brand_name: 'list_brand_name',
  email: 'list_email',
  message: 'list_message',
  budget_range: 'list_budget',
};
const blank = { brand_name: '', email: '', message: '', budget_range: '' };
type Form = typeof blank;

/**
 * One message to everyone on the list who takes messages (decision 0702): each gets a separate
 * e-mail, reply-to the brand, once the brand opens the link we mail to the address given.
 */
export function MessageEveryone({ token, count }: { token: string; count: number }) {
  const [form, setForm] = useState<Form>(blank);
  const [honeypot, setHoneypot] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { errors, show, clear, reset } = useFieldErrors<keyof Form>((field) => FIELD_IDS[field] ?? field);
  const set = (field: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateContactRequest({ ...form, budget_range: form.budget_range || null });
    if (!checked.ok) {
      show(checked.error);
      return void toast.error(MSG.contactFailed, { description: checked.error.message });
    }
    reset();
    setBusy(true);
    try {
      const res = await apiFetch<{ email: string }>(`/api/shortlists/own/messages?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        auth: false,
        idempotent: true,
        body: { ...checked.value, company_website: honeypot },
      });
      setSentTo(res.email);
      setForm(blank);
      toast.success('Check your inbox', { description: SHORTLIST_MSG.confirmationSent(res.email) });
    } catch (err) {
      if (err instanceof ApiRequestError && err.field) show({ field: err.field, message: err.message });
      toast.error(MSG.contactFailed, { description: errorMessage(err, MSG.somethingWrong) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="message-everyone" className="mt-10 max-w-xl rounded-xl border border-border p-5">
      <h2 id="message-everyone" className="text-xl font-semibold">
        Write to everyone on the list
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Each of the {count} {count === 1 ? 'creator' : 'creators'} who take messages gets your message in a separate e-mail and replies to you directly. First
        we e-mail you a link to confirm your address; nothing is sent until you open it.
      </p>
      {sentTo && (
        <p role="status" className="mt-3 rounded-lg bg-success/10 p-3 text-sm">
          {SHORTLIST_MSG.confirmationSent(sentTo)}
        </p>
      )}
      <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <Field label="Brand name" htmlFor="list_brand_name" required error={errors.brand_name}>
          <Input
            id="list_brand_name"
            value={form.brand_name}
            onChange={(e) => set('brand_name', e.target.value)}
            {...fieldErrorProps('list_brand_name', errors.brand_name)}
          />
        </Field>
        <Field label="Your email" htmlFor="list_email" required error={errors.email}>
          <Input
            id="list_email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            {...fieldErrorProps('list_email', errors.email)}
          />
        </Field>
        <Field label="Budget" htmlFor="list_budget" hint="Optional." error={errors.budget_range}>
          <select
            id="list_budget"
            className="h-10 w-full rounded-lg border border-input bg-background px-2 text-sm"
            value={form.budget_range}
            onChange={(e) => set('budget_range', e.target.value)}
          >
            <option value="">Not sure yet</option>
            {BUDGET_RANGES.map((b) => (
              <option key={b}>{b}</option>
            ))}
          </select>
        </Field>
        <Field label="Message" htmlFor="list_message" required error={errors.message}>
          <Textarea
            id="list_message"
            rows={5}
            value={form.message}
            onChange={(e) => set('message', e.target.value)}
            {...fieldErrorProps('list_message', errors.message)}
          />
        </Field>
        <HoneypotField id="list_company_website" value={honeypot} onChange={setHoneypot} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : `Send to ${count} ${count === 1 ? 'creator' : 'creators'}`}
        </Button>
      </form>
    </section>
  );
}
