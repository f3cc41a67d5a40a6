import type { RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from '@/lib/toast';
import { MSG, type PublicCreator } from '@local-creators/common';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { BrandMessageForm } from '@/components/brand-message-form';
import { apiFetch } from '@/lib/api';

const IDS = {
  brand_name: 'brand_name',
  email: 'contact_email',
  message: 'contact_message',
  budget_range: 'budget_range',
  company_website: 'contact_company_website',
};

/**
 * The profile's contact form in its dialog (decision 0501): the message goes to the creator by
 * e-mail, reply-to the brand; neither side sees the other's address until the creator replies.
 * The failing field is marked beside it and focused (issue 25); the toast says it too.
 * Loaded when the visitor reaches for the Contact button, not with the profile (decision 0252):
 * the button is `contact-dialog.tsx`, and focus goes back to it when the dialog closes.
 */
export default function ContactDialogContent({
  creator,
  open,
  onOpenChange,
  trigger,
}: {
  creator: PublicCreator;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100svh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-background p-6 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
        >
          <Dialog.Title className="pr-10 text-lg font-semibold">Contact {creator.display_name}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            We e-mail your message to {creator.display_name}, who replies to you directly. Their address stays private
            until they do.
          </Dialog.Description>
          <BrandMessageForm
            ids={IDS}
            submitLabel="Send message"
            submitClassName="w-full"
            send={async (body) => {
              // Signed in with a confirmed address and writing from it, the sender counts as proven (decision 0840).
              await apiFetch(`/api/creators/${creator.id}/contact`, { method: 'POST', idempotent: true, body });
              toast.success(MSG.contactSent, { description: MSG.contactSentDetail(creator.display_name) });
              onOpenChange(false);
            }}
          />
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
