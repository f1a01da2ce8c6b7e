import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvitationLink } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/copy-text';
import { formatDateTime } from '@/lib/format';

/** An invitation link just issued, shown to the owner this once, to copy and give to `username`. */
export function InvitationLinkNotice({ username, invitation }: { username: string; invitation: InvitationLink }) {
  const { t } = useTranslation('staff');
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div role="status" className="mt-3 flex flex-col gap-2 rounded-lg bg-slate-800 p-3 text-sm" data-testid="staff-invitation-link">
      <p>{t('invitation.give', { username, until: formatDateTime(invitation.expiresAt) })}</p>
      <code className="font-mono text-sm break-all text-amber-300" data-testid="staff-invitation-url">
        {invitation.url}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" onClick={() => void copyText(invitation.url).then(setCopied)}>
          {t('invitation.copy')}
        </Button>
        {copied !== null && <span className="text-slate-300">{copied ? t('invitation.copied') : t('invitation.copy_failed')}</span>}
      </div>
    </div>
  );
}
