import { useTranslation } from 'react-i18next';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, LazyMenuRoot } from '@/components/ui/dropdown-menu';
import type { MenuImplProps } from '@/components/ui/lazy-menu';
import { useAgency } from '@/lib/api/use-agency';
import { SocialMark, useSocialLinks } from './social-links';

export default function ContactMenuContent(props: MenuImplProps) {
  const { t } = useTranslation();
  const links = useSocialLinks(useAgency());
  return (
    <LazyMenuRoot {...props}>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('nav.contact_us')}</DropdownMenuLabel>
        {links.map((l) => (
          <DropdownMenuItem key={l.key} asChild>
            <a href={l.href} target="_blank" rel="noopener noreferrer" aria-label={l.label} data-testid={`contact-${l.key}`}>
              <SocialMark network={l.key} />
              {l.name}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </LazyMenuRoot>
  );
}
