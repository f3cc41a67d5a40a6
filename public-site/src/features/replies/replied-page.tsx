import { REPLY_MSG } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { OneClickConfirmation } from './one-click-confirmation';

/**
 * The relay mail's "I replied" link (/replied#token=…, decision 0710). It is the creator's own note:
 * it never makes a reply count for the public reply time (decision 0841).
 */
export default function RepliedPage() {
  return (
    <OneClickConfirmation
      question="Did you reply to this brand?"
      explanation="Mark it with one click for the list on your dashboard. Your profile’s reply time counts only the replies that brands confirm to us, so brands can trust it."
      button="Yes, I replied"
      invalidLink={REPLY_MSG.linkInvalid}
      record={async (token) => {
        const res = await apiFetch<{ status: 'recorded' | 'already_recorded'; brand_name: string }>(
          '/api/contact-replies',
          {
            method: 'POST',
            body: { token },
            auth: false,
          },
        );
        return {
          title: `Noted: you replied to ${res.brand_name}`,
          text: res.status === 'recorded' ? REPLY_MSG.recorded : REPLY_MSG.alreadyRecorded,
        };
      }}
      back={{ to: '/dashboard', label: 'Your messages on the dashboard' }}
    />
  );
}
