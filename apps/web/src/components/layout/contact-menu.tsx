import { useTranslation } from 'react-i18next';
import { ChatIcon } from '@/components/ui/icons';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useAgency } from '@/features/agency/api/agency-info';
import { SocialMark, useSocialLinks } from './social-links';

/** The navbar's contact-us dropdown (SPEC.md §2). */
export function ContactMenu() {
  const { t } = useTranslation();
  const links = useSocialLinks(useAgency());
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('nav.contact_us')}
        className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2 text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
        data-testid="contact-menu"
      >
        <ChatIcon className="h-5 w-5" />
        <span className="hidden lg:inline">{t('nav.contact_us')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('nav.contact_us')}</DropdownMenuLabel>
        {links.map((l) => (
          <DropdownMenuItem key={l.key} asChild>
            <a href={l.href} target="_blank" rel="noopener noreferrer" aria-label={l.label}>
              <SocialMark network={l.key} />
              {l.name}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
