import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KeysetPage } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { staffErrorKey } from '@/backoffice/lib/errors';

/**
 * Newer and older pages of a keyset list (decision 058): `cursors` are those walked so far (the last
 * one reads the page shown), `nextCursor` the one the page answered (null on the last page).
 */
export function KeysetPager({
  cursors,
  nextCursor,
  onChange,
  newer,
  older,
  olderTestId,
}: {
  cursors: string[];
  nextCursor: string | null | undefined;
  onChange: (cursors: string[]) => void;
  newer: string;
  older: string;
  olderTestId: string;
}) {
  return (
    <div className="flex justify-between gap-2">
      <Button variant="outline" disabled={cursors.length === 0} onClick={() => onChange(cursors.slice(0, -1))}>
        {newer}
      </Button>
      <Button
        variant="outline"
        disabled={!nextCursor}
        onClick={() => nextCursor && onChange([...cursors, nextCursor])}
        data-testid={olderTestId}
      >
        {older}
      </Button>
    </div>
  );
}

/**
 * A page of a keyset list as the back office shows one: waiting, its error, its empty text or its
 * rows (one `<li>` each, drawn by `row`), then the pager. `ns` holds `empty`, `newer` and `older`.
 */
export function KeysetList<T extends { id: string }>({
  ns,
  page,
  cursors,
  onChange,
  testId,
  row,
}: {
  ns: string;
  page: UseQueryResult<KeysetPage<T>>;
  cursors: string[];
  onChange: (cursors: string[]) => void;
  /** `<testId>-empty` and `<testId>-older` */
  testId: string;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      {page.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : page.isError ? (
        <p role="alert" className="text-red-300">
          {t(staffErrorKey(page.error))}
        </p>
      ) : page.data.items.length === 0 ? (
        <p className="text-slate-400" data-testid={`${testId}-empty`}>
          {t('empty')}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">{page.data.items.map(row)}</ol>
      )}
      <KeysetPager
        cursors={cursors}
        nextCursor={page.data?.nextCursor}
        onChange={onChange}
        newer={t('newer')}
        older={t('older')}
        olderTestId={`${testId}-older`}
      />
    </>
  );
}
