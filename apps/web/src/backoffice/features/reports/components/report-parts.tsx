import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportFigures, ReportKind } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Td, Th } from '@/components/ui/table';
import { formatDecimal } from '@/lib/format';
import { CallError } from '@/backoffice/components/call-error';
import { downloadReport } from '../api/download-report';

/** Kip as the dashboard writes it: whole, grouped. */
export const kip = (value: string) => formatDecimal(value, 0);
/** Baht with its two decimals, grouped. */
export const thb = (value: string) => formatDecimal(value, 2);
/** A net below zero reads red, as on the dashboard. */
export const netTone = (net: string) => (net.startsWith('-') ? 'text-red-300' : '');

/** The columns of a report after its first, in the CSV's order: their keys in `reports:columns` and their cells. */
export const FIGURE_COLUMNS = ['deposits', 'deposits_credit', 'withdrawals', 'withdrawals_credit', 'bonus', 'bonus_lak', 'net'] as const;
export type FigureColumn = (typeof FIGURE_COLUMNS)[number];

export function figureCell(f: ReportFigures, column: FigureColumn): { text: string; count?: number } {
  switch (column) {
    case 'deposits':
      return { text: kip(f.deposits.amountLak), count: f.deposits.count };
    case 'deposits_credit':
      return { text: thb(f.deposits.creditThb) };
    case 'withdrawals':
      return { text: kip(f.withdrawals.amountLak), count: f.withdrawals.count };
    case 'withdrawals_credit':
      return { text: thb(f.withdrawals.creditThb) };
    case 'bonus':
      return { text: thb(f.bonus.thb) };
    case 'bonus_lak':
      return { text: kip(f.bonus.lak) };
    case 'net':
      return { text: kip(f.net) };
  }
}

/** A report's CSV: fetched and saved whole, or the server's refusal said under the button (decision 082). */
export function CsvButton({ kind, from, to, extra }: { kind: ReportKind; from: string; to: string; extra?: Record<string, string> }) {
  const { t } = useTranslation('reports');
  const download = useMutation({ mutationFn: () => downloadReport(kind, from, to, extra) });
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        loading={download.isPending}
        onClick={() => !download.isPending && download.mutate()}
        data-testid={`report-${kind}-csv`}
      >
        {t('csv')}
      </Button>
      <CallError error={download.error} reason testId={`report-${kind}-csv-error`} />
    </div>
  );
}

/** Which figure columns show from which width (Tailwind classes); every one when not given. */
export type ShownFrom = Partial<Record<FigureColumn, string>>;

/** The figure columns' headers of a report table. */
export function FigureHeads({ shownFrom = {} }: { shownFrom?: ShownFrom }) {
  const { t } = useTranslation('reports');
  return FIGURE_COLUMNS.map((c) => (
    <Th key={c} className={`text-right ${shownFrom[c] ?? ''}`}>
      {t(`columns.${c}`)}
    </Th>
  ));
}

/** A row's figures, one cell each: kip with its count of orders, baht, the net in bold (red below zero). */
export function FigureCells({ figures, shownFrom = {} }: { figures: ReportFigures; shownFrom?: ShownFrom }) {
  return FIGURE_COLUMNS.map((column) => {
    const { text, count } = figureCell(figures, column);
    const net = column === 'net' ? `font-semibold ${netTone(figures.net)}` : '';
    return (
      <Td key={column} className={`text-right tabular-nums ${shownFrom[column] ?? ''} ${net}`}>
        {text}
        {count !== undefined && <span className="text-slate-400"> ({count})</span>}
      </Td>
    );
  });
}

/** A report's heading (the section's name, `report-<kind>-heading`) with its CSV button beside it. */
export function ReportHead({
  kind,
  heading,
  from,
  to,
  extra,
}: {
  kind: ReportKind;
  heading: string;
  from: string;
  to: string;
  extra?: Record<string, string>;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <h2 id={`report-${kind}-heading`} className="text-base font-semibold text-slate-200">
        {heading}
      </h2>
      <CsvButton kind={kind} from={from} to={to} extra={extra} />
    </div>
  );
}
