import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CityName, useCities } from '../cities';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  useDataProvider,
} from 'react-admin';
import type { AdminIntroductionRequest } from '@local-creators/common';
import type { AppDataProvider } from '../data/data-provider';

const STATUS_LABEL: Record<AdminIntroductionRequest['status'], string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Waiting for confirmation',
};

const StatusChip = ({ r }: { r: AdminIntroductionRequest }) => (
  <Chip size="small" color={r.status === 'confirmed' ? 'success' : 'default'} label={STATUS_LABEL[r.status]} />
);

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="State"
    alwaysOn
    choices={Object.entries(STATUS_LABEL).map(([id, name]) => ({ id, name }))}
  />,
];

/** Confirmed and unconfirmed requests per business, most requested first. */
function CountsPerBusiness() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const counts = useQuery({ queryKey: ['introduction-counts'], queryFn: () => dataProvider.getIntroductionCounts() });
  if (!counts.data?.length) return null;
  return (
    <Box sx={{ mb: 2, overflowX: 'auto' }}>
      <Table size="small" aria-label="Requests per business">
        <TableHead>
          <TableRow>
            <TableCell>Business</TableCell>
            <TableCell align="right">Confirmed</TableCell>
            <TableCell align="right">Waiting</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {counts.data.map((c) => (
            <TableRow key={c.submission_id}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.business_name}</TableCell>
              <TableCell align="right">{c.confirmed}</TableCell>
              <TableCell align="right">{c.unconfirmed}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** /admin/introduction-requests: read-only; who asked which business for an introduction, newest first. */
export function IntroductionRequestList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const cities = useCities().shown;
  return (
    <Box>
      <List
        title="Introductions"
        sort={{ field: 'created_at', order: 'DESC' }}
        filters={filters}
        perPage={25}
        exporter={false}
      >
        {small ? (
          <SimpleList<AdminIntroductionRequest>
            rowClick={false}
            primaryText={(r) => `${r.creator_name} → ${r.business_name}`}
            secondaryText={(r) => `${r.creator_email} · ${new Date(r.created_at).toLocaleString()}`}
            tertiaryText={(r) => STATUS_LABEL[r.status]}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& td': { verticalAlign: 'top' } }}>
            <DateField source="created_at" showTime label="Asked" />
            <TextField source="business_name" label="Business" sortable={false} />
            {cities && (
              <FunctionField<AdminIntroductionRequest>
                label="City"
                sortable={false}
                render={(r) => <CityName slug={r.city_slug} />}
              />
            )}
            <TextField source="creator_name" label="From" sortable={false} />
            <TextField source="creator_email" label="E-mail" sortable={false} />
            <FunctionField<AdminIntroductionRequest>
              label="Message"
              sortable={false}
              render={(r) => (
                <Typography variant="body2" sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                  {r.message ?? '—'}
                </Typography>
              )}
            />
            <FunctionField<AdminIntroductionRequest>
              label="State"
              sortable={false}
              render={(r) => <StatusChip r={r} />}
            />
          </Datagrid>
        )}
      </List>
      <Box sx={{ px: { xs: 1, md: 0 }, mt: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Requests per business
        </Typography>
        <CountsPerBusiness />
      </Box>
    </Box>
  );
}
