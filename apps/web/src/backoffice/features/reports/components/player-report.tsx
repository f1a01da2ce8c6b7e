import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAYER_REPORT_SORTS, type PlayerReportSort } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { CallError } from '@/backoffice/components/call-error';
import { MoreButton } from '@/backoffice/components/more-button';
import { StaffLink, playerPath } from '@/backoffice/lib/staff-link';
import { playerReportQueryOptions } from '../api/get-player-report';
import { ReportHead, FIGURE_COLUMNS, FigureCells, FigureHeads, type ShownFrom } from './report-parts';

/** What a phone shows of a player's line (the player and the net); the rest from wider screens up. */
const SHOWN_FROM: ShownFrom = {
  deposits: 'hidden sm:table-cell',
  deposits_credit: 'hidden 2xl:table-cell',
  withdrawals: 'hidden sm:table-cell',
  withdrawals_credit: 'hidden 2xl:table-cell',
  bonus: 'hidden lg:table-cell',
  bonus_lak: 'hidden md:table-cell',
};

/** Per player by net, keyset-paged, searched by username prefix (decision 182); each links to the player. */
export function PlayerReport({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('reports');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState<PlayerReportSort>('net_desc');
  const list = useInfiniteQuery(playerReportQueryOptions({ from, to, q, sort }));
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  const columns = FIGURE_COLUMNS.length + 1;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="report-players-heading" data-testid="report-players">
      <ReportHead kind="players" heading={t('players.heading')} from={from} to={to} extra={{ q, sort }} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <form role="search" onSubmit={submit} className="flex flex-1 gap-2" data-testid="report-players-search">
          <Input
            aria-label={t('players.query')}
            placeholder={t('players.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1"
            name="q"
            autoCapitalize="none"
          />
          <Button type="submit">{t('players.search')}</Button>
        </form>
        <Select
          aria-label={t('players.sort')}
          value={sort}
          onValueChange={(v) => setSort(v as PlayerReportSort)}
          options={PLAYER_REPORT_SORTS.map((s) => ({ value: s, label: t(`players.sorts.${s}`) }))}
          className="sm:w-60"
        />
      </div>
      <Table aria-label={t('players.heading')} data-testid="report-players-table" fits>
        <THead>
          <tr>
            <Th>{t('columns.player')}</Th>
            <FigureHeads shownFrom={SHOWN_FROM} />
          </tr>
        </THead>
        <TBody>
          {list.isPending ? (
            <EmptyRow colSpan={columns}>
              <Spinner className="mx-auto h-6 w-6" />
            </EmptyRow>
          ) : list.isError ? (
            <EmptyRow colSpan={columns}>
              <CallError error={list.error} reason testId="report-players-error" />
            </EmptyRow>
          ) : rows.length === 0 ? (
            <EmptyRow colSpan={columns}>{q ? t('players.none', { q }) : t('players.empty')}</EmptyRow>
          ) : (
            rows.map((r) => (
              <Tr key={r.playerId} data-testid="report-player-row" data-username={r.username}>
                <Td className="max-w-[12rem] truncate">
                  <StaffLink to={playerPath(r.playerId)} className="font-medium text-amber-300 underline-offset-2 hover:underline">
                    {r.username}
                  </StaffLink>
                </Td>
                <FigureCells figures={r} shownFrom={SHOWN_FROM} />
              </Tr>
            ))
          )}
        </TBody>
      </Table>
      <MoreButton list={list} label={t('players.more')} testId="report-players-more" />
    </section>
  );
}
