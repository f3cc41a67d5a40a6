import { useState } from 'react';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  Link,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import { useRefresh, useUpdate } from 'react-admin';
import { initials, type AdminAmplifySubmission as AmplifySubmission } from '@local-creators/common';
import { CityChip } from '../cities';
import { formatDate } from '../creators/creator-rules';
import { ConfirmDialog, type ConfirmText } from '../shared/confirm-dialog';
import { useToast } from '../shared/toast';
import { submissionFailedToast, submissionToast } from '../shared/toast-texts';
import { canApprove, canDecline, canFeature, submissionConfirmText, websiteHref } from './submission-rules';

type Change = { status: 'approved' | 'declined' } | { featured: boolean };

/**
 * One business application: details, Approve / Decline and the Featured switch (useUpdate, STYLE
 * 14). Decline and un-feature ask first; each change carries the version shown (decision 0106),
 * and a 409 reloads the list.
 */
export function SubmissionCard({ submission: s }: { submission: AmplifySubmission }) {
  const [update, { isPending }] = useUpdate<AmplifySubmission>();
  const [asking, setAsking] = useState<{ text: ConfirmText; data: Change } | null>(null);
  const toast = useToast();
  const refresh = useRefresh();
  const send = (data: Change) =>
    update(
      'amplify-submissions',
      { id: s.id, data: { ...data, version: s.version }, previousData: s },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast(submissionToast(data));
          refresh();
        },
        onError: (error) => {
          toast(submissionFailedToast(error));
          refresh();
        },
      },
    );
  const change = (data: Change) => {
    const text = submissionConfirmText(s, data);
    if (text) setAsking({ text, data });
    else send(data);
  };
  const href = websiteHref(s.website_social);
  return (
    <Card component="article" id={`submission-${s.id}`} aria-label={s.business_name} variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Avatar
            variant="rounded"
            src={s.logo_url ?? undefined}
            alt={`${s.business_name} logo`}
            sx={{ width: 56, height: 56, bgcolor: '#ede9fe', color: '#5b21b6', fontWeight: 700 }}
          >
            {initials(s.business_name)}
          </Avatar>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
                {s.business_name}
              </Typography>
              {s.featured && <Chip size="small" color="primary" label="Featured" />}
              <CityChip slug={s.city_slug} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {s.category}
              {s.neighborhood ? ` · ${s.neighborhood}` : ''} · {formatDate(s.created_at)}
            </Typography>
          </Box>
        </Stack>
        <Box
          component="dl"
          sx={{
            mt: 2,
            mb: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 2,
            rowGap: { xs: 0, sm: 0.5 },
            '& dt': { color: 'text.secondary', fontSize: 14, mt: { xs: 1, sm: 0 } },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <dt>Contact</dt>
          <dd>{s.contact_name}</dd>
          <dt>E-mail</dt>
          <dd>
            <Link href={`mailto:${s.contact_email}`}>{s.contact_email}</Link>
          </dd>
          {s.website_social && (
            <>
              <dt>Website / social</dt>
              <dd>
                {href ? (
                  <Link href={href} target="_blank" rel="noopener noreferrer">
                    {s.website_social}
                  </Link>
                ) : (
                  s.website_social
                )}
              </dd>
            </>
          )}
          {s.type_of_help.length > 0 && (
            <>
              <dt>Help wanted</dt>
              <dd>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {s.type_of_help.map((t) => (
                    <Chip key={t} size="small" variant="outlined" label={t} />
                  ))}
                </Stack>
              </dd>
            </>
          )}
        </Box>
        <Typography
          variant="overline"
          component="h3"
          color="text.secondary"
          sx={{ display: 'block', mt: 2, lineHeight: 2 }}
        >
          Story
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }}>{s.description}</Typography>
        <Stack direction="row" sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {canApprove(s) && (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              disabled={isPending}
              onClick={() => change({ status: 'approved' })}
            >
              Approve
            </Button>
          )}
          {canDecline(s) && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<BlockIcon />}
              disabled={isPending}
              onClick={() => change({ status: 'declined' })}
            >
              Decline
            </Button>
          )}
          <FormControlLabel
            sx={{ ml: { sm: 'auto' } }}
            label="Featured"
            control={
              <Switch
                checked={s.featured}
                disabled={isPending || !canFeature(s)}
                onChange={(_, on) => change({ featured: on })}
              />
            }
          />
        </Stack>
        <ConfirmDialog
          text={asking?.text ?? null}
          onClose={() => setAsking(null)}
          onConfirm={() => asking && send(asking.data)}
        />
      </CardContent>
    </Card>
  );
}
