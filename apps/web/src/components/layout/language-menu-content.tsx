import { useTranslation } from 'react-i18next';
import {
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  LazyMenuRoot,
} from '@/components/ui/dropdown-menu';
import type { MenuImplProps } from '@/components/ui/lazy-menu';
import { LANGUAGES, LOCALE_TAG, currentLanguage, isLanguage } from '@/lib/i18n';

export default function LanguageMenuContent(props: MenuImplProps) {
  const { t, i18n } = useTranslation();
  return (
    <LazyMenuRoot {...props}>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('nav.language')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={currentLanguage()}
          onValueChange={(value) => {
            if (isLanguage(value)) void i18n.changeLanguage(value);
          }}
        >
          {LANGUAGES.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} lang={LOCALE_TAG[l]} data-testid={`language-${l}`}>
              {t(`languages.${l}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </LazyMenuRoot>
  );
}
