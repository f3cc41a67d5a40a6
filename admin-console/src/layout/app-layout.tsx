import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  AppBar,
  Layout,
  Sidebar,
  TitlePortal,
  UserMenu,
  useBasename,
  useGetIdentity,
  useLogout,
  type LayoutProps,
  type SidebarProps,
} from 'react-admin';
import { AppMenu } from './app-menu';
import { CityPicker } from '../cities';
import { consoleTitle } from './page-titles';
import { TOAST_CLEARANCE_PX } from '../shared/toast';

function Brand() {
  const basename = useBasename();
  return (
    <Box
      component={RouterLink}
      to={basename || '/'}
      sx={{
        display: { xs: 'none', sm: 'flex' },
        alignItems: 'center',
        gap: 1,
        mr: 2,
        color: 'inherit',
        textDecoration: 'none',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 26,
          height: 26,
          borderRadius: 1.5,
          bgcolor: 'primary.main',
          color: '#fff',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 800,
          fontSize: 13,
        }}
      >
        LC
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        Local Creators{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          admin
        </Box>
      </Typography>
    </Box>
  );
}

/** react-admin's Logout item, named as the public site's button is (spec: Sign Out): one word for one action. */
function SignOutItem() {
  const logout = useLogout();
  return (
    <MenuItem onClick={() => logout()}>
      <ListItemIcon>
        <ExitIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Sign Out</ListItemText>
    </MenuItem>
  );
}

/** The account menu, named by the e-mail it shows (so its accessible name matches its text). */
function AccountMenu() {
  const { identity } = useGetIdentity();
  return (
    <UserMenu label={identity?.fullName ?? 'Account'}>
      <SignOutItem />
    </UserMenu>
  );
}

function AppTopBar() {
  return (
    <AppBar color="inherit" userMenu={<AccountMenu />}>
      <Brand />
      <TitlePortal sx={{ color: 'text.secondary', fontSize: '1rem' }} />
      <CityPicker />
    </AppBar>
  );
}

/**
 * On a phone the menu slides in as a modal drawer, a dialog: it needs a name (axe: aria-dialog-name).
 * Only then: the docked menu on wider screens is a plain box, where a name is not allowed.
 */
function AppSidebar(props: SidebarProps) {
  return (
    <Sidebar
      {...props}
      slotProps={{ paper: (state) => (state.variant === 'temporary' ? { 'aria-label': 'Menu' } : {}) }}
    />
  );
}

/** Names the browser tab after the page shown (the public site does the same). */
function DocumentTitle() {
  const { pathname } = useLocation();
  const basename = useBasename();
  useEffect(() => {
    document.title = consoleTitle(pathname.startsWith(basename) ? pathname.slice(basename.length) : pathname);
  }, [pathname, basename]);
  return null;
}

export const AppLayout = (props: LayoutProps) => (
  <>
    <DocumentTitle />
    <Layout
      {...props}
      appBar={AppTopBar}
      menu={AppMenu}
      sidebar={AppSidebar}
      sx={{ '& .RaLayout-content': { pb: `${TOAST_CLEARANCE_PX}px` } }}
    />
  </>
);
