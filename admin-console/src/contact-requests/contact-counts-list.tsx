import { Box, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CityName, useCities } from '../cities';
import { Datagrid, DateField, FunctionField, List, NumberField, SimpleList, useCreatePath } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminContactCounts } from '@local-creators/common';

/**
 * /admin/contact-requests: per creator, how many brands wrote through the Contact form, how many
 * this week, from how many addresses, and how many came as one message to a whole shortlist
 * (decision 0702): enough to see a spam wave; how many the creator marked replied, how many went
 * unanswered for 14 days, and what the profile says about replies (decision 0710). Never the messages
 * themselves: those are between the brand and the creator (decision 0501).
 */
function CreatorLink({ counts }: { counts: AdminContactCounts }) {
  const createPath = useCreatePath();
  return (
    <Link component={RouterLink} to={createPath({ resource: 'creators', id: counts.id, type: 'show' })}>
      {counts.creator_name}
    </Link>
  );
}

export function ContactCountsList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const cities = useCities().shown;
  return (
    <Box>
      <List
        title="Brand messages"
        sort={{ field: 'last_received_at', order: 'DESC' }}
        perPage={25}
        exporter={false}
        empty={<Typography sx={{ p: 2 }}>No brand has written to a creator yet.</Typography>}
      >
        {small ? (
          <SimpleList<AdminContactCounts>
            rowClick={false}
            primaryText={(r) => r.creator_name}
            secondaryText={(r) =>
              `${r.total} messages (${r.via_shortlists} via shortlists), ${r.last_7_days} this week, from ${r.distinct_senders} addresses; ${r.replied} replied, ${r.unanswered} unanswered${r.reply_time ? `; profile: ${r.reply_time}` : ''}`
            }
            tertiaryText={(r) => new Date(r.last_received_at).toLocaleDateString()}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <FunctionField<AdminContactCounts>
              label="Creator"
              sortable={false}
              render={(r) => <CreatorLink counts={r} />}
            />
            {cities && (
              <FunctionField<AdminContactCounts>
                label="City"
                sortable={false}
                render={(r) => <CityName slug={r.city_slug} />}
              />
            )}
            <NumberField source="total" label="Messages" />
            <NumberField source="last_7_days" label="Last 7 days" />
            <NumberField source="distinct_senders" label="Senders" sortable={false} />
            <NumberField source="via_shortlists" label="Via shortlists" sortable={false} />
            <NumberField source="replied" label="Replied" sortable={false} />
            <NumberField source="unanswered" label="Unanswered 14+ days" sortable={false} />
            <FunctionField<AdminContactCounts>
              label="Profile shows"
              sortable={false}
              render={(r) => r.reply_time ?? '—'}
            />
            <DateField source="last_received_at" showTime label="Last message" />
          </Datagrid>
        )}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, px: { xs: 1, md: 0 } }}>
        Counts only: what brands write stays between them and the creator.
      </Typography>
    </Box>
  );
}
