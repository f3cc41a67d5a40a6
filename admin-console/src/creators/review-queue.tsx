import { useEffect, useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  Collapse,
  Divider,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { Title, useGetList, useStore } from 'react-admin';
import { LIMITS, MSG, type AdminCreator } from '@local-creators/common';
import { PageHeader } from '../layout/page-header';
import { CardStack } from '../shared/card-stack';
import { ReviewQueueSkeleton } from '../shared/skeletons';
import { CreatorHeading } from './creator-bits';
import { CreatorDetails } from './creator-details';
import { DecisionButtons } from './decision-buttons';
import { LocalAudienceQueue } from './local-audience-queue';

const PAGE = 20;

/** /admin/review: pending applications, oldest first, then local audience screenshots; each leaves the queue once decided. */
export function ReviewQueue() {
  const [perPage, setPerPage] = useState(PAGE);
  // Compact cards for a long queue: name, notes and buttons only; remembered in this browser.
  const [compact, setCompact] = useStore('review.compact', false);
  const { data, total, isPending, error } = useGetList<AdminCreator>('creators', {
    filter: { approval_status: 'pending' },
    sort: { field: 'created_at', order: 'ASC' },
    pagination: { page: 1, perPage },
  });
  // Keyboard: j / k select the next / previous card, a approves it, r rejects it (after the same
  // confirmation as the button). Keys typed into a field are left alone.
  const [activeId, setActiveId] = useState<string | null>(null);
  const ids = data?.map((c) => c.id) ?? [];
  const active = activeId && ids.includes(activeId) ? activeId : null;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')
      )
        return;
      if (!ids.length) return;
      const at = active ? ids.indexOf(active) : -1;
      if (e.key === 'j' || e.key === 'k') {
        const next = e.key === 'j' ? Math.min(at + 1, ids.length - 1) : Math.max(at - 1, 0);
        setActiveId(ids[next]!);
        document.getElementById(`review-${ids[next]}`)?.scrollIntoView({ block: 'nearest' });
        e.preventDefault();
      } else if ((e.key === 'a' || e.key === 'r') && active) {
        const button = document
          .getElementById(`review-${active}`)
          ?.querySelector<HTMLButtonElement>(`button[data-decision="${e.key === 'a' ? 'approve' : 'reject'}"]`);
        if (button && !button.disabled) {
          button.click();
          e.preventDefault();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  return (
    <Box sx={{ py: 2, maxWidth: 960 }}>
      <Title title="Review queue" />
      <PageHeader
        title="Review queue"
        subtitle={
          total
            ? `${total} pending ${total === 1 ? 'application' : 'applications'}, oldest first`
            : 'Pending applications, oldest first'
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Keys: j / k next and previous card, a approve, r reject.
      </Typography>
      <FormControlLabel
        control={<Switch checked={compact} onChange={(e) => setCompact(e.target.checked)} />}
        label="Compact cards"
        sx={{ mb: 1 }}
      />
      <CardStack
        items={data}
        total={total}
        isPending={isPending}
        error={error}
        loadingHeight={320}
        loading={<ReviewQueueSkeleton compact={compact} />}
        empty={
          <>
            <InboxIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography color="text.secondary">{MSG.noPendingApplications}</Typography>
          </>
        }
        renderItem={(c) => <ReviewItem creator={c} compact={compact} active={c.id === active} />}
        onShowMore={() => setPerPage((n) => n + PAGE)}
      />
      <LocalAudienceQueue />
    </Box>
  );
}

function ReviewItem({ creator: c, compact, active }: { creator: AdminCreator; compact: boolean; active: boolean }) {
  const [notes, setNotes] = useState('');
  const [decided, setDecided] = useState(false);
  return (
    <Collapse in={!decided} unmountOnExit>
      <Card
        component="article"
        id={`review-${c.id}`}
        aria-label={c.full_name}
        aria-current={active ? 'true' : undefined}
        variant="outlined"
        sx={active ? { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' } : undefined}
      >
        <CardContent sx={{ p: compact ? 1.5 : { xs: 2, sm: 3 } }}>
          <CreatorHeading creator={c} size={compact ? 40 : 64} title="item" />
          {!compact && <CreatorDetails creator={c} />}
          <Divider sx={{ my: compact ? 1 : 2 }} />
          <TextField
            label="Rejection notes (optional)"
            helperText={compact ? undefined : 'Sent to the creator with a rejection and shown on their dashboard.'}
            size={compact ? 'small' : 'medium'}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            fullWidth
            multiline
            minRows={compact ? 1 : 2}
            slotProps={{
              htmlInput: { 'aria-label': `Rejection notes for ${c.full_name}`, maxLength: LIMITS.adminNotesMax },
            }}
          />
          <Box sx={{ mt: compact ? 1 : 2 }}>
            <DecisionButtons creator={c} notes={notes} onDecided={() => setDecided(true)} />
          </Box>
        </CardContent>
      </Card>
    </Collapse>
  );
}
