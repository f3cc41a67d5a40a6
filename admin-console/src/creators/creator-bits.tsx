import { Avatar, Chip, Stack } from '@mui/material';
import { initials, type AdminCreator, type ApprovalStatus } from '@local-creators/common';
import { statusLabel } from './creator-rules';

const COLORS: Record<ApprovalStatus, 'warning' | 'success' | 'error'> = { pending: 'warning', approved: 'success', rejected: 'error' };

export function StatusChip({ status }: { status: ApprovalStatus }) {
  return <Chip size="small" color={COLORS[status]} label={statusLabel(status)} sx={{ fontWeight: 600 }} />;
}

export function CreatorAvatar({ creator, size = 56 }: { creator: Pick<AdminCreator, 'full_name' | 'profile_image_url'>; size?: number }) {
  return (
    <Avatar
      src={creator.profile_image_url ?? undefined}
      alt={creator.full_name}
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
