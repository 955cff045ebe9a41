import type { ReserveSnapshotSummary } from '@p2p/shared';

const COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#db2777'];
const W = 600;
const H = 200;
const PAD = 24;

/** One line per coin: what it is plotted against. */
export interface ChartSeries {
  coin: string;
  points: { at: number; value: number }[];
}

/**
 * The history of published snapshots as lines, oldest left (inline SVG, no chart library): per
 * coin the coverage (held / owed) where it is known, else what is owed relative to its largest.
 */
export function seriesOf(history: ReserveSnapshotSummary[]): {
  kind: 'ratio' | 'owed';
  series: ChartSeries[];
} {
  const ordered = [...history].reverse();
  const coins = ordered[0]?.coins.map((c) => c.coin) ?? [];
  const withRatio = ordered.some((s) => s.coins.some((c) => c.ratio !== null));
  const series = coins.map((coin) => {
    const values = ordered.map((s) => {
      const c = s.coins.find((x) => x.coin === coin);
      return {
        at: Date.parse(s.takenAt),
        value: withRatio ? Number(c?.ratio ?? Number.NaN) : Number(c?.owed ?? 0),
      };
    });
    if (withRatio) return { coin, points: values.filter((p) => Number.isFinite(p.value)) };
    const max = Math.max(...values.map((p) => p.value), 0);
    return { coin, points: values.map((p) => ({ at: p.at, value: max > 0 ? p.value / max : 0 })) };
  });
  return {
    kind: withRatio ? 'ratio' : 'owed',
    series: series.filter((s) => s.points.some((p) => p.value > 0)),
  };
}

export function HistoryChart({ history, label }: { history: ReserveSnapshotSummary[]; label: string }) {
  const { series } = seriesOf(history);
  const all = series.flatMap((s) => s.points);
  if (all.length < 2) return null;
  const t0 = Math.min(...all.map((p) => p.at));
  const t1 = Math.max(...all.map((p) => p.at));
  const top = Math.max(1, ...all.map((p) => p.value));
  const x = (at: number) => PAD + ((at - t0) / Math.max(1, t1 - t0)) * (W - 2 * PAD);
  const y = (v: number) => H - PAD - (v / top) * (H - 2 * PAD);
  return (
    <figure>
      <svg className="reserves__chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <line x1={PAD} y1={y(1)} x2={W - PAD} y2={y(1)} stroke="#9ca3af" strokeDasharray="4 4" />
        {series.map((s, i) => (
          <polyline
            key={s.coin}
            fill="none"
            stroke={COLORS[i % COLORS.length]}
            strokeWidth={2}
            points={s.points.map((p) => `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="muted">
        {series.map((s, i) => (
          <span key={s.coin} style={{ color: COLORS[i % COLORS.length], marginRight: '0.75rem' }}>
            ● {s.coin}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
