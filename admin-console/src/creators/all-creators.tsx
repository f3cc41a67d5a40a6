import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Grid,
  InputAdornment,
  Link,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { ListBase, Pagination, Title, useCreatePath, useListContext } from 'react-admin';
import { MSG, formatCount, type AdminCreator } from '@local-creators/common';
import { PageHeader } from '../layout/page-header';
import { CreatorGridSkeleton } from '../shared/skeletons';
import { errorMessage } from '../shared/toast-texts';
import { CreatorAvatar, StatusChip } from './creator-bits';
import {
  SORTS,
  STATUS_FILTERS,
  creatorFilter,
  editedSinceDecision,
  formatDate,
  sortIdOf,
  statusLabel,
  statusOf,
  type StatusFilter,
} from './creator-rules';
import { PhoneVerifiedSwitch } from './phone-verified-switch';
import { CityChip } from '../cities';

/**
 * /admin/all: search (server filter q: name, neighborhood, niche), status filter, sort, card grid.
 * The list state lives in the URL, so "back" from a creator's page keeps the search.
 */
export function AllCreators() {
  return (
    <ListBase<AdminCreator> resource="creators" sort={SORTS[0].sort} perPage={24} storeKey="creators.all">
      <Title title="All creators" />
      <Box sx={{ py: 2 }}>
        <Header />
        <UpdatedAfterRejectionFilter />
        <Toolbar />
        <CardGrid />
        <Pagination rowsPerPageOptions={[12, 24, 48, 96]} />
      </Box>
    </ListBase>
  );
}

function Header() {
  const { total } = useListContext();
  return (
    <PageHeader
      title="All creators"
      subtitle={
        total !== undefined ? (
          `${formatCount(total)} ${total === 1 ? 'creator' : 'creators'}`
        ) : (
          <Skeleton variant="text" width={90} aria-hidden />
        )
      }
    />
  );
}

/** Arrived from the dashboard's "Review them" (decision 0117): say what the list shows, and the way back to all. */
function UpdatedAfterRejectionFilter() {
  const { filterValues, setFilters } = useListContext();
  if (!filterValues.updated_after_rejection) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button
          color="inherit"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => setFilters({}, undefined, false)}
        >
          Show all creators
        </Button>
      }
    >
      Showing rejected creators who updated their application since the decision.
    </Alert>
  );
}

/** How long the search box waits after the last keystroke before the list is asked again. */
const SEARCH_PAUSE_MS = 500;

/**
 * The typed search, applied once typing pauses and only while this list is still the page shown
 * (decision 0998). react-admin's own pause applied it after an admin had opened a creator: its
 * change of address, put off to a later turn, took a busy browser back to the list (CI, twice).
 * The address is written here, in the same turn as the check.
 */
function useSearchAfterPause(status: StatusFilter) {
  const { perPage, sort } = useListContext();
  const navigate = useNavigate();
  const { pathname: listPath } = useLocation();
  // Each keystroke a new value, so typing back a text already searched for searches again.
  const [typed, setTyped] = useState<{ q: string } | null>(null);
  // What the pause's end reads: the list as it is then, not as it was at the keystroke.
  const now = useRef({ status, perPage, sort });
  now.current = { status, perPage, sort };
  useEffect(() => {
    if (typed === null) return;
    const timer = setTimeout(() => {
      if (window.location.pathname !== listPath) return;
      const { status, perPage, sort } = now.current;
      const search = new URLSearchParams({
        filter: JSON.stringify(creatorFilter(typed.q, status)),
        order: sort.order,
        page: '1',
        perPage: String(perPage),
        sort: sort.field,
      });
      navigate({ pathname: listPath, search: `?${search}` });
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, listPath, navigate]);
  return (q: string) => setTyped({ q });
}

function Toolbar() {
  const { filterValues, setFilters, sort, setSort } = useListContext();
  const [q, setQ] = useState<string>(typeof filterValues.q === 'string' ? filterValues.q : '');
  const status = statusOf(filterValues);
  // Keep the box in step when the URL changes (back/forward).
  useEffect(() => setQ(typeof filterValues.q === 'string' ? filterValues.q : ''), [filterValues.q]);
  const searchAfterPause = useSearchAfterPause(status);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <TextField
        label="Search name, e-mail, neighborhood or niche"
        type="search"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          searchAfterPause(e.target.value);
        }}
        sx={{ flex: 1 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(e) => setFilters(creatorFilter(q, e.target.value as StatusFilter), undefined, false)}
          sx={{ minWidth: { xs: 0, md: 150 }, flex: 1 }}
        >
          {STATUS_FILTERS.map((s) => (
            <MenuItem key={s} value={s}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Sort"
          value={sortIdOf(sort)}
          onChange={(e) => setSort({ ...SORTS.find((s) => s.id === e.target.value)!.sort })}
          sx={{ minWidth: { xs: 0, md: 200 }, flex: 1 }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </Stack>
  );
}

function CardGrid() {
  const { data, isPending, error } = useListContext<AdminCreator>();
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <CreatorGridSkeleton />;
  if (!data?.length) {
    return (
      <Card variant="outlined">
        <CardContent sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{MSG.noCreatorsFound}</Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Grid container spacing={2}>
      {data.map((c) => (
        <Grid key={c.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <CreatorCard creator={c} />
        </Grid>
      ))}
    </Grid>
  );
}

function CreatorCard({ creator: c }: { creator: AdminCreator }) {
  const createPath = useCreatePath();
  return (
    <Card
      component="article"
      aria-label={c.full_name}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CreatorAvatar creator={c} size={52} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography noWrap sx={{ fontWeight: 600 }} title={c.full_name}>
              {c.full_name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {c.neighborhood ?? c.city}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5, minWidth: 0 }}>
          <StatusChip status={c.approval_status} />
          <CityChip slug={c.city_slug} />
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }}>
            {c.niches.join(' · ')}
          </Typography>
        </Stack>
        {c.changes_since_verification && (
          <Typography variant="caption" sx={{ display: 'block', mt: 0.75, color: 'warning.dark', fontWeight: 600 }}>
            Changed since verification:{' '}
            {c.changes_since_verification.changes.map((ch) => ch.label.toLowerCase()).join(', ')}
          </Typography>
        )}
        {editedSinceDecision(c) && (
          <Typography variant="caption" sx={{ display: 'block', mt: 0.75, color: 'warning.dark', fontWeight: 600 }}>
            Edited since the decision ({formatDate(c.updated_at)})
          </Typography>
        )}
        <Box sx={{ mt: 0.5 }}>
          <PhoneVerifiedSwitch creator={c} />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 2, justifyContent: 'space-between' }}>
        <Link
          href={`/creator/${c.id}`}
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          View profile <OpenInNewIcon sx={{ fontSize: 16 }} />
        </Link>
        <Link component={RouterLink} to={createPath({ resource: 'creators', id: c.id, type: 'show' })}>
          Review &amp; history
        </Link>
      </CardActions>
    </Card>
  );
}
