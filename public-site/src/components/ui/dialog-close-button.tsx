import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button } from './button';

/** The × in a dialog's top right corner: closes it, named "Close" for screen readers. */
export function DialogCloseButton() {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
        <X aria-hidden />
      </Button>
    </Dialog.Close>
  );
}
