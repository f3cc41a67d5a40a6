import { CityName, useCities } from '../cities';
import { Box, Button, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  SimpleList,
  TextField,
  useCreatePath,
  useNotify,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount as count, type AdminFollowerCount } from '@local-creators/common';

const STATES = [
  { id: 'stale', name: 'Not confirmed for 180 days' },
  { id: 'due', name: 'Not confirmed for 90 days' },
  { id: 'jumped', name: 'Jumped (more than doubled in 30 days)' },
];
const filters = [
  <SelectInput
    key="state"
    source="state"
    label="Show"
    alwaysOn
    choices={STATES}
    emptyText={STATES[0]!.name}
    emptyValue=""
  />,
];
const jump = (r: AdminFollowerCount) =>
  r.previous_followers === null ? '—' : `${count(r.previous_followers)} → ${count(r.followers)}`;

function CreatorLink({ row }: { row: AdminFollowerCount }) {
  const createPath = useCreatePath();
  return (
    <Link component={RouterLink} to={createPath({ resource: 'creators', id: row.profile_id, type: 'show' })}>
      {row.creator_name}
    </Link>
  );
}

/**
 * A jump holds the profile's Featured badge until an admin has looked (decision 0510): "Looks
 * right" lets the count count; a looked-at jump says so.
 */
function ReviewJump({ row }: { row: AdminFollowerCount }) {
  const [update, { isPending }] = useUpdate<AdminFollowerCount & { reviewed?: boolean }>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!row.jumped_at) return null;
  if (row.jump_reviewed_at) return <Typography variant="body2">Looked at</Typography>;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={isPending}
      onClick={() =>
        update(
          'follower-counts',
          { id: row.id, data: { reviewed: true }, previousData: row },
          {
            onSuccess: () => {
              notify('Jump looked at: the count counts for Featured');
              refresh();
            },
            onError: (error) => notify(`Update failed: ${(error as Error).message}`, { type: 'error' }),
          },
        )
      }
    >
      Looks right
    </Button>
  );
}

/**
 * /admin/follower-counts: the counts brands may no longer trust: not confirmed for 180 (or 90)
 * days, or more than doubled at once (with before and after). Creators are mailed at 90 days.
 */
export function FollowerCountList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const cities = useCities().shown;
  return (
    <Box>
      <List
        title="Follower counts"
        sort={{ field: 'confirmed_at', order: 'ASC' }}
        filters={filters}
        filterDefaultValues={{ state: 'stale' }}
        perPage={25}
        exporter={false}
      >
        {small ? (
          <SimpleList<AdminFollowerCount>
            rowClick={false}
            primaryText={(r) => `${r.creator_name} · ${r.platform} @${r.handle.replace(/^@+/, '')}`}
            secondaryText={(r) => (
              <>
                {count(r.followers)} followers, confirmed {new Date(r.confirmed_at).toLocaleDateString()}
                {r.previous_followers !== null && (
                  <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                    Jump: {jump(r)} <ReviewJump row={r} />
                  </Box>
                )}
              </>
            )}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <FunctionField<AdminFollowerCount>
              label="Creator"
              sortable={false}
              render={(r) => <CreatorLink row={r} />}
            />
            {cities && (
              <FunctionField<AdminFollowerCount>
                label="City"
                sortable={false}
                render={(r) => <CityName slug={r.city_slug} />}
              />
            )}
            <TextField source="platform" sortable={false} />
            <FunctionField<AdminFollowerCount>
              label="Handle"
              sortable={false}
              render={(r) => `@${r.handle.replace(/^@+/, '')}`}
            />
            <NumberField source="followers" sortable={false} />
            <DateField source="confirmed_at" label="Confirmed" />
            <DateField source="reminded_at" label="Reminded" sortable={false} emptyText="—" />
            <FunctionField<AdminFollowerCount> label="Jump" sortable={false} render={jump} />
            <FunctionField<AdminFollowerCount>
              label="Looked at"
              sortable={false}
              render={(r) => <ReviewJump row={r} />}
            />
          </Datagrid>
        )}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, px: { xs: 1, md: 0 } }}>
        Creators are asked by e-mail to re-confirm once a count is 90 days old; profiles show counts 180 days old with
        the month they are from.
      </Typography>
    </Box>
  );
}
