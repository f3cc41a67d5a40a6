import type { ReactNode } from 'react';
import { Box, Card, CardContent, Grid, Skeleton, Stack } from '@mui/material';

/**
 * Placeholders in the shape of what is coming (decision 0261), instead of a blank area or a spinner
 * that waits a second before it shows. The shapes are hidden from assistive technology; one polite
 * status line says what is loading, and the region is marked busy.
 */
export function Busy({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box aria-busy="true" data-testid="skeleton">
      <Box role="status" sx={VISUALLY_HIDDEN}>
        {label}
      </Box>
      <Box aria-hidden>{children}</Box>
    </Box>
  );
}

const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A page's h1 and its line of context (PageHeader's shape). */
export function HeaderSkeleton({ titleWidth = 220 }: { titleWidth?: number }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Skeleton variant="text" width={titleWidth} sx={{ fontSize: '1.5rem' }} />
      <Skeleton variant="text" width={160} sx={{ fontSize: '0.875rem', mt: 0.5 }} />
    </Box>
  );
}

/** Any console page while its script loads: a header and a few cards. */
export function PageSkeleton({ label = 'Loading the page…' }: { label?: string }) {
  return (
    <Box sx={{ py: 2 }}>
      <Busy label={label}>
        <HeaderSkeleton />
        <Stack spacing={2}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={120} />
          ))}
        </Stack>
      </Busy>
    </Box>
  );
}

/** The whole console while the session is checked: the top bar's strip and a page. */
export function ConsoleSkeleton() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        sx={{
          height: 48,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          display: 'flex',
          alignItems: 'center',
          px: 2,
          gap: 1,
        }}
      >
        <Skeleton variant="rounded" width={26} height={26} />
        <Skeleton variant="text" width={160} />
      </Box>
      <Box sx={{ px: { xs: 1, sm: 3 } }}>
        <PageSkeleton label="Loading the console…" />
      </Box>
    </Box>
  );
}

/** One card of /admin/all in its final shape: photo, name and place, status and niches, the phone switch, two links. */
export function CreatorCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={52} height={52} sx={{ flexShrink: 0 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Skeleton variant="text" width="70%" />
            <Skeleton variant="text" width="45%" sx={{ fontSize: '0.875rem' }} />
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1.5 }}>
          <Skeleton variant="rounded" width={72} height={24} sx={{ borderRadius: 4 }} />
          <Skeleton variant="text" width="40%" sx={{ fontSize: '0.875rem' }} />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Skeleton variant="rounded" width={34} height={14} sx={{ borderRadius: 2 }} />
          <Skeleton variant="text" width={110} sx={{ fontSize: '0.875rem' }} />
        </Stack>
      </CardContent>
      <Stack direction="row" sx={{ px: 2, pb: 2, pt: 0.5, justifyContent: 'space-between' }}>
        <Skeleton variant="text" width={90} />
        <Skeleton variant="text" width={110} />
      </Stack>
    </Card>
  );
}

/** The card grid's placeholder: as many cards as fill a screen (the page may hold more). */
export function CreatorGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <Busy label="Loading creators…">
      <Grid container spacing={2}>
        {Array.from({ length: count }, (_, i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
            <CreatorCardSkeleton />
          </Grid>
        ))}
      </Grid>
    </Busy>
  );
}

/** /admin/all before its script has arrived: the header, the search and filters, the grid. */
export function AllCreatorsSkeleton() {
  return (
    <Box sx={{ py: 2 }}>
      <HeaderSkeleton titleWidth={180} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }} aria-hidden>
        <Skeleton variant="rounded" height={56} sx={{ flex: 1 }} />
        <Stack direction="row" spacing={2}>
          <Skeleton variant="rounded" height={56} sx={{ width: { xs: '50%', md: 150 } }} />
          <Skeleton variant="rounded" height={56} sx={{ width: { xs: '50%', md: 200 } }} />
        </Stack>
      </Stack>
      <CreatorGridSkeleton />
    </Box>
  );
}

/** A review card in its final shape: photo and name, the details, the notes field, two buttons. */
export function ReviewCardSkeleton({ compact }: { compact: boolean }) {
  const avatar = compact ? 40 : 64;
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: compact ? 1.5 : { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Skeleton variant="circular" width={avatar} height={avatar} sx={{ flexShrink: 0 }} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" width="40%" sx={{ fontSize: '1.25rem' }} />
            <Skeleton variant="text" width={140} sx={{ fontSize: '0.875rem' }} />
            <Skeleton variant="text" width={110} sx={{ fontSize: '0.875rem' }} />
          </Box>
        </Stack>
        {!compact && (
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="text" width="75%" />
            <Skeleton variant="text" width="60%" />
          </Stack>
        )}
        <Skeleton variant="rounded" height={compact ? 40 : 80} />
        <Stack direction="row" spacing={2} sx={{ mt: compact ? 1 : 2 }}>
          <Skeleton variant="rounded" width={110} height={36} />
          <Skeleton variant="rounded" width={100} height={36} />
        </Stack>
      </CardContent>
    </Card>
  );
}

export function ReviewQueueSkeleton({ compact, count = 2 }: { compact: boolean; count?: number }) {
  return (
    <Busy label="Loading pending applications…">
      <Stack spacing={2}>
        {Array.from({ length: count }, (_, i) => (
          <ReviewCardSkeleton key={i} compact={compact} />
        ))}
      </Stack>
    </Busy>
  );
}
