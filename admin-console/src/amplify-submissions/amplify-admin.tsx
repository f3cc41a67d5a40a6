import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box, Tab, Tabs, useMediaQuery, type Theme } from '@mui/material';
import { Title, useGetList, useGetOne } from 'react-admin';
import type { AdminAmplifySubmission as AmplifySubmission, SubmissionStatus } from '@local-creators/common';
import { PageHeader } from '../layout/page-header';
import { CardStack } from '../shared/card-stack';
import { SubmissionCard } from './submission-card';
import { TABS, tabLabel } from './submission-rules';

const PAGE = 20;

const useCount = (status: SubmissionStatus) =>
  useGetList('amplify-submissions', {
    filter: { status },
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: 1 },
  }).total;

/** /admin/amplify: Pending, Approved and Declined tabs, each with its count; approve, decline, feature. */
export function AmplifyAdmin() {
  const [tab, setTab] = useState<SubmissionStatus>('pending');
  const [perPage, setPerPage] = useState(PAGE);
  // ?focus=<id> (from the audit trail): open that business's tab and scroll to its card.
  const [params] = useSearchParams();
  const focus = params.get('focus');
  const focused = useGetOne<AmplifySubmission>('amplify-submissions', { id: focus ?? '' }, { enabled: !!focus }).data;
  useEffect(() => {
    if (focused) setTab(focused.status);
  }, [focused]);
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const counts: Record<SubmissionStatus, number | undefined> = {
    pending: useCount('pending'),
    approved: useCount('approved'),
    declined: useCount('declined'),
  };
  const { data, total, isPending, error } = useGetList<AmplifySubmission>('amplify-submissions', {
    filter: { status: tab },
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage },
  });
  const focusShown = !!focus && !!data?.some((s) => s.id === focus);
  useEffect(() => {
    if (focusShown) document.getElementById(`submission-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [focusShown, focus]);
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="Businesses" />
      <PageHeader title="Business submissions" subtitle="Amplify applications from local businesses, newest first" />
      <Tabs
        value={tab}
        onChange={(_, v: SubmissionStatus) => {
          setTab(v);
          setPerPage(PAGE);
        }}
        variant={small ? 'fullWidth' : 'standard'}
        sx={{
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { px: { xs: 0.5, sm: 2 }, minWidth: 0, fontSize: { xs: '0.85rem', sm: '0.95rem' } },
        }}
      >
        {TABS.map((t) => (
          <Tab key={t.status} value={t.status} label={tabLabel(t.label, counts[t.status])} />
        ))}
      </Tabs>
      <CardStack
        items={data}
        total={total}
        isPending={isPending}
        error={error}
        loadingHeight={260}
        empty={`No ${tab} submissions.`}
        renderItem={(s) => <SubmissionCard submission={s} />}
        onShowMore={() => setPerPage((n) => n + PAGE)}
      />
    </Box>
  );
}
