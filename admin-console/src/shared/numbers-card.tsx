import { Box, Card, CardContent, Grid, LinearProgress, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import {
  STATS_MEASURE_LABELS,
  STATS_MEASURES,
  VISIT_SOURCE_LABELS,
  VISIT_SOURCES,
  formatCount,
  formatDay,
  type CreatorStats,
  type StatsMeasure,
} from '@local-creators/common';

const BAR = 4;
const HEIGHT = 48;

/** "Profile views per day, August 29 to November 26, 2026: 14 in all, the most on November 20 (5)." */
function chartSummary(stats: CreatorStats, measure: StatsMeasure) {
  const label = STATS_MEASURE_LABELS[measure];
  const range = `${formatDay(stats.from).replace(/, \d{4}$/, '')} to ${formatDay(stats.to)}`;
  const total = stats.totals[measure];
  if (total === 0) return `${label} per day, ${range}: none yet.`;
  const best = stats.days.reduce((a, b) => (b[measure] > a[measure] ? b : a));
  return `${label} per day, ${range}: ${formatCount(total)} in all, the most on ${formatDay(best.day)} (${formatCount(best[measure])}).`;
}

/** One measure per day as bars: an inline SVG that names what it shows. */
function DayChart({ stats, measure, idPrefix }: { stats: CreatorStats; measure: StatsMeasure; idPrefix: string }) {
  const theme = useTheme();
  const max = Math.max(1, ...stats.days.map((d) => d[measure]));
  const id = `${idPrefix}-chart-${measure}`;
  const width = stats.days.length * BAR;
  return (
    <svg
      role="img"
      aria-labelledby={id}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      preserveAspectRatio="none"
      style={{ display: 'block', width: '100%', height: 48 }}
    >
      <title id={id}>{chartSummary(stats, measure)}</title>
      <rect x={0} y={HEIGHT - 1} width={width} height={1} fill={theme.palette.divider} />
      {stats.days.map((d, i) =>
        d[measure] > 0 ? (
          <rect
            key={d.day}
            x={i * BAR + 0.5}
            width={BAR - 1}
            y={HEIGHT - (d[measure] / max) * HEIGHT}
            height={(d[measure] / max) * HEIGHT}
            fill={theme.palette.primary.main}
          />
        ) : null,
      )}
    </svg>
  );
}

/**
 * The creator's numbers for admins (decision 0820): one creator's on their record, or a city's
 * totals on the dashboard. 90 days, a chart per day of each measure, and the views' sources.
 */
export function NumbersCard({
  title,
  stats,
  loading,
  idPrefix,
}: {
  title: string;
  stats: CreatorStats | undefined;
  loading?: boolean;
  idPrefix: string;
}) {
  const views = stats?.totals.views ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${idPrefix}-title`}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id={`${idPrefix}-title`}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {stats ? `The last 90 days, ${formatDay(stats.from)} to ${formatDay(stats.to)}` : 'The last 90 days'}
          {stats?.creators !== undefined
            ? `, over ${formatCount(stats.creators)} creator${stats.creators === 1 ? '' : 's'}`
            : ''}
          . Search engines and creators' own visits are not counted.
        </Typography>
        {!stats && loading && <Skeleton variant="rounded" height={160} />}
        {stats && (
          <>
            <Grid
              container
              spacing={1.5}
              component="ul"
              aria-label="Totals for the last 90 days"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {STATS_MEASURES.map((m, i) => (
                // An odd last total takes the whole row rather than sitting alone in half of it.
                <Grid
                  key={m}
                  size={{ xs: 12, sm: i === STATS_MEASURES.length - 1 && i % 2 === 0 ? 12 : 6 }}
                  component="li"
                >
                  <Box
                    sx={{
                      border: 1,
                      borderColor: 'divider',
                      borderRadius: 2,
                      p: 1.5,
                      height: '100%',
                      display: 'flex',
                      flexDirection: 'column',
                      justifyContent: 'space-between',
                    }}
                  >
                    <Typography variant="body2" color="text.secondary">
                      {STATS_MEASURE_LABELS[m]}
                    </Typography>
                    <Typography variant="h5" component="p" sx={{ fontWeight: 700, mb: 1 }} data-total={m}>
                      {formatCount(stats.totals[m])}
                    </Typography>
                    <DayChart stats={stats} measure={m} idPrefix={idPrefix} />
                  </Box>
                </Grid>
              ))}
            </Grid>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
              Where visitors came from
            </Typography>
            {views === 0 ? (
              <Typography variant="body2" color="text.secondary">
                No profile views yet.
              </Typography>
            ) : (
              <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {VISIT_SOURCES.map((s) => {
                  const share = Math.round((stats.sources[s] / views) * 100);
                  return (
                    <Stack key={s} component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" sx={{ width: 150, flexShrink: 0 }}>
                        {VISIT_SOURCE_LABELS[s]}
                      </Typography>
                      <LinearProgress
                        variant="determinate"
                        value={share}
                        aria-hidden
                        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
                      />
                      <Typography variant="body2" sx={{ minWidth: 72, textAlign: 'right' }} data-source={s}>
                        {formatCount(stats.sources[s])} ({share}%)
                      </Typography>
                    </Stack>
                  );
                })}
              </Stack>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
