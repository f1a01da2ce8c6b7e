import { useTranslation } from 'react-i18next';
import type { Agency } from '@/lib/api/agency-info';

export const SOCIAL_KEYS = ['whatsapp', 'line', 'facebook', 'telegram', 'twitter'] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];

const COLORS: Record<SocialKey, string> = {
  whatsapp: '#25d366',
  line: '#06c755',
  facebook: '#1877f2',
  telegram: '#229ed9',
  twitter: '#e2e8f0',
};

const LETTERS: Record<SocialKey, string> = { whatsapp: 'W', line: 'L', facebook: 'f', telegram: 'T', twitter: 'X' };

/** A round coloured mark for a social network (decorative). */
export function SocialMark({ network }: { network: SocialKey }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-slate-950"
      style={{ backgroundColor: COLORS[network] }}
    >
      {LETTERS[network]}
    </span>
  );
}

/** The five contact links of the agency, in SPEC.md's order, each opening in a new tab. */
export function useSocialLinks(agency: Agency) {
  const { t } = useTranslation();
  return SOCIAL_KEYS.filter((k) => agency.social[k]).map((k) => ({
    key: k,
    href: agency.social[k],
    name: t(`social.${k}`),
    label: t('social.new_tab', { name: t(`social.${k}`) }),
  }));
}
