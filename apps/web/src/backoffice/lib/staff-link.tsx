import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

export const BASE = '/backoffice';

/**
 * A link inside the back office. The router's registered route types are the player site's (one
 * `Register` per app), so the staff app links by address: a real `href` (open in a new tab works),
 * followed by the router without a reload.
 */
export function StaffLink({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const router = useRouter();
  const href = `${BASE}${to}`;
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={follow} {...rest} />;
}

export const playerPath = (id: string) => `/players/${encodeURIComponent(id)}`;
export const playersPath = (by: string, q: string) => `/players?${new URLSearchParams({ by, q })}`;
