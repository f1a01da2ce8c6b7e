import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '@/components/ui/icons';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { currentLanguage } from '@/lib/i18n';
import { MenuTrigger } from './menu-trigger';

const load = () => import('./language-menu-content');

export function LanguageMenu() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <LazyMenu
      load={load}
      trigger={
        <MenuTrigger
          // the name starts with what the button shows (axe: label-content-name-mismatch)
          label={`${lng.toUpperCase()}, ${t('nav.choose_language')}: ${t(`languages.${lng}`)}`}
          testId="language-menu"
        >
          <GlobeIcon className="h-5 w-5" />
          <span className="font-semibold uppercase">{lng}</span>
        </MenuTrigger>
      }
    />
  );
}
