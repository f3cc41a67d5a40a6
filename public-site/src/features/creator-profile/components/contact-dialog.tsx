import { useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from '@/lib/toast';
import { Mail, X } from 'lucide-react';
import { BUDGET_RANGES, MSG, validateContactRequest, type PublicCreator } from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Field, fieldErrorProps, Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError, apiFetch, errorMessage } from '@/lib/api';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { useFieldErrors } from '@/lib/field-errors';

/** The control of each field the validator names, where its id differs from the field. */
const FIELD_IDS: Partial<Record<keyof Form, string>> = { email: 'contact_email', message: 'contact_message' };

const blank = { brand_name: '', email: '', message: '', budget_range: '' };
type Form = typeof blank;

/**
 * The profile's Contact button and form (decision 0501): the message goes to the creator by
 * e-mail, reply-to the brand; neither side sees the other's address until the creator replies.
 */
export function ContactDialog({ creator }: { creator: PublicCreator }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(blank);
  const [honeypot, setHoneypot] = useState('');
  // The failing field is marked beside it and focused (issue 25); the toast says it too.
  const { errors, show, clear, reset } = useFieldErrors<keyof Form>((field) => FIELD_IDS[field] ?? field);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    clear(field);
  };
  const errorOf = (field: keyof Form) => errors[field];

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
      await apiFetch(`/api/creators/${creator.id}/contact`, {
        method: 'POST',
        auth: false,
        idempotent: true,
        body: { ...checked.value, company_website: honeypot },
      });
      toast.success(MSG.contactSent, { description: MSG.contactSentDetail(creator.display_name) });
      setOpen(false);
      setForm(blank);
    } catch (err) {
      if (err instanceof ApiRequestError && err.field) show({ field: err.field, message: err.message });
      toast.error(MSG.contactFailed, { description: errorMessage(err, MSG.somethingWrong) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button>
          <Mail aria-hidden /> Contact
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100svh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-background p-6 shadow-xl">
          <Dialog.Title className="pr-10 text-lg font-semibold">Contact {creator.display_name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            We e-mail your message to {creator.display_name}, who replies to you directly. Their address stays private until they do.
          </Dialog.Description>
          <form onSubmit={onSubmit} className="mt-5 space-y-4" noValidate>
            <Field label="Brand name" htmlFor="brand_name" required error={errorOf('brand_name')}>
              <Input
                id="brand_name"
                value={form.brand_name}
                onChange={(e) => set('brand_name', e.target.value)}
                {...fieldErrorProps('brand_name', errorOf('brand_name'))}
              />
            </Field>
            <Field label="Your email" htmlFor="contact_email" required error={errorOf('email')}>
              <Input
                id="contact_email"
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={(e) => set('email', e.target.value)}
                {...fieldErrorProps('contact_email', errorOf('email'))}
              />
            </Field>
            <Field label="Budget" htmlFor="budget_range" hint="Optional." error={errorOf('budget_range')}>
              <select
                id="budget_range"
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
            <Field label="Message" htmlFor="contact_message" required error={errorOf('message')}>
              <Textarea
                id="contact_message"
                rows={5}
                value={form.message}
                onChange={(e) => set('message', e.target.value)}
                {...fieldErrorProps('contact_message', errorOf('message'))}
              />
            </Field>
            <HoneypotField id="contact_company_website" value={honeypot} onChange={setHoneypot} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Sending...' : 'Send message'}
            </Button>
          </form>
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
              <X aria-hidden />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
