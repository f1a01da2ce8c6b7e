import { useTranslation } from 'react-i18next';
import { ChatIcon } from '@/components/ui/icons';
import { LazyMenu } from '@/components/ui/lazy-menu';
import { MenuTrigger } from './menu-trigger';

const load = () => import('./contact-menu-content');

/** The navbar's contact-us dropdown (SPEC.md §2). */
export function ContactMenu() {
  const { t } = useTranslation();
  return (
    <LazyMenu
      load={load}
      trigger={
        <MenuTrigger label={t('nav.contact_us')} testId="contact-menu">
          <ChatIcon className="h-5 w-5" />
          <span className="hidden lg:inline">{t('nav.contact_us')}</span>
        </MenuTrigger>
      }
    />
  );
}
