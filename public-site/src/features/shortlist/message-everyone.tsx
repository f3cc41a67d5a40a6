import { useState } from 'react';
import { SHORTLIST_MSG } from '@local-creators/common';
import { BrandMessageForm } from '@/components/brand-message-form';
import { apiFetch } from '@/lib/api';
import { toast } from '@/lib/toast';

const IDS = {
  brand_name: 'list_brand_name',
  email: 'list_email',
  message: 'list_message',
  budget_range: 'list_budget',
  company_website: 'list_company_website',
};

/**
 * One message to everyone on the list who takes messages (decision 0702): each gets a separate
 * e-mail, reply-to the brand, once the brand opens the link we mail to the address given.
 */
export function MessageEveryone({ token, count }: { token: string; count: number }) {
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <section aria-labelledby="message-everyone" className="mt-10 max-w-xl rounded-xl border border-border p-5">
      <h2 id="message-everyone" className="text-xl font-semibold">
        Write to everyone on the list
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Each of the {count} {count === 1 ? 'creator' : 'creators'} who take messages gets your message in a separate
        e-mail and replies to you directly. First we e-mail you a link to confirm your address; nothing is sent until
        you open it.
      </p>
      {sentTo && (
        <p role="status" className="mt-3 rounded-lg bg-success/10 p-3 text-sm">
          {SHORTLIST_MSG.confirmationSent(sentTo)}
        </p>
      )}
      <BrandMessageForm
        ids={IDS}
        submitLabel={`Send to ${count} ${count === 1 ? 'creator' : 'creators'}`}
        send={async (body) => {
          const res = await apiFetch<{ email: string }>(
            `/api/shortlists/own/messages?token=${encodeURIComponent(token)}`,
            {
              method: 'POST',
              auth: false,
              idempotent: true,
              body,
            },
          );
          setSentTo(res.email);
          toast.success('Check your inbox', { description: SHORTLIST_MSG.confirmationSent(res.email) });
        }}
      />
    </section>
  );
}
