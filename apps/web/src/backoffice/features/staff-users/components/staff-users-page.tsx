import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type CreateStaffUserBody, type StaffRole, type StaffUser } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/backoffice/features/auth/api/get-me';
import { staffErrorKey } from '@/backoffice/lib/errors';
import { formatDateTime } from '@/lib/format';
import { staffUsersQueryOptions } from '@/backoffice/features/staff-users/api/get-staff-users';
import { useCreateStaff } from '@/backoffice/features/staff-users/api/create-staff-user';
import { useSetRole } from '@/backoffice/features/staff-users/api/set-staff-role';
import { useStaffAction } from '@/backoffice/features/staff-users/api/staff-user-action';
import { CallError } from '@/backoffice/components/call-error';
import { MoreButton } from '@/backoffice/components/more-button';
import { InvitationLinkNotice } from './invitation-link';

const selectClass = 'min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100';

function CreateStaff() {
  const { t } = useTranslation('staff');
  const create = useCreateStaff();
  const form = useForm<CreateStaffUserBody>({ defaultValues: { username: '', role: 'support' } });
  const onSubmit = form.handleSubmit((body) => create.mutate(body, { onSuccess: () => form.reset() }));
  return (
    <Card>
      <CardTitle className="mb-1">{t('create.heading')}</CardTitle>
      <p className="mb-4 text-sm text-slate-400">{t('create.hint')}</p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-3 sm:items-end" data-testid="staff-create-form">
        <Field label={t('create.username')} error={form.formState.errors.username && t('create.username_format')}>
          <Input
            autoCapitalize="none"
            autoComplete="off"
            {...form.register('username', { required: true, pattern: /^[a-z0-9_.-]{3,64}$/ })}
          />
        </Field>
        <Field label={t('create.role')}>
          <select className={selectClass} {...form.register('role')}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`common:roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" loading={create.isPending}>
          {t('create.submit')}
        </Button>
      </form>
      <CallError error={create.error} className="mt-3" />
      {create.data && <InvitationLinkNotice username={create.data.user.username} invitation={create.data.invitation} />}
    </Card>
  );
}

/**
 * One staff user: a line on a desk, a card that wraps on a phone (no table to scroll sideways):
 * name and last sign-in, role, state, and the owner's actions (never on their own account).
 */
function Row({ user, self }: { user: StaffUser; self: boolean }) {
  const { t } = useTranslation('staff');
  const setRole = useSetRole();
  const action = useStaffAction();
  const error = setRole.error ?? action.error;
  return (
    <li
      className="rounded-xl border border-slate-800 bg-slate-900/60 p-3"
      data-testid="staff-row"
      data-username={user.username}
      data-active={String(user.active)}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-52">
          <p className="font-medium break-all text-slate-100">{user.username}</p>
          <p className="text-sm text-slate-400">
            {t('last_login')}: {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : '—'}
          </p>
        </div>
        <select
          aria-label={t('role_of', { username: user.username })}
          className={selectClass}
          value={user.role}
          disabled={self || setRole.isPending}
          onChange={(e) => setRole.mutate({ id: user.id, role: e.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`common:roles.${r}`)}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap gap-1">
          <Badge tone={user.active ? 'green' : 'grey'}>{user.active ? t('active') : t('disabled')}</Badge>
          <Badge tone={user.enrolled ? 'blue' : 'yellow'}>{user.enrolled ? t('enrolled') : t('not_enrolled')}</Badge>
          {!user.enrolled && user.invitationExpiresAt && (
            <Badge tone="grey">{t('invited_until', { until: formatDateTime(user.invitationExpiresAt) })}</Badge>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={self}
            onClick={() => action.mutate({ id: user.id, action: user.active ? 'disable' : 'enable' })}
          >
            {user.active ? t('disable') : t('enable')}
          </Button>
          {user.enrolled ? (
            <Button
              size="sm"
              variant="outline"
              disabled={self}
              onClick={() => action.mutate({ id: user.id, action: 'reset-second-factor' })}
            >
              {t('reset_second_factor')}
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={self} onClick={() => action.mutate({ id: user.id, action: 'invitation' })}>
              {t('new_link')}
            </Button>
          )}
        </div>
      </div>
      {action.data?.invitation && <InvitationLinkNotice username={user.username} invitation={action.data.invitation} />}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {t(staffErrorKey(error))}
        </p>
      )}
    </li>
  );
}

/** The owner's staff users: invite, change role, disable, reset the second factor or give a new link (never their own). */
export function StaffUsers() {
  const { t } = useTranslation('staff');
  const me = useQuery(meQueryOptions).data;
  const list = useInfiniteQuery(staffUsersQueryOptions);
  return (
    <section className="flex flex-col gap-6" data-testid="staff-users">
      <h1 className="text-xl font-bold">{t('heading')}</h1>
      <CreateStaff />
      <h2 className="text-base font-semibold text-slate-200">{t('list_heading')}</h2>
      {list.isPending ? (
        <Spinner className="mx-auto h-6 w-6" />
      ) : list.isError ? (
        <p role="alert" className="text-red-300">
          {t(staffErrorKey(list.error))}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('list_heading')}>
          {list.data.pages
            .flatMap((p) => p.items)
            .map((u) => (
              <Row key={u.id} user={u} self={u.id === me?.staff.id} />
            ))}
        </ul>
      )}
      <MoreButton list={list} label={t('more')} testId="staff-more" />
    </section>
  );
}
