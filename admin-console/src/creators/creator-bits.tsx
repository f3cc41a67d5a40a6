import type { ReactNode } from 'react';
import { Avatar, Box, Chip, Link, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { initials, type AdminCreator, type ApprovalStatus } from '@local-creators/common';
import { formatDate, statusLabel } from './creator-rules';
import { CityChip } from '../cities';

const COLORS: Record<ApprovalStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function StatusChip({ status }: { status: ApprovalStatus }) {
  return <Chip size="small" color={COLORS[status]} label={statusLabel(status)} sx={{ fontWeight: 600 }} />;
}

/**
 * The photo at avatar size when it was stored with one (decision 0260): the console's avatars are
 * 40–72 px, and the 256 px rendition covers that at 3x. Older photos have only the full one.
 */
export function CreatorAvatar({
  creator,
  size = 56,
}: {
  creator: Pick<AdminCreator, 'full_name' | 'profile_image_url' | 'profile_image_small_url'>;
  size?: number;
}) {
  return (
    <Avatar
      src={(creator.profile_image_small_url ?? creator.profile_image_url) || undefined}
      alt={creator.full_name}
      slotProps={{ img: { width: size, height: size, loading: 'lazy', decoding: 'async' } }}
      sx={{ width: size, height: size, bgcolor: '#ede9fe', color: '#5b21b6', fontWeight: 700, fontSize: size * 0.38 }}
    >
      {initials(creator.full_name)}
    </Avatar>
  );
}

export function Chips({ items, color }: { items: readonly string[]; color?: 'primary' | 'default' }) {
  if (items.length === 0) return <span>—</span>;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((i) => (
        <Chip key={i} size="small" variant="outlined" color={color ?? 'default'} label={i} />
      ))}
    </Stack>
  );
}

/** Photo, name, submission date and a link to the public preview: the top of a creator's card. */
export function CreatorHeading({
  creator: c,
  size,
  title,
  trailing,
}: {
  creator: AdminCreator;
  size: number;
  title: 'page' | 'item';
  trailing?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
      <CreatorAvatar creator={c} size={size} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {title === 'page' ? (
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {c.full_name}
          </Typography>
        ) : (
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {c.full_name}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Submitted {formatDate(c.created_at)}
          </Typography>
          <CityChip slug={c.city_slug} />
        </Stack>
        <Link
          href={`/creator/${c.id}`}
          target="_blank"
          rel="noopener"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          Preview profile <OpenInNewIcon sx={{ fontSize: 16 }} />
        </Link>
      </Box>
      {trailing}
    </Stack>
  );
}
