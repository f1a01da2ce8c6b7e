import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './more-icons';

/**
 * Shows or hides the password fields of a form (login, register, change password): a toggle button
 * whose pressed state is announced, labelled with what it does next.
 */
export function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      aria-pressed={visible}
      onClick={onToggle}
      data-testid="password-toggle"
      className="inline-flex min-h-9 items-center gap-2 self-start rounded-lg px-2 py-1 text-sm text-amber-300 hover:bg-slate-800"
    >
      {visible ? <EyeOffIcon className="h-4 w-4" aria-hidden="true" /> : <EyeIcon className="h-4 w-4" aria-hidden="true" />}
      {visible ? t('actions.hide_password') : t('actions.show_password')}
    </button>
  );
}
