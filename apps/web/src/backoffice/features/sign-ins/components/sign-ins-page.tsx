import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { StaffSignIn, StaffSignInState } from '@app/contracts/staff-sign-ins';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { KeysetList } from '@/backoffice/components/keyset-list';
import { StaffLink } from '@/backoffice/lib/staff-link';
import { formatDateTime } from '@/lib/format';
import { signInsQueryOptions } from '../api/get-sign-ins';

const TONE: Record<StaffSignInState, BadgeTone> = { active: 'green', ended: 'grey', expired: 'yellow' };
const signInsPath = (staffId?: string) => (staffId ? `/sign-ins?staffId=${encodeURIComponent(staffId)}` : '/sign-ins');

function SignInCard({ signIn: s }: { signIn: StaffSignIn }) {
  const { t } = useTranslation(['sign-ins', 'common']);
  // label, value, test id, class when it differs
  const details: [string, string, string?, string?][] = [
    [t('at'), formatDateTime(s.at)],
    [
      t('second_factor'),
      s.secondFactorAt ? formatDateTime(s.secondFactorAt) : t('no_code'),
      'sign-in-code',
      s.secondFactorAt ? undefined : 'text-red-300',
    ],
    [t('last_seen'), formatDateTime(s.lastSeenAt)],
    [t('ip'), s.ip ?? '—'],
  ];
  return (
    <Card className="flex flex-col gap-2 p-4" data-testid="sign-in" data-state={s.state}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StaffLink
          to={signInsPath(s.staffId)}
          className="font-semibold text-amber-300 underline-offset-2 hover:underline"
          data-testid="sign-in-staff"
        >
          {s.username}
        </StaffLink>
        <span className="text-sm text-slate-400">{t(`common:roles.${s.role}`)}</span>
        <Badge tone={TONE[s.state]}>{t(`states.${s.state}`)}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {details.map(([label, value, testId, className]) => (
          <div key={label}>
            <dt className="text-slate-400">{label}</dt>
            <dd className={className ?? 'break-all text-slate-100'} data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The owner's staff sign-ins: who signed in, when, from which address, whether the code was given and
 * whether the session can still be used; newest first, one page at a time. A name keeps that person's only.
 */
export function SignInsPage() {
  const { t } = useTranslation('sign-ins');
  const staffId = (useSearch({ strict: false }) as { staffId?: string }).staffId;
  const [pages, setPages] = useState<{ staffId?: string; cursors: string[] }>({ cursors: [] });
  // another staff member chosen: back to the newest page
  const cursors = pages.staffId === staffId ? pages.cursors : [];
  const page = useQuery(signInsQueryOptions(staffId, cursors.at(-1)));
  const move = (next: string[]) => setPages({ staffId, cursors: next });
  return (
    <section className="flex flex-col gap-4" data-testid="sign-ins">
      <h1 className="text-xl font-bold">{t('heading')}</h1>
      <p className="text-sm text-slate-400">{t('intro')}</p>
      {staffId && page.data?.items[0] && (
        <p className="flex flex-wrap items-center gap-3 text-sm" data-testid="sign-ins-one">
          {t('only', { username: page.data.items[0].username })}
          <StaffLink to={signInsPath()} className="text-amber-300 underline underline-offset-2" data-testid="sign-ins-everyone">
            {t('everyone')}
          </StaffLink>
        </p>
      )}
      <KeysetList
        ns="sign-ins"
        page={page}
        cursors={cursors}
        onChange={move}
        testId="sign-ins"
        row={(s) => (
          <li key={s.id}>
            <SignInCard signIn={s} />
          </li>
        )}
      />
    </section>
  );
}
