import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Game, ProviderId } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { RefreshIcon } from '@/components/ui/more-icons';
import { Spinner } from '@/components/ui/spinner';
import { errorKey, toastError } from '@/components/ui/toast-store';
import { currentLanguage } from '@/lib/i18n';
import { useGames } from '../api/get-games';
import { useLaunchGame } from '../api/launch-game';
import { GAME_PAGES, rawTabLabel, tabLabelKey } from '../game-links';

/** The tabs of a catalogue as links that keep `?tab=` in the URL, so a tab can be shared and reloaded. */
function GameTabs({ provider, tabs, current }: { provider: ProviderId; tabs: string[]; current: string | null }) {
  const { t } = useTranslation('wallet');
  if (tabs.length < 2) return null;
  return (
    <nav aria-label={t('games.tabs')} className="mb-4 flex gap-2 overflow-x-auto p-1">
      {tabs.map((tab) => {
        const key = tabLabelKey(tab);
        const active = tab === current;
        return (
          <Link
            key={tab}
            to={GAME_PAGES[provider]}
            search={{ tab }}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'shrink-0 rounded-full border px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
              active ? 'border-amber-400 bg-amber-400 text-slate-950' : 'border-slate-600 text-slate-200 hover:bg-slate-800',
            )}
          >
            {key ? t(key) : rawTabLabel(tab)}
          </Link>
        );
      })}
    </nav>
  );
}

function GameTile({ game, onPlay, opening, disabled }: { game: Game; onPlay: () => void; opening: boolean; disabled: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-800 bg-slate-900" data-testid="game-tile">
      {game.imageUrl ? (
        <img src={game.imageUrl} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
      ) : (
        <div className="aspect-[4/3] w-full bg-gradient-to-br from-slate-700 to-slate-900" aria-hidden="true" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-3">
        <p className="line-clamp-2 text-sm font-medium text-white">{game.name}</p>
        <Button
          size="sm"
          className="mt-auto"
          onClick={onPlay}
          loading={opening}
          disabled={disabled}
          aria-label={t('games.play_game', { game: game.name })}
        >
          {opening ? t('games.opening') : t('games.play')}
        </Button>
      </div>
    </li>
  );
}

/**
 * One tab of a provider's games. Playing asks the server for a one-time launch URL and sends the
 * browser there; the provider brings the player back to this page.
 */
export function GameCatalogue({ provider, tab }: { provider: ProviderId; tab: string | undefined }) {
  const { t } = useTranslation('wallet');
  const games = useGames(provider, tab);
  const launch = useLaunchGame(provider, {
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => toastError(err, t('games.cannot_open')),
  });
  // back from the provider through the browser's page cache: the buttons must work again
  const { reset } = launch;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && reset();
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  if (games.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  if (games.isError) {
    return (
      <Card role="alert" className="flex flex-col items-start gap-3">
        <p className="text-slate-200">{t(errorKey(games.error))}</p>
        <Button variant="outline" size="sm" onClick={() => games.refetch()}>
          <RefreshIcon className="h-4 w-4" />
          {t('games.retry')}
        </Button>
      </Card>
    );
  }
  const { tabs, tab: shown, games: list } = games.data;
  return (
    <section>
      <GameTabs provider={provider} tabs={tabs} current={shown} />
      {list.length === 0 ? (
        <p className="py-8 text-center text-slate-400">{t('games.empty')}</p>
      ) : (
        <ul className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4', games.isPlaceholderData && 'opacity-60')}>
          {list.map((game) => (
            <GameTile
              key={game.id}
              game={game}
              opening={launch.isPending && launch.variables?.gameId === game.id}
              disabled={launch.isPending || launch.isSuccess}
              onPlay={() => launch.mutate({ gameId: game.id, language: currentLanguage() })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
