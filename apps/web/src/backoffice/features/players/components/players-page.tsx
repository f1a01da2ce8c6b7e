import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PLAYER_SEARCH_FIELDS, type PlayerSearchField } from '@app/contracts';
import type { PlayersSearch as Search } from '../lib/players-search';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th, Tr } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { playerSearchQueryOptions } from '@/backoffice/features/players/api/search-players';
import { BASE, StaffLink, playerPath, playersPath } from '@/backoffice/lib/staff-link';

/** Players: one field searched at a time (a prefix, or a fingerprint exactly); the newest with nothing typed. */
export function PlayersPage() {
  const { t } = useTranslation('players');
  // not strict: a page being left may render once more without its match (decision 018)
  const search = useSearch({ strict: false }) as Partial<Search>;
  const by = search.by ?? 'username';
  const q = search.q ?? '';
  const router = useRouter();
  const [field, setField] = useState<PlayerSearchField>(by);
  const [text, setText] = useState(q);
  const results = useInfiniteQuery(playerSearchQueryOptions(by, q));
  const rows = results.data?.pages.flatMap((p) => p.items) ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void router.navigate({ href: `${BASE}${playersPath(field, text.trim())}` });
  };
  return (
    <section className="flex flex-col gap-4" data-testid="players-page">
      <h1 className="text-xl font-bold">{t('players.heading')}</h1>
      <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" data-testid="players-search">
        <Select
          aria-label={t('players.by')}
          value={field}
          onValueChange={(v) => setField(v as PlayerSearchField)}
          options={PLAYER_SEARCH_FIELDS.map((f) => ({ value: f, label: t(`players.fields.${f}`) }))}
          className="sm:w-56"
        />
        <Input
          aria-label={t('players.query')}
          placeholder={t(`players.placeholder.${field}`)}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="flex-1"
          name="q"
        />
        <Button type="submit">{t('players.search')}</Button>
      </form>
      <div className="overflow-x-auto">
        <Table aria-label={t('players.heading')} data-testid="players-results" fits>
          <THead>
            <tr>
              <Th>{t('players.username')}</Th>
              <Th className="hidden sm:table-cell">{t('players.displayName')}</Th>
              <Th>{t('players.status')}</Th>
              <Th className="hidden md:table-cell">{t('players.bankAccount')}</Th>
              <Th className="hidden md:table-cell">{t('players.createdAt')}</Th>
            </tr>
          </THead>
          <TBody>
            {results.isPending ? (
              <EmptyRow colSpan={5}>
                <Spinner className="mx-auto h-6 w-6" />
              </EmptyRow>
            ) : results.isError ? (
              <EmptyRow colSpan={5}>
                <span role="alert" className="text-red-300">
                  {t(staffErrorKey(results.error))}
                </span>
              </EmptyRow>
            ) : rows.length === 0 ? (
              <EmptyRow colSpan={5}>{q ? t('players.none', { q }) : t('players.empty')}</EmptyRow>
            ) : (
              rows.map((p) => (
                <Tr key={p.id} data-testid="player-row" data-username={p.username}>
                  <Td>
                    <StaffLink to={playerPath(p.id)} className="font-medium text-amber-300 underline-offset-2 hover:underline">
                      {p.username}
                    </StaffLink>
                  </Td>
                  <Td className="hidden sm:table-cell">{p.displayName}</Td>
                  <Td>
                    <Badge tone={p.status === 'blocked' ? 'red' : 'green'}>{t(`players.statuses.${p.status}`)}</Badge>
                  </Td>
                  <Td className="hidden font-mono md:table-cell">{p.bankAccountNumber ?? '—'}</Td>
                  <Td className="hidden md:table-cell">{formatDateTime(p.createdAt)}</Td>
                </Tr>
              ))
            )}
          </TBody>
        </Table>
      </div>
      {results.hasNextPage && (
        <Button variant="outline" onClick={() => void results.fetchNextPage()} loading={results.isFetchingNextPage} className="self-center">
          {t('common:actions.more')}
        </Button>
      )}
    </section>
  );
}
