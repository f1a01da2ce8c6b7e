import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LoginBody } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordToggle } from '@/components/ui/password-toggle';
import { SocialMark, useSocialLinks } from '@/components/layout/social-links';
import { useAgency } from '@/lib/api/use-agency';
import { safeRedirect } from '@/lib/safe-redirect';
import { errorKey, toast } from '@/components/ui/toast-store';
import { lazyResolver } from '@/lib/lazy-resolver';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useLogin } from '../api/login';
import { applyServerFieldErrors } from '../lib/apply-server-errors';
import { fieldErrorText } from '../lib/field-error';
import { AuthCard } from './auth-card';

const FIELDS = ['username', 'password'] as const;
const validation = lazyResolver<LoginBody>(() => import('../lib/login-resolver').then((m) => m.loginResolver));

/**
 * `redirect`: the player-area page to open once logged in (already checked: safeRedirect), else the
 * player's home. `expired`: the player was sent here by a 401, and is told the session ended.
 */
export function LoginForm({ redirect, expired = false }: { redirect?: string; expired?: boolean }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginBody>({ resolver: validation.resolver, defaultValues: { username: '', password: '' }, mode: 'onTouched' });
  const errors = form.formState.errors;
  const [visible, setVisible] = useState(false);
  // locked out by too many failures: until when, shown in the form until the next try
  const [lockedUntil, setLockedUntil] = useState<string | null>(null);

  // shown once the page runs, so the prerendered login page stays the same for every visitor; in the
  // form, not a toast, which on a phone covered the support links below it
  const [showExpired, setShowExpired] = useState(false);
  // after hydration on purpose: the prerendered HTML must not carry it (the one case the rule allows)
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setShowExpired(expired), [expired]);

  const onSubmit = form.handleSubmit((body) => {
    setLockedUntil(null);
    login.mutate(body, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('login.success') });
        // checked again where it is used: nothing but a player-area path of this site is ever followed
        const back = safeRedirect(redirect);
        if (back) void navigate({ href: back });
        else void navigate({ to: '/player' });
      },
      onError: (err) => {
        applyServerFieldErrors(err, FIELDS, form.setError);
        const retryAt = err instanceof ApiError && err.code === 'RATE_LIMITED' ? err.fields.retryAt : undefined;
        if (retryAt) setLockedUntil(retryAt);
        // SPEC.md §8: one message for every failed login ('username or password incorrect')
        else toast({ variant: 'error', title: t('login.error'), description: t(errorKey(err)) });
      },
    });
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.no_account')}{' '}
          <Link to="/register" className="font-semibold text-amber-300 underline-offset-4 hover:underline">
            {t('login.register_link')}
          </Link>
        </>
      }
    >
      {/* post: the page is prerendered (docs/decisions/020), so a submit before the script has run is the
          browser's own; it must never put the password in the URL (the server answers it with the page) */}
      <form
        method="post"
        onSubmit={onSubmit}
        onFocus={validation.preload}
        noValidate
        className="flex flex-col gap-4"
        data-testid="login-form"
      >
        {showExpired && (
          <div role="alert" className="rounded-lg border border-amber-500/60 bg-amber-950/60 p-3 text-sm" data-testid="session-ended">
            <p className="font-semibold text-amber-200">{t('login.session_ended')}</p>
            <p className="mt-1 text-slate-200">{t('login.session_ended_hint')}</p>
          </div>
        )}
        {lockedUntil && (
          <div role="alert" className="rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-sm" data-testid="login-locked">
            <p className="font-semibold text-red-200">{t('login.locked_title')}</p>
            <p className="mt-1 text-slate-200">{t('login.locked_until', { time: formatDateTime(lockedUntil) })}</p>
          </div>
        )}
        <Field label={t('login.username')} error={fieldErrorText(t, errors.username)}>
          <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...form.register('username')} />
        </Field>
        <Field label={t('login.password')} error={fieldErrorText(t, errors.password)}>
          <Input type={visible ? 'text' : 'password'} autoComplete="current-password" {...form.register('password')} />
        </Field>
        <PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />
        <Button type="submit" size="lg" loading={login.isPending} className="mt-2 w-full">
          {t('login.submit')}
        </Button>
      </form>
      <ForgotPassword />
    </AuthCard>
  );
}

/**
 * Passwords are reset by the agency's staff: "forgot password?" opens the agency's contact links.
 * Closed at first, so the prerendered page (the same for every agency) holds none of them.
 */
function ForgotPassword() {
  const { t } = useTranslation(['auth', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 text-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="forgot-password"
        onClick={() => setOpen((o) => !o)}
        className="min-h-9 rounded-lg px-2 py-1 font-medium text-amber-300 underline-offset-4 hover:underline"
        data-testid="forgot-password"
      >
        {t('login.forgot')}
      </button>
      <div id="forgot-password" hidden={!open}>
        {open && <SupportLinks />}
      </div>
    </div>
  );
}

function SupportLinks() {
  const { t } = useTranslation(['auth', 'common']);
  const links = useSocialLinks(useAgency());
  return (
    <div className="mt-2 rounded-lg border border-slate-700 p-3">
      <p className="text-slate-300">{t('login.forgot_hint')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.key}>
            <a
              href={l.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={l.label}
              className="inline-flex min-h-10 items-center gap-2 rounded-lg bg-slate-800 px-3 py-1.5 text-slate-100 hover:bg-slate-700"
              data-testid={`support-${l.key}`}
            >
              <SocialMark network={l.key} />
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
