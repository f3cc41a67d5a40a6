import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PeopleIcon from '@mui/icons-material/People';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Menu, useBasename, useSidebarState } from 'react-admin';
import { everyCityAdmin } from '../shared/not-allowed';

/** A plain link out of the console: the public site is another app, so a full page load. */
function SiteLink() {
  const [open] = useSidebarState();
  return (
    <MenuItem component="a" href="/" sx={{ margin: '2px 8px', borderRadius: 2, color: 'text.secondary', py: 0.75 }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <ArrowBackIcon />
      </ListItemIcon>
      {open && <ListItemText primary="Back to the site" />}
    </MenuItem>
  );
}

/**
 * Dashboard, Review queue, All creators, Businesses, Open calls, Introductions, Brand messages, Follower counts, Audit trail, Notifications, Webhooks. A custom item's
 * `to` is a router path: it needs the console's basename, as resource items get it for free.
 */
export function AppMenu() {
  const basename = useBasename();
  // The mail queue spans every city: only admins of every city have it (decision 0601). Known
  // before the menu is drawn, from the auth check's answer (decision 0661), so it never flashes.
  const everyCity = everyCityAdmin();
  return (
    <Menu sx={{ pt: 1 }}>
      <Menu.DashboardItem />
      <Menu.Item to={`${basename}/review`} primaryText="Review queue" leftIcon={<HowToRegIcon />} />
      <Menu.Item to={`${basename}/all`} primaryText="All creators" leftIcon={<PeopleIcon />} />
      <Menu.Item to={`${basename}/amplify`} primaryText="Businesses" leftIcon={<StorefrontIcon />} />
      <Menu.ResourceItem name="calls" />
      <Menu.ResourceItem name="introduction-requests" />
      <Menu.ResourceItem name="contact-requests" />
      <Menu.ResourceItem name="follower-counts" />
      <Menu.ResourceItem name="audit-log" />
      {everyCity && <Menu.ResourceItem name="notifications" />}
      {/* Partners hear of every city's events (decision 0810). */}
      {everyCity && <Menu.ResourceItem name="webhooks" />}
      <SiteLink />
    </Menu>
  );
}
