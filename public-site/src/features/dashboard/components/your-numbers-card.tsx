import { useQuery } from '@tanstack/react-query';
import { BarChart3, RotateCw } from 'lucide-react';
import {
  MSG,
  STATS_MEASURE_LABELS,
  STATS_MEASURES,
  VISIT_SOURCE_LABELS,
  VISIT_SOURCES,
  formatCount,
  formatDay,
  type CreatorStats,
  type StatsDay,
  type StatsMeasure,
} from '@local-creators/common';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { apiFetch } from '@/lib/api';

/** 90 bars of 4 units: the chart's own coordinates, stretched to the tile's width. */
const BAR = 4;
const HEIGHT = 48;

/** "Profile views per day, August 29 to November 26, 2026: 14 in all, the most on November 20 (5)." */
export function chartSummary(label: string, days: readonly StatsDay[], measure: StatsMeasure) {
  const total = days.reduce((sum, d) => sum + d[measure], 0);
  const range = `${formatDay(days[0]!.day).replace(/, \d{4}$/, '')} to ${formatDay(days[days.length - 1]!.day)}`;
  if (total === 0) return `${label} per day, ${range}: none yet.`;
  const best = days.reduce((a, b) => (b[measure] > a[measure] ? b : a));
  return `${label} per day, ${range}: ${formatCount(total)} in all, the most on ${formatDay(best.day)} (${formatCount(best[measure])}).`;
}

/** One measure per day as bars, in an inline SVG that names what it shows (no chart library). */
export function DayChart({
  days,
  measure,
  label,
}: {
  days: readonly StatsDay[];
  measure: StatsMeasure;
  label: string;
}) {
  const max = Math.max(1, ...days.map((d) => d[measure]));
  const id = `chart-${measure}`;
  return (
    <svg
      role="img"
      aria-labelledby={id}
      viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-12 w-full"
      data-measure={measure}
    >
      <title id={id}>{chartSummary(label, days, measure)}</title>
      <rect x={0} y={HEIGHT - 1} width={days.length * BAR} height={1} className="fill-border" />
      {days.map((d, i) =>
        d[measure] > 0 ? (
          <rect
            key={d.day}
            x={i * BAR + 0.5}
            width={BAR - 1}
            y={HEIGHT - (d[measure] / max) * HEIGHT}
            height={(d[measure] / max) * HEIGHT}
            className="fill-primary"
          />
        ) : null,
      )}
    </svg>
  );
}

/**
 * "Your numbers" (issue 28 point 1, decisions 0820 and 0821): the last 90 days of profile views,
 * appearances, contact messages, introduction requests and shortlist saves, each with its chart
 * per day, and where the profile's visitors came from.
 */
export function YourNumbersCard() {
  const {
    data: stats,
    isPending,
    isError,
    refetch,
  } = useQuery({ queryKey: ['me', 'stats'], queryFn: () => apiFetch<CreatorStats>('/api/me/stats') });
  return (
    <Card role="region" aria-labelledby="your-numbers-title">
      <CardHeader>
        <h2 id="your-numbers-title" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <BarChart3 className="size-5 text-primary" aria-hidden /> Your numbers
        </h2>
        <CardDescription>
          {stats ? `The last 90 days, ${formatDay(stats.from)} to ${formatDay(stats.to)}. ` : 'The last 90 days. '}
          Only totals are kept, never who visited. Search engines and your own visits are not counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {isPending && <Skeleton className="h-40 w-full rounded-xl" />}
        {isError && (
          <div className="space-y-3">
            <p className="text-sm text-muted-foreground">{MSG.somethingWrong}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              <RotateCw aria-hidden /> Try again
            </Button>
          </div>
        )}
        {stats && (
          <>
            <ul className="grid gap-4 sm:grid-cols-2" aria-label="Totals for the last 90 days">
              {STATS_MEASURES.map((m) => (
                <li key={m} className="space-y-2 rounded-lg border border-border p-4 sm:odd:last:col-span-2">
                  <p className="text-sm text-muted-foreground">{STATS_MEASURE_LABELS[m]}</p>
                  <p className="text-2xl font-bold tabular-nums" data-total={m}>
                    {formatCount(stats.totals[m])}
                  </p>
                  <DayChart days={stats.days} measure={m} label={STATS_MEASURE_LABELS[m]} />
                </li>
              ))}
            </ul>
            <Sources stats={stats} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Sources({ stats }: { stats: CreatorStats }) {
  const total = stats.totals.views;
  return (
    <section aria-labelledby="visit-sources-title" className="space-y-3">
      <h3 id="visit-sources-title" className="font-semibold">
        Where your visitors came from
      </h3>
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">
          No profile views yet. Share your profile link to bring visitors in.
        </p>
      ) : (
        <ul className="space-y-2">
          {VISIT_SOURCES.map((s) => {
            const share = Math.round((stats.sources[s] / total) * 100);
            return (
              <li
                key={s}
                className="grid grid-cols-[9rem_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[11rem_1fr_auto]"
              >
                <span>{VISIT_SOURCE_LABELS[s]}</span>
                <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <span className="block h-full rounded-full bg-primary" style={{ width: `${share}%` }} />
                </span>
                <span className="text-right tabular-nums" data-source={s}>
                  {formatCount(stats.sources[s])} <span className="text-muted-foreground">({share}%)</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
