import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../data/data-provider';
import { NumbersCard } from '../shared/numbers-card';

/** The creator's numbers on their record: what the creator sees on their dashboard (decision 0820). */
export function CreatorNumbers({ creatorId }: { creatorId: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending } = useQuery({
    queryKey: ['creator-stats', creatorId],
    queryFn: () => dataProvider.getCreatorStats(creatorId),
  });
  return <NumbersCard title="Numbers" stats={data} loading={isPending} idPrefix="creator-numbers" />;
}
