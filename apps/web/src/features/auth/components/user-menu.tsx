import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons';
import { LazyMenu } from '@/components/ui/lazy-menu';

const load = () => import('./user-menu-content');

/** SPEC.md §2: the player's displayName; the menu itself loads on intent. */
export function UserMenu({ displayName }: { displayName: string }) {
  const { t } = useTranslation();
  return (
    <LazyMenu
      load={load}
      trigger={
        <button
          type="button"
          aria-label={`${t('nav.user_menu')}: ${displayName}`}
          className="inline-flex h-10 max-w-[9rem] items-center gap-1.5 rounded-lg border border-slate-700 px-2 text-sm text-slate-100 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300 sm:max-w-[14rem]"
          data-testid="user-menu"
        >
          <UserIcon className="h-5 w-5 shrink-0 text-amber-300" />
          <span className="truncate font-medium">{displayName}</span>
          <ChevronDownIcon className="h-4 w-4 shrink-0" />
        </button>
      }
    />
  );
}
