import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Busy } from './skeletons';
import { errorMessage } from './toast-texts';

/**
 * A queue of cards as the review pages show them: a loading block, the error, an empty state,
 * the cards, and "Show more" while the server holds more than is loaded.
 */
export function CardStack<T extends { id: string | number }>({
  items,
  total,
  isPending,
  error,
  empty,
  loadingHeight,
  loading,
  renderItem,
  onShowMore,
}: {
  items: T[] | undefined;
  total: number | undefined;
  isPending: boolean;
  error: unknown;
  empty: ReactNode;
  loadingHeight: number;
  /** The placeholder while the first page loads, in the cards' shape (decision 0261); a plain block otherwise. */
  loading?: ReactNode;
  renderItem: (item: T) => ReactNode;
  onShowMore: () => void;
}) {
  return (
    <>
      {Boolean(error) && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isPending &&
        (loading ?? (
          <Busy label="Loading…">
            <Skeleton variant="rounded" height={loadingHeight} />
          </Busy>
        ))}
      {!isPending && !error && items?.length === 0 && (
        <Card variant="outlined">
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            {typeof empty === 'string' ? <Typography color="text.secondary">{empty}</Typography> : empty}
          </CardContent>
        </Card>
      )}
      <Stack spacing={2}>
        {items?.map((item) => (
          <Box key={item.id}>{renderItem(item)}</Box>
        ))}
      </Stack>
      {items && total !== undefined && total > items.length && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button onClick={onShowMore}>Show more ({total - items.length} left)</Button>
        </Box>
      )}
    </>
  );
}
