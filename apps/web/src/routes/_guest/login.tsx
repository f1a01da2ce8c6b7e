import { createFileRoute, useSearch } from '@tanstack/react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { safeRedirect } from '@/lib/safe-redirect';

export interface LoginSearch {
  /** the player-area page to open after logging in (a same-site path, else dropped) */
  redirect?: string;
  /** set when a call answered 401: the page says the session ended */
  expired?: boolean;
}

export const Route = createFileRoute('/_guest/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    // both keys always set: the router spreads the raw search under what this answers, so a key left
    // out would keep the address's own (unchecked) value
    const expired = search.expired === 1 || search.expired === '1' || search.expired === true;
    return { redirect: safeRedirect(search.redirect), expired: expired || undefined };
  },
  component: LoginPage,
});

function LoginPage() {
  const search = useSearch({ from: '/_guest/login', shouldThrow: false });
  return <LoginForm redirect={search?.redirect} expired={search?.expired} />;
}
