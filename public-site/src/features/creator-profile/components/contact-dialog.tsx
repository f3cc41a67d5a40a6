import { lazy, Suspense, useRef, useState } from 'react';
import { Mail } from 'lucide-react';
import type { PublicCreator } from '@local-creators/common';
import { Button } from '@/components/ui/button';

/**
 * The dialog and its form (Radix's dialog, the fields, the rules: about 15 KB gzipped) load when
 * the visitor reaches for the button (pointer over it, focus, or the click itself), not with the
 * profile: most visits never open it, and a phone evaluating it delayed the page's first tap
 * (issue 25, decision 0252).
 */
const loadDialog = () => import('./contact-dialog-content');
const ContactDialogContent = lazy(loadDialog);

/** The profile's Contact button; its dialog is `contact-dialog-content.tsx`. */
export function ContactDialog({ creator }: { creator: PublicCreator }) {
  const [open, setOpen] = useState(false);
  // Mounted once opened, and kept: closing it then runs the dialog's own way out (focus back here).
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Mail aria-hidden /> Contact
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ContactDialogContent creator={creator} open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
