import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { List, SelectInput, useDataProvider, useListContext, useNotify, useRefresh, useUpdate } from 'react-admin';
import {
  CALL_DECISION_MSG,
  CALL_LIMITS,
  CALL_NUMBER_HINTS,
  CALL_NUMBER_KEYS,
  CALL_NUMBER_LABELS,
  CALL_NUMBERS_TEXT,
  firstDeclineReasonError,
  followerRangeText,
  formatCount,
  type AdminCall,
  type CallNumbers,
  type CallStatus,
} from '@local-creators/common';
import { CityName, useChosenCity, useCities } from '../cities';
import type { AppDataProvider } from '../data/data-provider';

const STATUS: Record<CallStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Open (public)',
  declined: 'Declined',
  closed: 'Closed',
};
const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Show"
    alwaysOn
    choices={(Object.keys(STATUS) as CallStatus[]).map((id) => ({ id, name: STATUS[id] }))}
    emptyText="Every call"
    emptyValue=""
  />,
];

type Decision = { action: 'approve' } | { action: 'decline'; reason: string } | { action: 'close' };

/** Approve, Decline (with the reason the business reads) and Close: each sent with the version shown (409 when it changed meanwhile). */
function Decide({ call }: { call: AdminCall }) {
  const [update, { isPending }] = useUpdate<AdminCall>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const send = (decision: Decision, done: string) =>
    update(
      'calls',
      { id: call.id, data: { ...decision, version: call.version } as never, previousData: call },
      {
        onSuccess: () => {
          notify(done, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(`Update failed: ${(error as Error).message}`, { type: 'error' }),
      },
    );
  const decline = () => {
    const problem = firstDeclineReasonError(reason);
    if (problem) return setReasonError(problem);
    setDeclining(false);
    send({ action: 'decline', reason: reason.trim() }, CALL_DECISION_MSG.declined);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {call.status === 'pending' && (
        <>
          <Button
            variant="contained"
            size="small"
            disabled={isPending}
            onClick={() => send({ action: 'approve' }, CALL_DECISION_MSG.approved)}
          >
            Approve
          </Button>
          <Button variant="outlined" color="error" size="small" disabled={isPending} onClick={() => setDeclining(true)}>
            Decline
          </Button>
        </>
      )}
      {(call.status === 'pending' || call.status === 'approved') && (
        <Button
          variant="outlined"
          size="small"
          disabled={isPending}
          onClick={() => send({ action: 'close' }, CALL_DECISION_MSG.closed)}
        >
          Close
        </Button>
      )}
      <Dialog
        open={declining}
        onClose={() => setDeclining(false)}
        maxWidth="sm"
        fullWidth
        aria-labelledby={`decline-${call.id}`}
      >
        <DialogTitle id={`decline-${call.id}`}>Decline “{call.title}”</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="dense"
            label="Reason (the business reads it)"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={!!reasonError}
            helperText={reasonError ?? `At most ${CALL_LIMITS.declineReasonMax} characters.`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={decline}>
            Decline call
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function CallCard({ call, showCity }: { call: AdminCall; showCity: boolean }) {
  const followers = followerRangeText(call.followers_min, call.followers_max);
  return (
    <Card variant="outlined" data-testid="call-card">
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              {call.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {call.business_name} · {call.account_email ?? 'account removed'}
              {showCity && (
                <>
                  {' · '}
                  <CityName slug={call.city_slug} />
                </>
              )}
            </Typography>
          </Box>
          <Chip
            label={STATUS[call.status]}
            color={call.status === 'approved' ? 'success' : call.status === 'pending' ? 'warning' : 'default'}
            size="small"
          />
        </Stack>
        <Typography variant="body2" sx={{ mt: 1.5, whiteSpace: 'pre-line' }}>
          {call.description}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1.5 }}>
          <strong>{call.offer_text}</strong> · {call.creators_wanted} creator{call.creators_wanted === 1 ? '' : 's'}
          {followers ? ` · ${followers}` : ''} ·{' '}
          {call.neighborhoods.length ? call.neighborhoods.join(', ') : 'Whole city'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {call.starts_on} to {call.ends_on} · answers by {call.deadline} ·{' '}
          {[...call.niches, ...call.content_types, ...call.collab_types].join(', ')}
        </Typography>
        {call.approved_at && <Numbers numbers={call.numbers} />}
        {call.decline_reason && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            Declined: {call.decline_reason}
          </Typography>
        )}
        <Box sx={{ mt: 2 }}>
          <Decide call={call} />
        </Box>
      </CardContent>
    </Card>
  );
}

/** A call's four numbers (decision 0921), each named by common's label and explained in its tooltip. */
function Numbers({ numbers }: { numbers: CallNumbers }) {
  return (
    <Stack
      direction="row"
      spacing={3}
      sx={{ mt: 1.5, flexWrap: 'wrap' }}
      component="dl"
      data-testid="call-numbers"
      aria-label={CALL_NUMBERS_TEXT.heading}
    >
      {CALL_NUMBER_KEYS.map((key) => (
        <Tooltip key={key} title={CALL_NUMBER_HINTS[key]} describeChild>
          <Box sx={{ m: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {CALL_NUMBER_LABELS[key]}
            </Typography>
            <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600 }}>
              {formatCount(numbers[key])}
            </Typography>
          </Box>
        </Tooltip>
      ))}
    </Stack>
  );
}

const TOTAL_KEYS = ['open_calls', ...CALL_NUMBER_KEYS] as const;

/** Above the list: the admin's cities' calls in numbers (decision 0922), per city when there are several, and summed. */
function CityTotals() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const city = useChosenCity();
  const { nameOf } = useCities();
  const { data, error } = useQuery({
    queryKey: ['call-numbers', city],
    queryFn: () => dataProvider.getCallNumbers(),
  });
  if (error) return null;
  const rows = data ? [...data.cities.map((c) => ({ name: nameOf(c.city_slug), key: c.city_slug, ...c }))] : [];
  if (data && rows.length > 1) rows.push({ name: CALL_NUMBERS_TEXT.allCities, key: '', city_slug: '', ...data.totals });
  return (
    <Card variant="outlined" sx={{ mx: { xs: 1, md: 2 }, mt: 2 }} data-testid="call-numbers-totals">
      <CardContent>
        <Typography variant="h6" component="h2" id="call-numbers-heading">
          {CALL_NUMBERS_TEXT.cityHeading}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="call-numbers-heading">
            <TableHead>
              <TableRow>
                <TableCell>City</TableCell>
                {TOTAL_KEYS.map((key) => (
                  <TableCell key={key} align="right">
                    <Tooltip title={CALL_NUMBER_HINTS[key]} describeChild>
                      <span>{CALL_NUMBER_LABELS[key]}</span>
                    </Tooltip>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data ? (
                rows.map((row) => (
                  <TableRow key={row.key}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: row.key ? 400 : 600 }}>
                      {row.name}
                    </TableCell>
                    {TOTAL_KEYS.map((key) => (
                      <TableCell key={key} align="right" sx={{ fontWeight: row.key ? 400 : 600 }}>
                        {formatCount(row[key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={TOTAL_KEYS.length + 1}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

function Cards() {
  const { data, isPending } = useListContext<AdminCall>();
  const showCity = !!useCities().shown;
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        No calls here.
      </Typography>
    );
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      {data.map((call) => (
        <CallCard key={call.id} call={call} showCity={showCity} />
      ))}
    </Stack>
  );
}

/** /admin/calls (issue 40 point 2): a city's admins see their cities' calls, waiting ones first shown. */
export function CallList() {
  return (
    <List
      title="Open calls"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      perPage={25}
      exporter={false}
    >
      <CityTotals />
      <Cards />
    </List>
  );
}
