import { useTranslation } from 'react-i18next';
import type { PromotionRules } from '@app/contracts';
import { CheckCircleIcon } from '@/components/ui/more-icons';
import { ruleLines } from '../lib/rule-lines';

/** Each rule of a promotion in plain words. */
export function RuleList({ rules }: { rules: PromotionRules }) {
  const { t } = useTranslation('promotion');
  return (
    <ul className="flex flex-col gap-2 text-sm text-slate-200" data-testid="promotion-rules">
      {ruleLines(rules).map((line) => (
        <li key={line.key} className="flex items-start gap-2" data-rule={line.key}>
          <CheckCircleIcon className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          <span>{t(`rules.${line.key}`, line.values)}</span>
        </li>
      ))}
    </ul>
  );
}
