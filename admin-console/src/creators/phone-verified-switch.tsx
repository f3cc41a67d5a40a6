import { FormControlLabel, Switch } from '@mui/material';
import { useRefresh, useUpdate } from 'react-admin';
import type { AdminCreator } from '@local-creators/common';
import { useToast } from '../shared/toast';
import { errorMessage, phoneFailedToast, phoneToast } from '../shared/toast-texts';

/** 'Phone Verified' switch; rendered for approved creators only (spec 2, 4). */
export function PhoneVerifiedSwitch({ creator }: { creator: AdminCreator }) {
  const [update, { isPending }] = useUpdate<AdminCreator>();
  const toast = useToast();
  const refresh = useRefresh();
  if (creator.approval_status !== 'approved') return null;
  return (
    <FormControlLabel
      label="Phone Verified"
      control={
        <Switch
          checked={creator.phone_verified}
          disabled={isPending}
          onChange={(_, checked) =>
            update(
              'creators',
              { id: creator.id, data: { phone_verified: checked }, previousData: creator },
              {
                mutationMode: 'pessimistic',
                onSuccess: () => {
                  toast(phoneToast(checked));
                  refresh();
                },
                onError: (error) => toast(phoneFailedToast(), errorMessage(error)),
              },
            )
          }
        />
      }
    />
  );
}
