import type { ComponentType } from 'react';
import { Alert, Box, Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { Link } from 'react-router-dom';
import { Title, useBasename } from 'react-admin';
import { MSG } from '@local-creators/common';
import { isEveryCityAdmin } from '../auth/access';
import { adminScope } from '../auth/session-store';
import { PageHeader } from '../layout/page-header';

/**
 * A page this admin may not open, said on the page at its own address (decision 0661): opened
 * directly, the mail queue or the webhooks used to wait on a 403 with nothing said.
 */
export function NotAllowed({ message = MSG.everyCityOnly }: { message?: string }) {
  const basename = useBasename();
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Not allowed" />
      <PageHeader title="Not allowed" />
      <Alert severity="warning" icon={<BlockIcon />} sx={{ maxWidth: 640 }}>
        {message}: this page holds every city's data, and you are an admin of your own cities only.
      </Alert>
      <Button component={Link} to={basename || '/'} variant="outlined" sx={{ mt: 3 }}>
        Back to the dashboard
      </Button>
    </Box>
  );
}

/** True when the server said this admin is an admin of every city (known before the console draws: its auth check asks). */
export const everyCityAdmin = () => isEveryCityAdmin(adminScope());

/**
 * A page of every city (decision 0601): for a city admin, the not-allowed page instead, without
 * loading the page's script or asking the server for what it would refuse.
 */
export function everyCityOnly<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function EveryCityPage(props: P) {
    return everyCityAdmin() ? <Page {...props} /> : <NotAllowed />;
  };
}
