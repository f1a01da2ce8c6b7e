/**
 * The page a player asked for before logging in (`/login?redirect=…`), kept only when it is a path
 * of this site's player area: never another origin (`//evil.example`, `/\evil.example`,
 * `https://…`), a script URL or the login pages themselves, so the parameter cannot be used to send a
 * player elsewhere after they log in (no open redirect). Anything else answers undefined.
 */
export function safeRedirect(value: unknown, origin?: string): string | undefined {
  // before any use of `window`: the login page is also rendered at build time, in Node, without one
  // (docs/decisions/020), and its route checks its search with this
  if (typeof value !== 'string' || !value.startsWith('/player') || value.length > 2000) return undefined;
  const base = origin ?? window.location.origin;
  // control characters and backslashes are read as slashes or dropped by browsers
  if ([...value].some((c) => c < ' ' || c === '\\')) return undefined;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || !(url.pathname === '/player' || url.pathname.startsWith('/player/'))) return undefined;
  return url.pathname + url.search + url.hash;
}

/** `/login` with the page to come back to, and whether the session ended on the way (a 401). */
export function loginPath(from: string, expired: boolean): string {
  const back = safeRedirect(from);
  const params = new URLSearchParams();
  if (back) params.set('redirect', back);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}
