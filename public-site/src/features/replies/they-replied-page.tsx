import { REPLY_MSG } from '@local-creators/common';
import { apiFetch } from '@/lib/api';
import { OneClickConfirmation } from './one-click-confirmation';

/**
 * The brand's copy's "They replied" link (/they-replied#token=…, decision 0841): the only reply that
 * counts for a creator's public reply time.
 */
export default function TheyRepliedPage() {
  return (
    <OneClickConfirmation
      question="Did the creator reply to you?"
      explanation="Tell us with one click. Only replies that brands confirm count for a creator’s “Usually replies within” line. We never see your messages."
      button="Yes, they replied"
      invalidLink={REPLY_MSG.brandLinkInvalid}
      record={async (token) => {
        const res = await apiFetch<{ status: 'recorded' | 'already_recorded' }>('/api/contact-replies/brand', {
          method: 'POST',
          body: { token },
          auth: false,
        });
        return {
          title: 'Noted: they replied',
          text: res.status === 'recorded' ? REPLY_MSG.brandRecorded : REPLY_MSG.brandAlreadyRecorded,
        };
      }}
      back={{ to: '/directory', label: 'Browse the directory' }}
    />
  );
}
