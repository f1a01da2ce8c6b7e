import { createApiClient } from '@/lib/api-client';

export const STAFF_LOGIN_PATH = '/backoffice/login';

/**
 * The back office's API client: a staff session that ended (401) goes to the staff login, never to the
 * player's /login; a failed staff login stays on its form.
 */
export const { api: staffApi, post: staffPost } = createApiClient({
  loginPath: STAFF_LOGIN_PATH,
  // /me tells sign-in whether a session is there at all; the shell sends a missing one to sign-in itself
  noLoginRedirect: ['/v2/backoffice/login', '/v2/backoffice/me'],
});
