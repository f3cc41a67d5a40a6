import { useSyncExternalStore } from 'react';
import type { ToastT } from 'sonner';

/**
 * The site's toasts (issue 25, decision 0241): one on screen at a time. A new toast takes the
 * place of the one showing (its words, colour and full time), so an old error never stays behind
 * "Message sent!" and pressing a button again never stacks copies of the same message.
 * Every toast goes through here; ESLint refuses sonner's own `toast` elsewhere.
 *
 * sonner (about 10 KB gzipped, and a stylesheet it inserts) loads with the first toast, not with
 * every page: most visits raise none. Its toasts are shown in the order they were raised, since
 * each waits on the same load; the Toaster that mounts then is handed the ones already raised.
 */
let onScreen: ToastT['id'] | null = null;
let raised = 0;

const gone = (t: ToastT) => {
  if (t.id === onScreen) onScreen = null;
};

let sonner: Promise<typeof import('sonner')> | null = null;
const listeners = new Set<() => void>();
const loadSonner = () => {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
};

/** True once a toast has been raised: the app mounts the Toaster then (app.tsx). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sonner !== null,
    () => false,
  );
}

type Kind = 'success' | 'error' | 'info';
export interface ToastOptions {
  description?: string;
  duration?: number;
}

function show(kind: Kind, title: string, options: ToastOptions = {}) {
  const id = onScreen ?? `toast-${++raised}`;
  onScreen = id;
  void loadSonner().then(({ toast: sonnerToast }) =>
    // Every field is set, even when empty: an update keeps what it does not name (a description).
    sonnerToast[kind](title, {
      description: options.description,
      duration: options.duration,
      onAutoClose: gone,
      onDismiss: gone,
      id,
    }),
  );
  return id;
}

export const toast = {
  success: (title: string, options?: ToastOptions) => show('success', title, options),
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  info: (title: string, options?: ToastOptions) => show('info', title, options),
};
