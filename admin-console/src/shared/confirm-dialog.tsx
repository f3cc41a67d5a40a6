import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export interface ConfirmText {
  title: string;
  body: string;
  confirm: string;
}

/**
 * Asks before a destructive click goes to the server (a rejection, a decline, taking someone off
 * a public page). Nothing is sent until the admin presses the confirm button; Cancel, Escape or a
 * click outside sends nothing.
 */
export function ConfirmDialog({
  text,
  onConfirm,
  onClose,
}: {
  text: ConfirmText | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={!!text}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="xs"
      fullWidth
    >
      {text && (
        <>
          <DialogTitle id={`${id}-title`}>{text.title}</DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-body`} sx={{ whiteSpace: 'pre-line' }}>
              {text.body}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              Cancel
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                onClose();
                onConfirm();
              }}
            >
              {text.confirm}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
