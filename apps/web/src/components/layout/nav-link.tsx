import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { pathOf } from '@/lib/active-route';

/** A router link from a plain href such as "/player/game/askmebet?tab=Slot". */
export function HrefLink({
  href,
  className,
  children,
  active,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
  active?: boolean;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  const query = href.includes('?') ? href.slice(href.indexOf('?') + 1) : '';
  const search = Object.fromEntries(new URLSearchParams(query));
  return (
    <Link
      // hrefs come from our own navigation table, which lists only routes of SPEC.md §2
      to={pathOf(href) as '/'}
      search={search as never}
      className={className}
      // the router marks a link current by prefix (Deposit on Deposit history); the navigation's own rule is
      // the exact path (SPEC.md §2), so only one entry is ever the current page
      activeOptions={{ exact: true, includeSearch: false }}
      aria-current={active ? 'page' : undefined}
      data-active={active ? 'true' : 'false'}
      {...rest}
    >
      {children}
    </Link>
  );
}
