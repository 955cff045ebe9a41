import type { DashboardDay } from '@p2p/shared';
import { type RefObject, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type Translate, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { TableWrap } from './common';

/** Whole units of a decimal string, for plotting only (the figures shown as text stay exact). */
function plotValue(decimal: string | undefined): number {
  return Number((decimal ?? '0').split('.')[0]);
}

/**
 * Daily completed trades (bars) and fiat volume (line) over the dashboard's 14 days, drawn by
 * uPlot; the same figures are in the table under it for screen readers and exact reading.
 */
export function DailyChart({ days, fiat }: { days: DashboardDay[]; fiat: string }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useDailyPlot(box, days, fiat);
  return (
    <div className="bo-chart">
      <div ref={box} className="bo-chart__plot" aria-hidden="true" data-testid="daily-chart" />
      <details>
        <summary>{t('bo.dash.chartTable')}</summary>
        <DailyTable days={days} fiat={fiat} />
      </details>
    </div>
  );
}

/** The plot in `box`, as wide as the box (280 px at least), redrawn when the data or language change. */
function useDailyPlot(box: RefObject<HTMLDivElement | null>, days: DashboardDay[], fiat: string) {
  const t = useT();
  const fmt = useFormat();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [
      xs,
      days.map((d) => d.trades),
      days.map((d) => plotValue(d.volumeFiat[fiat])),
    ];
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot({ width: width(), height: 260, ...plotOptions(fiat, t, fmt) }, data, el);
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [box, days, fiat, t, fmt]);
}

/** Legend, series and axes, each date and label in the UI language. */
function plotOptions(fiat: string, t: Translate, fmt: ReturnType<typeof useFormat>) {
  const tick = new Intl.DateTimeFormat(fmt.lang, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
  // Midday UTC of the plotted day, so every time zone names the same date.
  const dayLabel = (seconds: number) =>
    fmt.date(new Date(seconds * 1000 + 12 * 3600_000).toISOString(), 'short');
  return {
    legend: { show: true },
    scales: { x: { time: true }, trades: { auto: true }, volume: { auto: true } },
    series: [
      // The legend's date in the UI language (uPlot's own label is an English "Time").
      {
        label: t('bo.dash.day'),
        value: (_plot, seconds) => (seconds == null ? '—' : dayLabel(seconds)),
      },
      {
        label: t('bo.dash.chartTrades'),
        scale: 'trades',
        stroke: '#1a6fb0',
        fill: 'rgba(26,111,176,0.25)',
        paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
      },
      {
        label: t('bo.dash.chartVolume', { currency: fiat }),
        scale: 'volume',
        stroke: '#0b7a43',
        width: 2,
      },
    ],
    axes: [
      // Day labels in the UI language (uPlot's own are US month/day).
      { values: (_plot, splits) => splits.map((seconds) => tick.format(seconds * 1000)) },
      { scale: 'trades', label: t('bo.dash.chartTrades') },
      { scale: 'volume', side: 1, grid: { show: false }, size: 70 },
    ],
  } satisfies Omit<uPlot.Options, 'width' | 'height'>;
}

/** The chart's figures as a table: each day's trades and volume. */
function DailyTable({ days, fiat }: { days: DashboardDay[]; fiat: string }) {
  const t = useT();
  const fmt = useFormat();
  return (
    <TableWrap label={t('bo.dash.chart')}>
      <table className="bo-table">
        <caption className="sr-only">{t('bo.dash.chart')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bo.dash.day')}</th>
            <th scope="col" className="num">
              {t('bo.dash.chartTrades')}
            </th>
            <th scope="col" className="num">
              {t('bo.dash.chartVolume', { currency: fiat })}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{fmt.date(`${d.date}T12:00:00Z`, 'short')}</th>
              <td className="num">{d.trades}</td>
              <td className="num">{fmt.fiat(d.volumeFiat[fiat] ?? '0', fiat)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
