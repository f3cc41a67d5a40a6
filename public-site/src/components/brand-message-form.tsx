import { useState, type FormEvent } from 'react';
import { BUDGET_RANGES, MSG, validateContactRequest, type ContactRequestInput } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Field, fieldErrorProps, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { ApiRequestError, errorMessage } from '@/lib/api';
import { useFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';

const blank = { brand_name: '', email: '', message: '', budget_range: '' };
type Form = typeof blank;

/** The ids of a form's controls: one page may hold two of these forms. */
export type BrandMessageIds = Record<keyof Form | 'company_website', string>;

/**
 * A brand's message to creators through the relay (decisions 0501, 0702): brand name, address,
 * budget and message, checked by the same rules as the server's, each error marked on its field
 * and focused, the honeypot beside them. `send` gets the checked body; when it resolves the form
 * is emptied, when it throws the error is shown on its field and in a toast.
 */
export function BrandMessageForm({
  ids,
  submitLabel,
  submitClassName,
  send,
}: {
  ids: BrandMessageIds;
  submitLabel: string;
  submitClassName?: string;
  send: (body: ContactRequestInput & { company_website: string }) => Promise<void>;
}) {
  const [form, setForm] = useState<Form>(blank);
  const [honeypot, setHoneypot] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, show, clear, reset } = useFieldErrors<keyof Form>((field) => ids[field] ?? field);
  const set = (field: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const checked = validateContactRequest({ ...form, budget_range: form.budget_range || null });
    if (!checked.ok) {
      show(checked.errors);
      return void toast.error(MSG.contactFailed, { description: checked.error.message });
    }
    reset();
    setBusy(true);
    try {
      await send({ ...checked.value, company_website: honeypot });
      setForm(blank);
    } catch (err) {
      if (err instanceof ApiRequestError && err.field) show({ field: err.field, message: err.message });
      toast.error(MSG.contactFailed, { description: errorMessage(err, MSG.somethingWrong) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
      <Field label="Brand name" htmlFor={ids.brand_name} required error={errors.brand_name}>
        <Input
          id={ids.brand_name}
          value={form.brand_name}
          onChange={(e) => set('brand_name', e.target.value)}
          {...fieldErrorProps(ids.brand_name, errors.brand_name)}
        />
      </Field>
      <Field label="Your email" htmlFor={ids.email} required error={errors.email}>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          {...fieldErrorProps(ids.email, errors.email)}
        />
      </Field>
      <Field label="Budget" htmlFor={ids.budget_range} hint="Optional." error={errors.budget_range}>
        <select
          id={ids.budget_range}
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
      <Field label="Message" htmlFor={ids.message} required error={errors.message}>
        <Textarea
          id={ids.message}
          rows={5}
          value={form.message}
          onChange={(e) => set('message', e.target.value)}
          {...fieldErrorProps(ids.message, errors.message)}
        />
      </Field>
      <HoneypotField id={ids.company_website} value={honeypot} onChange={setHoneypot} />
      <Button type="submit" className={submitClassName} disabled={busy}>
        {busy ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}
