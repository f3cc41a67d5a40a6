import { Alert, AlertTitle } from '@mui/material';
import { useNotify } from 'react-admin';
import type { ToastText } from './toast-texts';

/**
 * react-admin's notify shows one message; the spec's toasts have a title and a description.
 * A React element replaces the snackbar's own content, so it brings its own coloured surface.
 * `detail` adds the server's explanation under a spec text when it says something more.
 */
function ToastContent({ toast, detail }: { toast: ToastText; detail?: string }) {
  const extra = detail && detail !== toast.description && detail !== toast.title ? detail : undefined;
  return (
    <Alert
      severity={toast.type}
      variant="filled"
      sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 300 }, maxWidth: { sm: 480 }, boxShadow: 6 }}
    >
      <AlertTitle sx={{ mb: toast.description || extra ? 0.25 : 0, fontWeight: 700 }}>{toast.title}</AlertTitle>
      {toast.description && <div>{toast.description}</div>}
      {extra && <div style={{ opacity: 0.9, fontSize: '0.85em', marginTop: 2 }}>{extra}</div>}
    </Alert>
  );
}

/**
 * Room left under every console page's end for a toast (issue 25): react-admin shows it over the
 * bottom of the window, so without this the last card's buttons sit under it once scrolled to
 * the end. Taller than the tallest toast (title, description and the server's detail, wrapped on
 * a phone) plus its distance from the window's edge.
 */
export const TOAST_CLEARANCE_PX = 160;

export function useToast() {
  const notify = useNotify();
  return (toast: ToastText, detail?: string) =>
    notify(<ToastContent toast={toast} detail={detail} />, {
      type: toast.type,
      autoHideDuration: toast.type === 'error' ? 8000 : 4000,
    });
}
