import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BANK_CODES } from '@app/contracts/banks';
import { BankLogo } from '@/components/ui/bank-logo';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BankIcon, ChatIcon, DepositIcon } from '@/components/ui/icons';

const FEATURES = [
  { key: 'qr', Icon: DepositIcon },
  { key: 'withdraw', Icon: BankIcon },
  { key: 'support', Icon: ChatIcon },
] as const;

const PROVIDERS = ['Alphabet', 'AskMeBet', 'GClub', 'GClub Live', 'Betflix'] as const;

/** The visitor's home: what the site does, and the way in. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-10">
      <section className="relative overflow-hidden rounded-3xl border border-amber-400/20 bg-gradient-to-br from-amber-500/20 via-slate-900 to-slate-950 px-5 py-10 sm:px-10 sm:py-14">
        <div
          className="pointer-events-none absolute -top-20 -right-20 h-64 w-64 rounded-full bg-amber-400/20 blur-3xl"
          aria-hidden="true"
        />
        <h1 className="max-w-2xl text-3xl leading-tight font-bold text-white sm:text-4xl">{t('home.title')}</h1>
        <p className="mt-4 max-w-xl text-base text-slate-200 sm:text-lg">{t('home.subtitle')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/register" className={buttonClass('primary', 'lg')} data-testid="home-register">
            {t('home.cta_register')}
          </Link>
          <Link to="/login" className={buttonClass('outline', 'lg')}>
            {t('home.cta_login')}
          </Link>
        </div>
        <ul className="mt-8 flex flex-wrap gap-2" aria-label={t('footer.banks')}>
          {BANK_CODES.map((b) => (
            <li key={b}>
              <BankLogo bank={b} className="h-8 w-8" title={t(`banks.${b}`)} />
            </li>
          ))}
        </ul>
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <Card key={key}>
            <Icon className="h-8 w-8 text-amber-300" />
            <h2 className="mt-3 text-lg font-semibold text-white">{t(`home.feature_${key}_title`)}</h2>
            <p className="mt-1 text-sm text-slate-300">{t(`home.feature_${key}_text`)}</p>
          </Card>
        ))}
      </section>
      <section>
        <h2 className="mb-4 text-xl font-semibold text-white">{t('home.providers')}</h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {PROVIDERS.map((p) => (
            <li key={p} className="rounded-2xl border border-slate-800 bg-slate-900 px-4 py-5 text-center font-semibold text-amber-200">
              {p}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
