import { toast as sonner, type ToastT } from 'sonner';

/**
 * The site's toasts (issue 25, decision 0241): one on screen at a time. A new toast takes the
 * place of the one showing (its words, colour and full time), so an old error never stays behind
 * "Message sent!" and pressing a button again never stacks copies of the same message.
 * Every toast goes through here; ESLint refuses sonner's own `toast` elsewhere.
 */
let onScreen: ToastT['id'] | null = null;

const gone = (t: ToastT) => {
  if (t.id === onScreen) onScreen = null;
};

type Kind = 'success' | 'error' | 'info';
export interface ToastOptions {
  description?: string;
  duration?: number;
}

function show(kind: Kind, title: string, options: ToastOptions = {}) {
  // Every field is set, even when empty: an update keeps what it does not name (a description).
  const id = sonner[kind](title, {
    description: options.description,
    duration: options.duration,
    onAutoClose: gone,
    onDismiss: gone,
    ...(onScreen === null ? {} : { id: onScreen }),
  });
  onScreen = id;
  return id;
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
};
