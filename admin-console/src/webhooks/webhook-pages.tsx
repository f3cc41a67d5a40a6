import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  CheckboxGroupInput,
  Create,
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  RecordContextProvider,
  Show,
  SimpleForm,
  TextInput,
  TopToolbar,
  required,
  useCreate,
  useDataProvider,
  useGetList,
  useListContext,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import type { CreatedWebhookSubscription, WebhookAttempt, WebhookSubscription } from '@local-creators/common';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { useToast } from '../shared/toast';
import { errorMessage } from '../shared/toast-texts';
import { attemptResult, EVENT_CHOICES, eventsText, lastDeliveryText, OUTCOME_LABELS } from './webhook-rules';

const formatDateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const OUTCOME_COLORS = { delivered: 'success', retrying: 'warning', failed: 'error' } as const;

const StatusChip = ({ s }: { s: WebhookSubscription }) => (
  <Chip
    size="small"
    color={s.enabled ? 'success' : 'default'}
    label={s.enabled ? 'On' : 'Off'}
    variant={s.enabled ? 'filled' : 'outlined'}
  />
);

/** Turns a webhook off (no new events; waiting deliveries are not sent) or on again. */
function EnabledSwitch({ s }: { s: WebhookSubscription }) {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const refresh = useRefresh();
  const change = useMutation({
    mutationFn: (enabled: boolean) =>
      dataProvider.update<WebhookSubscription>('webhooks', { id: s.id, data: { enabled }, previousData: s }),
    onSuccess: ({ data: next }) => {
      toast({
        type: 'success',
        title: next.enabled ? 'Webhook on' : 'Webhook off',
        description: next.enabled ? 'It gets the next events.' : 'It gets no events until you turn it on again.',
      });
      refresh();
    },
    onError: (error) => toast({ type: 'error', title: 'Not changed', description: errorMessage(error) || undefined }),
  });
  return (
    <FormControlLabel
      onClick={(e) => e.stopPropagation()}
      control={
        <Switch
          checked={change.isPending ? !!change.variables : s.enabled}
          disabled={change.isPending}
          onChange={(e) => change.mutate(e.target.checked)}
        />
      }
      label="Sends events"
    />
  );
}

/** Deletes a webhook and its log, after asking. */
function DeleteWebhook({ s, then }: { s: WebhookSubscription; then?: () => void }) {
  const [ask, setAsk] = useState(false);
  const dataProvider = useDataProvider();
  const toast = useToast();
  const refresh = useRefresh();
  const remove = useMutation({
    mutationFn: () => dataProvider.delete<WebhookSubscription>('webhooks', { id: s.id, previousData: s }),
    onSuccess: () => {
      toast({ type: 'success', title: 'Webhook deleted', description: s.url });
      if (then) then();
      else refresh();
    },
    onError: (error) => toast({ type: 'error', title: 'Not deleted', description: errorMessage(error) || undefined }),
  });
  return (
    <>
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={<DeleteIcon />}
        disabled={remove.isPending}
        onClick={(e) => {
          e.stopPropagation();
          setAsk(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDialog
        text={
          ask
            ? {
                title: 'Delete this webhook?',
                body: `${s.url} gets no more events, and its delivery log is deleted with it.`,
                confirm: 'Delete',
              }
            : null
        }
        onClose={() => setAsk(false)}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

const Url = ({ url }: { url: string }) => (
  <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
    {url}
  </Typography>
);

/** Small screens: one card per webhook. */
function WebhookCards() {
  const { data, isPending } = useListContext<WebhookSubscription>();
  const redirect = useRedirect();
  if (isPending) return null;
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data?.map((s) => (
        <Box key={s.id} data-testid="webhook-card" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Url url={s.url} />
          {s.description && <Typography variant="body2">{s.description}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {eventsText(s.events)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {lastDeliveryText(s, formatDateTime)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <EnabledSwitch s={s} />
            <Button size="small" variant="outlined" onClick={() => redirect('show', 'webhooks', s.id)}>
              Delivery log
            </Button>
            <DeleteWebhook s={s} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

function NoWebhooks() {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="p">
          No webhooks yet
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A partner's webhook gets a signed request when a creator is listed or unlisted, or a business is featured.
        </Typography>
        <CreateButton label="Add webhook" variant="contained" />
      </CardContent>
    </Card>
  );
}

/** The partners' webhooks: where each one goes, what it wants, whether it is on, and how its last delivery went. */
export function WebhookList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Webhooks"
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      empty={<NoWebhooks />}
      actions={
        <TopToolbar>
          <CreateButton label="Add webhook" />
        </TopToolbar>
      }
    >
      {small ? (
        <WebhookCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick="show" sx={{ '& td': { verticalAlign: 'top' } }}>
          <FunctionField<WebhookSubscription> label="URL" sortBy="url" render={(s) => <Url url={s.url} />} />
          <FunctionField<WebhookSubscription> label="Events" sortable={false} render={(s) => eventsText(s.events)} />
          <FunctionField<WebhookSubscription>
            label="Description"
            sortable={false}
            render={(s) => s.description || '—'}
          />
          <FunctionField<WebhookSubscription> label="Status" sortable={false} render={(s) => <StatusChip s={s} />} />
          <FunctionField<WebhookSubscription>
            label="Last delivery"
            sortable={false}
            render={(s) => lastDeliveryText(s, formatDateTime)}
          />
          <DateField source="created_at" label="Added" />
        </Datagrid>
      )}
    </List>
  );
}

/** Shown once, right after creation: the secret the partner verifies signatures with. */
function SecretDialog({ created }: { created: CreatedWebhookSubscription | null }) {
  const redirect = useRedirect();
  const [copied, setCopied] = useState(false);
  if (!created) return null;
  return (
    <Dialog open aria-labelledby="webhook-secret-title" aria-describedby="webhook-secret-body" maxWidth="sm" fullWidth>
      <DialogTitle id="webhook-secret-title">Copy the signing secret now</DialogTitle>
      <DialogContent>
        <DialogContentText id="webhook-secret-body" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Give it to the partner: it signs every request to {created.url}. It is shown only this once; to get another,
          delete the webhook and add it again.
        </DialogContentText>
        <Box
          data-testid="webhook-secret"
          sx={{
            fontFamily: 'monospace',
            p: 1.5,
            bgcolor: 'action.hover',
            borderRadius: 1,
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {created.secret}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() =>
            void navigator.clipboard?.writeText(created.secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="contained" onClick={() => redirect('show', 'webhooks', created.id)}>
          I have copied it
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Adds a webhook; the server's refusals show on their fields (decision 0243). */
export function WebhookCreate() {
  const [create] = useCreate<CreatedWebhookSubscription>();
  const [created, setCreated] = useState<CreatedWebhookSubscription | null>(null);
  const toast = useToast();
  const save = async (values: Record<string, unknown>) => {
    try {
      const data = await create('webhooks', { data: values }, { returnPromise: true });
      setCreated(data as CreatedWebhookSubscription);
      return undefined;
    } catch (error) {
      const body = (error as { body?: { field?: string; message?: string } }).body;
      if (body?.field && body.message) return { [body.field]: body.message };
      toast({ type: 'error', title: 'Not added', description: errorMessage(error) || undefined });
      return undefined;
    }
  };
  return (
    <>
      <Create title="Add a webhook" resource="webhooks">
        <SimpleForm onSubmit={save} defaultValues={{ url: '', events: [], description: '' }}>
          <TextInput
            source="url"
            label="URL"
            helperText="The partner's https:// address that receives the events"
            validate={required('URL is required')}
            fullWidth
          />
          <CheckboxGroupInput
            source="events"
            label="Events"
            choices={EVENT_CHOICES}
            validate={required('Choose at least one event')}
            row={false}
          />
          <TextInput
            source="description"
            label="Description (optional)"
            helperText="Who the partner is, for you and the other admins"
            fullWidth
          />
        </SimpleForm>
      </Create>
      <SecretDialog created={created} />
    </>
  );
}

/** One webhook's delivery log, newest first: event, time, attempt, HTTP status or error, next retry. */
function DeliveryLog({ subscriptionId }: { subscriptionId: string }) {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { data, total, isPending, refetch } = useGetList<WebhookAttempt>('webhook-attempts', {
    filter: { subscription_id: subscriptionId },
    sort: { field: 'attempted_at', order: 'DESC' },
    pagination: { page: 1, perPage: 50 },
  });
  const outcome = (a: WebhookAttempt) => (
    <Chip size="small" color={OUTCOME_COLORS[a.outcome]} label={OUTCOME_LABELS[a.outcome]} />
  );
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Delivery log
          </Typography>
          <Button size="small" startIcon={<RefreshIcon />} onClick={() => void refetch()}>
            Refresh log
          </Button>
        </Stack>
        {isPending ? null : !data?.length ? (
          <Typography variant="body2">Nothing sent yet.</Typography>
        ) : small ? (
          <Stack spacing={1}>
            {data.map((a) => (
              <Box
                key={a.id}
                data-testid="webhook-attempt"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, overflowWrap: 'anywhere' }}
              >
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle2">{a.event}</Typography>
                  {outcome(a)}
                </Stack>
                <Typography variant="body2">{attemptResult(a)}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {formatDateTime(a.attempted_at)} · attempt {a.attempt}
                  {a.next_retry_at ? ` · next retry ${formatDateTime(a.next_retry_at)}` : ''}
                </Typography>
              </Box>
            ))}
          </Stack>
        ) : (
          <Table size="small" aria-label="Delivery log">
            <TableHead>
              <TableRow>
                <TableCell>Event</TableCell>
                <TableCell>Time</TableCell>
                <TableCell>Attempt</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Next retry</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((a) => (
                <TableRow key={a.id} data-testid="webhook-attempt">
                  <TableCell>{a.event}</TableCell>
                  <TableCell>{formatDateTime(a.attempted_at)}</TableCell>
                  <TableCell>{a.attempt}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{attemptResult(a)}</TableCell>
                  <TableCell>{outcome(a)}</TableCell>
                  <TableCell>{formatDateTime(a.next_retry_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {total !== undefined && total > (data?.length ?? 0) && (
          <Typography variant="caption" color="text.secondary">
            The latest {data?.length} of {total} attempts.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function WebhookDetails() {
  const s = useRecordContext<WebhookSubscription>();
  const redirect = useRedirect();
  if (!s) return null;
  return (
    <RecordContextProvider value={s}>
      <Card>
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="overline" component="p" color="text.secondary">
              URL
            </Typography>
            <Url url={s.url} />
            {s.description && <Typography variant="body1">{s.description}</Typography>}
            <Typography variant="body2">
              <strong>Events:</strong> {eventsText(s.events)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Added {formatDateTime(s.created_at)} · the signing secret was shown once, when it was added
            </Typography>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <EnabledSwitch s={s} />
              <DeleteWebhook s={s} then={() => redirect('list', 'webhooks')} />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      <DeliveryLog subscriptionId={s.id} />
    </RecordContextProvider>
  );
}

export function WebhookShow() {
  return (
    <Show title="Webhook" actions={false} component="div">
      <WebhookDetails />
    </Show>
  );
}
