import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardDay } from '@app/contracts';
import { formatDecimal } from '@/lib/format';
import { formatDay } from '@/backoffice/lib/dates';

const HEIGHT = 240;
/** the kip axis's width, and the room one day's label ("11/24", "24/11") needs */
const Y_AXIS_PX = 70;
const LABEL_PX = 48;
// the same hues as the figures' cards, readable on the dark background
const SERIES: readonly { key: string; stroke: string; kip: (d: DashboardDay) => string }[] = [
  { key: 'deposits', stroke: '#34d399', kip: (d) => d.deposits.amount },
  { key: 'withdrawals', stroke: '#f87171', kip: (d) => d.withdrawalsPaid.amount },
  { key: 'net', stroke: '#fbbf24', kip: (d) => d.net },
];

/**
 * The 15 days as three lines of kip (deposits, withdrawals paid, net), drawn by uPlot (decision 053)
 * into a canvas as wide as its box, redrawn when the box resizes or the language changes. The canvas
 * is a picture for the eye; the same figures are in the table beside it for a screen reader.
 */
export function DayChart({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useTranslation('money');
  const box = useRef<HTMLDivElement>(null);
  const lng = i18n.language;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const labels = days.map((d) => formatDay(d.day));
    // a float only for where the canvas draws a point: every figure written out is formatted from its decimal string
    const data: uPlot.AlignedData = [days.map((_, i) => i), ...SERIES.map((s) => days.map((d) => Number(s.kip(d))))];
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        scales: { x: { time: false } },
        // the lines' names and colours; the figures are in the table below (a live legend showed empty values until hovered)
        legend: { show: true, live: false },
        cursor: { points: { size: 6 } },
        axes: [
          {
            stroke: '#cbd5e1',
            grid: { stroke: '#1e293b' },
            ticks: { stroke: '#334155' },
            splits: () => days.map((_, i) => i),
            // a day's label every `every` days counted back from today (always labelled): as many as the width holds
            values: (u, splits) => {
              const every = Math.max(1, Math.ceil((days.length * LABEL_PX) / Math.max(u.width - Y_AXIS_PX, 1)));
              return splits.map((i) => ((days.length - 1 - i) % every === 0 ? (labels[i] ?? '') : ''));
            },
          },
          {
            stroke: '#cbd5e1',
            grid: { stroke: '#1e293b' },
            ticks: { stroke: '#334155' },
            size: Y_AXIS_PX,
            values: (_u, splits) => splits.map((v) => new Intl.NumberFormat(lng === 'en' ? 'en' : 'lo', { notation: 'compact' }).format(v)),
          },
        ],
        series: [
          { label: t('chart.day'), value: (_u, i) => (i == null ? '' : (labels[i] ?? '')) },
          ...SERIES.map((s) => ({
            label: t(`chart.${s.key}`),
            stroke: s.stroke,
            width: 2,
            points: { show: true, size: 5, fill: s.stroke },
            value: (_u: uPlot, _v: number | null, _s: number, i: number | null) => {
              const day = i == null ? undefined : days[i];
              return day ? formatDecimal(s.kip(day), 0) : '';
            },
          })),
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, lng, t]);

  return <div ref={box} className="bo-chart w-full" data-testid="dashboard-chart" role="img" aria-label={t('chart.label')} />;
}
