import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BANK_CODES } from '@app/contracts/banks';
import { BankLogo } from '@/components/ui/bank-logo';
import { Brand } from '@/components/ui/logo';

const GAME_TYPES = ['slot', 'casino', 'sport', 'fishing', 'lottery', 'card'] as const;
/** Provider brands the promotions run on (SPEC.md §1). */
const PROMOTION_BRANDS = ['Alphabet', 'AskMeBet', 'GClub', 'GClub Live', 'Betflix'] as const;
const ABOUT = ['who', 'terms', 'privacy', 'responsible', 'support'] as const;
/** the one entry with a page behind it: responsible play leads to the player's limits */
const ABOUT_LINKS: Partial<Record<(typeof ABOUT)[number], string>> = { responsible: '/player/limits' };

interface SectionItem {
  text: string;
  href?: string | undefined;
}

function Section({ title, items }: { title: string; items: readonly (string | SectionItem)[] }) {
  return (
    <section>
      <h2 className="mb-2 text-sm font-semibold tracking-wide text-amber-300 uppercase">{title}</h2>
      <ul className="flex flex-col gap-1 text-sm text-slate-300">
        {items.map((i) => {
          const { text, href } = typeof i === 'string' ? { text: i, href: undefined } : i;
          return (
            <li key={text}>
              {href ? (
                <Link to={href} className="underline underline-offset-4 hover:text-amber-300">
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Banks() {
  const { t } = useTranslation();
  return (
    <section>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-amber-300 uppercase">{t('footer.banks')}</h2>
      <ul className="grid grid-cols-2 gap-3 min-[769px]:grid-cols-3 xl:grid-cols-6">
        {BANK_CODES.map((b) => (
          <li
            key={b}
            className="flex items-center gap-2 rounded-xl bg-slate-900 p-2 text-xs text-slate-200"
            data-testid={`footer-bank-${b}`}
          >
            <BankLogo bank={b} />
            <span>{t(`banks.${b}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Not interactive (SPEC.md §1), but for the responsible-play entry. Mobile layout up to 768 px, desktop from
 * 769 px (SPEC.md §9): one tree whose grid changes at 769 px, not two copies of which CSS hides one (the
 * footer is drawn after the page, in a task of its own on a slow phone: half the elements to make and lay out).
 */
export function Footer() {
  const { t } = useTranslation();
  const games = GAME_TYPES.map((g) => t(`footer.game_type.${g}`));
  const about = ABOUT.map((a) => ({ text: t(`footer.about.${a}`), href: ABOUT_LINKS[a] }));
  const copyright = t('footer.copyright', { year: new Date().getFullYear() });
  return (
    <footer className="mt-12 border-t border-slate-800 bg-slate-950 pb-24 min-[577px]:pb-6" data-testid="footer">
      <div className="px-4 py-8 min-[769px]:mx-auto min-[769px]:max-w-6xl min-[769px]:px-6 min-[769px]:py-10">
        <div className="grid grid-cols-2 gap-6 min-[769px]:grid-cols-4 min-[769px]:gap-8">
          <div className="col-span-2 min-[769px]:col-span-1">
            <Brand />
            <p className="mt-3 hidden text-sm text-slate-400 min-[769px]:block">{t('home.subtitle')}</p>
          </div>
          <Section title={t('footer.game_types')} items={games} />
          <Section title={t('footer.promotion_brands')} items={PROMOTION_BRANDS} />
          <div className="col-span-2 min-[769px]:col-span-1">
            <Section title={t('footer.about_us')} items={about} />
          </div>
        </div>
        <div className="mt-6 min-[769px]:mt-10">
          <Banks />
        </div>
        <p className="mt-8 text-center text-xs text-slate-400 min-[769px]:border-t min-[769px]:border-slate-800 min-[769px]:pt-6">
          {copyright}
        </p>
      </div>
    </footer>
  );
}
