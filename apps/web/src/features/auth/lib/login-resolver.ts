import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@app/contracts';

/** Loaded by the login form on first use (lib/lazy-resolver.ts): zod stays out of /login's first paint. */
export const loginResolver = zodResolver(loginBodySchema);
