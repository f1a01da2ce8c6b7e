import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '@/components/ui/icons';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { LANGUAGES, currentLanguage, isLanguage } from '@/lib/i18n';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`${t('nav.choose_language')}: ${t(`languages.${lng}`)}`}
        className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2 text-sm text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-amber-300"
        data-testid="language-menu"
      >
        <GlobeIcon className="h-5 w-5" />
        <span className="font-semibold uppercase">{lng}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('nav.language')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={lng}
          onValueChange={(value) => {
            if (isLanguage(value)) void i18n.changeLanguage(value);
          }}
        >
          {LANGUAGES.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} lang={l === 'cn' ? 'zh' : l === 'vn' ? 'vi' : l}>
              {t(`languages.${l}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
