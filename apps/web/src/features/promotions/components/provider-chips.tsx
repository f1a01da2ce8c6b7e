import { useTranslation } from 'react-i18next';
import type { ProviderId } from '@app/contracts';

/** The providers a promotion applies at, as small chips. */
export function ProviderChips({ providers, label }: { providers: readonly ProviderId[]; label: string }) {
  const { t } = useTranslation(['promotion', 'wallet']);
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="promotion-providers">
      <span className="text-slate-400">{label}</span>
      {providers.map((p) => (
        <span key={p} className="rounded-full border border-slate-700 bg-slate-800 px-2 py-0.5 text-slate-200">
          {t(`wallet:providers.${p}`)}
        </span>
      ))}
    </div>
  );
}
