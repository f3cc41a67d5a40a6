import { useEffect, useState } from 'react';
import { Box, Button, Card, CardContent, Collapse, Link, Skeleton, Stack, TextField, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useCreatePath, useDataProvider, useGetList, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMonthYear, LOCAL_AUDIENCE, possessive, type AdminLocalAudienceCheck } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';
import { useToast } from '../shared/toast';
import { errorMessage } from '../shared/toast-texts';
import { CardStack } from '../shared/card-stack';

const PAGE = 10;
/** "18 March 2027" for a day (YYYY-MM-DD), as the screenshot should show it. */
const dayText = (day: string) => `${Number(day.slice(8, 10))} ${formatMonthYear(`${day}T00:00:00Z`)}`;

/**
 * The review queue's local audience checks (decision 0720): each pending screenshot, oldest first,
 * with the image (fetched with the admin's token: it has no public URL), the share and day to
 * record, or a reason to reject it (mailed to the creator).
 */
export function LocalAudienceQueue() {
  const [perPage, setPerPage] = useState(PAGE);
  const { data, total, isPending, error } = useGetList<AdminLocalAudienceCheck>('local-audience-checks', {
    filter: { status: 'pending' },
    sort: { field: 'created_at', order: 'ASC' },
    pagination: { page: 1, perPage },
  });
  return (
    <Box component="section" aria-labelledby="local-audience-heading" sx={{ mt: 5 }}>
      <Typography id="local-audience-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Local audience checks
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {total ? `${total} waiting, oldest first. ` : ''}Read the share of followers in the metro area from the
        screenshot and the day it shows. The screenshot is never public; only the share and the day you record are.
      </Typography>
      <CardStack
        items={data}
        total={total}
        isPending={isPending}
        error={error}
        loadingHeight={240}
        empty="No screenshots waiting."
        renderItem={(c) => <CheckItem check={c} />}
        onShowMore={() => setPerPage((n) => n + PAGE)}
      />
    </Box>
  );
}

function Screenshot({ check }: { check: AdminLocalAudienceCheck }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let url: string | null = null;
    let gone = false;
    dataProvider
      .getLocalAudienceImage(check)
      .then((blob) => {
        if (gone) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      })
      .catch((e: unknown) => !gone && setFailed(errorMessage(e)));
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [check, dataProvider]);
  if (failed) return <Typography color="error">{failed}</Typography>;
  if (!src) return <Skeleton variant="rounded" width={240} height={360} />;
  return (
    <Box
      component="img"
      src={src}
      alt={`${possessive(check.creator_name)} ${check.platform} audience insights, showing ${dayText(check.shows_on)}`}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 520, borderRadius: 1, border: 1, borderColor: 'divider' }}
    />
  );
}

function CheckItem({ check }: { check: AdminLocalAudienceCheck }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const createPath = useCreatePath();
  const toast = useToast();
  const refresh = useRefresh();
  const [share, setShare] = useState('');
  const [checkedOn, setCheckedOn] = useState(check.shows_on);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [decided, setDecided] = useState(false);
  const send = async (body: { share: number; checked_on: string } | { reason: string }, done: string) => {
    setBusy(true);
    try {
      await dataProvider.decideLocalAudience(check.id, body);
      toast({ type: 'success', title: done });
      setDecided(true);
      // The queue's count and its empty state follow.
      refresh();
    } catch (e) {
      toast({ type: 'error', title: 'Not saved' }, errorMessage(e));
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const shareNumber = Number(share);
  const shareValid = share.trim() !== '' && Number.isInteger(shareNumber) && shareNumber >= 0 && shareNumber <= 100;
  return (
    <Collapse in={!decided} unmountOnExit>
      <Card component="article" variant="outlined" aria-label={`Local audience check: ${check.creator_name}`}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            <Link component={RouterLink} to={createPath({ resource: 'creators', id: check.profile_id, type: 'show' })}>
              {check.creator_name}
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {check.platform} insights, showing {dayText(check.shows_on)}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
            <Screenshot check={check} />
            <Stack spacing={2} sx={{ minWidth: 0, flex: 1, width: '100%' }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Share in the area (%)"
                  value={share}
                  onChange={(e) => setShare(e.target.value)}
                  type="number"
                  slotProps={{ htmlInput: { min: 0, max: 100, step: 1, inputMode: 'numeric' } }}
                  error={share !== '' && !shareValid}
                  helperText={share !== '' && !shareValid ? 'A whole number from 0 to 100' : ' '}
                />
                <TextField
                  label="Checked on"
                  type="date"
                  value={checkedOn}
                  onChange={(e) => setCheckedOn(e.target.value)}
                  helperText="The day the screenshot shows"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Stack>
              <Box>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<CheckIcon />}
                  disabled={busy || !shareValid || !checkedOn}
                  onClick={() =>
                    send({ share: shareNumber, checked_on: checkedOn }, `Recorded: ${shareNumber}% in the area`)
                  }
                >
                  Record share
                </Button>
              </Box>
              <TextField
                label="Reason for rejecting"
                helperText="Mailed to the creator."
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                multiline
                minRows={2}
                fullWidth
                slotProps={{ htmlInput: { maxLength: LOCAL_AUDIENCE.reasonMax } }}
              />
              <Box>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<CloseIcon />}
                  disabled={busy || !reason.trim()}
                  onClick={() =>
                    send({ reason: reason.trim() }, 'Screenshot rejected: the creator is mailed the reason')
                  }
                >
                  Reject
                </Button>
              </Box>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Collapse>
  );
}
