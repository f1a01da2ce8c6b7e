import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReportFigures } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { CallError } from '@/backoffice/components/call-error';
import { providerReportQueryOptions } from '../api/get-provider-report';
import { ReportHead, FIGURE_COLUMNS, FigureCells, FigureHeads, figureCell, netTone } from './report-parts';

/** On a phone: a card per provider, its figures in two columns (the table needs a wide screen). */
function ProviderCard({ name, figures, testId }: { name: string; figures: ReportFigures; testId: string }) {
  const { t } = useTranslation('reports');
  return (
    <Card className="p-3 sm:p-3" data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold text-white">{name}</h3>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {FIGURE_COLUMNS.map((column) => {
          const { text, count } = figureCell(figures, column);
          return (
            <div key={column} className="flex min-w-0 flex-col">
              <dt className="text-xs text-slate-400">{t(`columns.${column}`)}</dt>
              <dd className={`font-semibold break-words text-slate-100 tabular-nums ${column === 'net' ? netTone(figures.net) : ''}`}>
                {text}
                {count !== undefined && <span className="font-normal text-slate-400"> ({count})</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}

/** Per game provider over the range, then the agency's total (decision 182); a table from `sm`, cards below. */
export function ProviderReport({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('reports');
  const report = useQuery(providerReportQueryOptions(from, to));
  const name = (id: string) => t(`common:providers.${id}`, { defaultValue: id });
  return (
    <section className="flex flex-col gap-3" aria-labelledby="report-providers-heading" data-testid="report-providers">
      <ReportHead kind="providers" heading={t('providers.heading')} from={from} to={to} />
      {report.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : report.isError ? (
        <CallError error={report.error} reason testId="report-providers-error" />
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:hidden" data-testid="report-provider-cards">
            {report.data.rows.map((r) => (
              <ProviderCard key={r.providerId} name={name(r.providerId)} figures={r} testId="report-provider-card" />
            ))}
            <ProviderCard name={t('total')} figures={report.data.total} testId="report-provider-total-card" />
          </div>
          <div className="hidden sm:block">
            <Table aria-label={t('providers.heading')}>
              <THead>
                <tr>
                  <Th>{t('columns.provider')}</Th>
                  <FigureHeads />
                </tr>
              </THead>
              <TBody>
                {report.data.rows.length === 0 && <EmptyRow colSpan={8}>{t('providers.empty')}</EmptyRow>}
                {report.data.rows.map((r) => (
                  <Tr key={r.providerId} data-testid="report-provider-row" data-provider={r.providerId}>
                    <Td>{name(r.providerId)}</Td>
                    <FigureCells figures={r} />
                  </Tr>
                ))}
                <tr className="border-t-2 border-slate-600 bg-slate-800/60 font-semibold" data-testid="report-provider-total">
                  <Td>{t('total')}</Td>
                  <FigureCells figures={report.data.total} />
                </tr>
              </TBody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}
