import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';

/** The history routes, paged by ?page&pageSize. */
export type HistoryRoute = '/player/deposit/history' | '/player/withdraw/history' | '/player/promotion/history';

/** Previous / "page n of m" / next under a history; shown only when there is more than one page (or a page past the first). */
export function HistoryPager({
  ns,
  to,
  page,
  pageSize,
  pages,
}: {
  ns: string;
  to: HistoryRoute;
  page: number;
  pageSize: number;
  pages: number;
}) {
  const { t } = useTranslation(ns);
  if (pages <= 1 && page <= 1) return null;
  const link = (target: number, label: string, disabled: boolean) => (
    <Link
      to={to}
      search={{ page: target, pageSize }}
      disabled={disabled}
      className={buttonClass('outline', 'sm', disabled ? 'pointer-events-none opacity-50' : undefined)}
    >
      {label}
    </Link>
  );
  return (
    <nav className="flex items-center justify-between gap-2 text-sm text-slate-300" aria-label={t('history.pages')}>
      {link(page - 1, t('history.previous'), page <= 1)}
      <span>{t('history.page', { page, pages })}</span>
      {link(page + 1, t('history.next'), page >= pages)}
    </nav>
  );
}
