import { useState } from 'react';
import { FormControlLabel, Switch } from '@mui/material';
import { useRefresh, useUpdate } from 'react-admin';
import type { AdminCreator } from '@local-creators/common';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useToast } from '../shared/toast';
import { errorMessage, phoneFailedToast, phoneToast } from '../shared/toast-texts';
import { phoneOffConfirmText } from './creator-rules';

/**
 * 'Phone Verified' switch; rendered for approved creators only (spec 2, 4). Turning it off takes
 * the creator out of the directory, so it asks first. Sends the version shown (decision 0106).
 */
export function PhoneVerifiedSwitch({ creator }: { creator: AdminCreator }) {
  const [update, { isPending }] = useUpdate<AdminCreator>();
  const [asking, setAsking] = useState(false);
  const toast = useToast();
  const refresh = useRefresh();
  if (creator.approval_status !== 'approved') return null;
  const set = (checked: boolean) =>
    update(
      'creators',
      { id: creator.id, data: { phone_verified: checked, version: creator.version }, previousData: creator },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast(phoneToast(checked));
          refresh();
        },
        onError: (error) => {
          toast(phoneFailedToast(), errorMessage(error));
          refresh();
        },
      },
    );
  return (
    <>
      <FormControlLabel
        label="Phone Verified"
        control={
          <Switch
            checked={creator.phone_verified}
            disabled={isPending}
            onChange={(_, checked) => (checked ? set(true) : setAsking(true))}
          />
        }
      />
      <ConfirmDialog
        text={asking ? phoneOffConfirmText(creator) : null}
        onClose={() => setAsking(false)}
        onConfirm={() => set(false)}
      />
    </>
  );
}
