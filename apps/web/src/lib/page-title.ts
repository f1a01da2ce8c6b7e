import { pathOf } from './active-route';

/**
 * Each screen's document title, in the player's language: the key of its
 * name in `common:pages`, from its path. Unknown paths (Not Found) keep the brand alone.
 */
export function pageTitleKey(path: string): string | null {
  const p = pathOf(path);
  const fixed: Record<string, string> = {
    '/': 'home',
    '/login': 'login',
    '/register': 'register',
    '/player': 'player',
    '/player/bank': 'bank',
    '/player/limits': 'limits',
    '/player/deposit': 'deposit',
    '/player/deposit/history': 'deposit_history',
    '/player/withdraw': 'withdraw',
    '/player/withdraw/history': 'withdraw_history',
    '/player/promotion': 'promotion',
    '/player/promotion/history': 'promotion_history',
  };
  if (fixed[p]) return `pages.${fixed[p]}`;
  const game = /^\/player\/game\/([a-z_]+)$/.exec(p);
  if (game) return `pages.game_${game[1]}`;
  if (/^\/player\/promotion\/[^/]+$/.test(p)) return 'pages.promotion_detail';
  return null;
}

/** "<screen> · <brand>", or the brand alone. */
export function pageTitle(t: (key: string) => string, path: string): string {
  const key = pageTitleKey(path);
  return key ? `${t(key)} · ${t('brand')}` : t('brand');
}
