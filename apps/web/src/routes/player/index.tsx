import type { ComponentType, SVGProps } from 'react';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PROVIDER_IDS } from '@app/contracts/providers';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BankIcon, DepositIcon, GameIcon, WithdrawIcon } from '@/components/ui/icons';
import { PageHeading } from '@/components/ui/page-heading';
import { useAuth } from '@/lib/api/player-info';
import { GAME_PAGES, LINK_SEARCH } from '@/features/games/game-links';
import { CreditTile } from '@/features/wallet/components/credit-tile';
import { MoveCreditButton } from '@/features/wallet/components/move-credit-button';

export const Route = createFileRoute('/player/')({ component: PlayerHome });

type QuickLink = {
  to: '/player/deposit' | '/player/withdraw' | '/player/game/alphabet' | '/player/bank';
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};
const QUICK_LINKS: readonly QuickLink[] = [
  { to: '/player/deposit', label: 'home.deposit', icon: DepositIcon },
  { to: '/player/withdraw', label: 'home.withdraw', icon: WithdrawIcon },
  { to: '/player/game/alphabet', label: 'home.games', icon: GameIcon },
  { to: '/player/bank', label: 'home.bank', icon: BankIcon },
];

/** The player's home: credit at each provider and the ways to deposit, withdraw and play. */
function PlayerHome() {
  const { t } = useTranslation(['wallet', 'common']);
  const { player, info } = useAuth();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>{player ? t('common:player.welcome', { name: player.displayName }) : t('common:pages.player')}</PageHeading>

      <nav aria-label={t('home.quick_links')} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {QUICK_LINKS.map(({ to, label, icon: Icon }) => (
          <Link key={to} to={to} className={buttonClass(to === '/player/deposit' ? 'primary' : 'secondary', 'lg', 'h-auto flex-col py-4')}>
            <Icon className="h-7 w-7" aria-hidden="true" />
            {t(label)}
          </Link>
        ))}
      </nav>

      {info && info.bankAccounts.length === 0 && (
        <Card className="flex flex-wrap items-center justify-between gap-3 border-amber-400/40">
          <span className="text-slate-200">{t('home.add_bank')}</span>
          <Link to="/player/bank" className={buttonClass('outline', 'sm')}>
            {t('home.bank')}
          </Link>
        </Card>
      )}

      <section aria-labelledby="credits-heading">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="credits-heading" className="text-lg font-semibold text-white">
            {t('home.credits')}
          </h2>
          <MoveCreditButton />
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {PROVIDER_IDS.map((provider) => (
            <CreditTile
              key={provider}
              provider={provider}
              action={
                <Link to={GAME_PAGES[provider]} search={LINK_SEARCH[provider]} className={buttonClass('outline', 'sm', 'mt-auto')}>
                  {t('home.play', { provider: t(`providers.${provider}`) })}
                </Link>
              }
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
