import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PeopleIcon from '@mui/icons-material/People';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useQuery } from '@tanstack/react-query';
import { everyCityAdmin } from '../shared/not-allowed';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useBasename, useDataProvider, useGetList } from 'react-admin';
import { formatCount, type AdminStats, type MailHealth } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../shared/toast-texts';
import { NumbersCard } from '../shared/numbers-card';
import { chosenCity } from '../cities/city-choice';

const COUNTS: { key: keyof AdminStats; label: string; icon: ReactNode; color: string }[] = [
  { key: 'total', label: 'Total', icon: <GroupsOutlinedIcon />, color: '#6d28d9' },
  { key: 'pending', label: 'Pending', icon: <HourglassEmptyIcon />, color: '#b45309' },
  { key: 'approved', label: 'Approved', icon: <CheckCircleOutlineIcon />, color: '#15803d' },
  { key: 'rejected', label: 'Rejected', icon: <CancelOutlinedIcon />, color: '#b91c1c' },
];

/** /admin: the four creator counts (GET /api/admin/stats) and the way into the queues. */
export function Dashboard() {
  const basename = useBasename();
  const dataProvider = useDataProvider<AppDataProvider>();
  const stats = useQuery({ queryKey: ['admin-stats'], queryFn: () => dataProvider.getStats() });
  // The creators' numbers summed over the chosen city, else the admin's cities (decision 0820).
  const totals = useQuery({
    queryKey: ['creator-totals', chosenCity()],
    queryFn: () => dataProvider.getCreatorTotals(),
  });
  // The mail queue's health is every city's: not asked for a city admin, whom the server refuses (decision 0661).
  const mail = useQuery({
    queryKey: ['mail-health'],
    queryFn: () => dataProvider.getMailHealth(),
    refetchInterval: 60_000,
    enabled: everyCityAdmin(),
  });
  const businessesPending = useGetList('amplify-submissions', {
    filter: { status: 'pending' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'created_at', order: 'DESC' },
  }).total;
  const links = [
    {
      to: `${basename}/review`,
      title: 'Review queue',
      text: stats.data ? `${stats.data.pending} waiting, oldest first` : 'Pending applications, oldest first',
      icon: <HowToRegIcon />,
    },
    { to: `${basename}/all`, title: 'All creators', text: 'Search, filter and verify phones', icon: <PeopleIcon /> },
    {
      to: `${basename}/amplify`,
      title: 'Business submissions',
      text: businessesPending !== undefined ? `${businessesPending} pending` : 'Amplify applications',
      icon: <StorefrontIcon />,
    },
  ];
  return (
    <Box sx={{ py: 2 }}>
      <Title title="Dashboard" />
      <PageHeader title="Admin dashboard" subtitle="Creator applications at a glance" />
      {stats.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(stats.error)}
        </Alert>
      )}
      {mail.data && <MailAlert health={mail.data} basename={basename} />}
      {!!stats.data?.updated_after_rejection && (
        <UpdatedAfterRejectionAlert count={stats.data.updated_after_rejection} basename={basename} />
      )}
      <Grid container spacing={2}>
        {COUNTS.map(({ key, label, icon, color }) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <Box aria-hidden sx={{ color, display: 'flex' }}>
                    {icon}
                  </Box>
                </Stack>
                <Typography
                  variant="h3"
                  component="p"
                  sx={{ fontWeight: 700, mt: 1, fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`count-${key}`}
                >
                  {stats.data ? formatCount(stats.data[key]) : <Skeleton width={60} />}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 2 }}>
        Go to
      </Typography>
      <Grid container spacing={2}>
        {links.map((l) => (
          <Grid key={l.to} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={l.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                    <Box
                      aria-hidden
                      sx={{ color: 'primary.main', display: 'flex', p: 1, borderRadius: 2, bgcolor: '#ede9fe' }}
                    >
                      {l.icon}
                    </Box>
                    <Box sx={{ flex: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>{l.title}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {l.text}
                      </Typography>
                    </Box>
                    <ArrowForwardIcon aria-hidden color="action" />
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Box sx={{ mt: 4 }}>
        <NumbersCard
          title={chosenCity() ? "Creators' numbers in the city" : "Creators' numbers"}
          stats={totals.data}
          loading={totals.isPending}
          idPrefix="city-numbers"
        />
      </Box>
    </Box>
  );
}

/** Rejected creators who changed their application since (decision 0117): they stay rejected until an admin looks again. */
function UpdatedAfterRejectionAlert({ count, basename }: { count: number; basename: string }) {
  const filter = encodeURIComponent(JSON.stringify({ updated_after_rejection: true }));
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="updated-after-rejection"
      action={
        <Button
          component={RouterLink}
          to={`${basename}/all?filter=${filter}&sort=updated_at&order=DESC`}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          Review them
        </Button>
      }
    >
      {count === 1
        ? '1 rejected creator updated their application since the decision.'
        : `${formatCount(count)} rejected creators updated their application since the decision.`}
    </Alert>
  );
}

/** Mail that failed or is stuck, with the way to the list where it can be sent again; nothing when all is well. */
function MailAlert({ health, basename }: { health: MailHealth; basename: string }) {
  if (health.failed === 0 && health.stuck === 0) return null;
  const parts = [
    health.failed > 0 && `${formatCount(health.failed)} failed`,
    health.stuck > 0 && `${formatCount(health.stuck)} not delivered after ${health.stuck_after_minutes} minutes`,
  ].filter(Boolean);
  const filter = encodeURIComponent(JSON.stringify({ status: health.failed > 0 ? 'failed' : 'undelivered' }));
  return (
    <Alert
      severity={health.failed > 0 ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      data-testid="mail-health"
      action={
        <Button
          component={RouterLink}
          to={`${basename}/notifications?filter=${filter}`}
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          Review mail
        </Button>
      }
    >
      Mail needs attention: {parts.join(', ')}.
    </Alert>
  );
}
