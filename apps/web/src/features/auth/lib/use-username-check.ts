import { useEffect, useState } from 'react';
import { validateUsername } from '../api/validate-username';

/** SPEC.md §7's live username check waits for the typing to pause. */
export const USERNAME_CHECK_DEBOUNCE_MS = 400;

export type UsernameCheckState =
  { status: 'idle' } | { status: 'checking' } | { status: 'available' } | { status: 'unavailable'; reason: string };

/** Asks the server whether `username` is valid and free, once it passed the local rules. */
export function useUsernameCheck(username: string, locallyValid: boolean): UsernameCheckState {
  const [result, setResult] = useState<{ username: string; state: UsernameCheckState } | null>(null);
  useEffect(() => {
    if (!locallyValid || !username) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      validateUsername(username, abort.signal).then(
        (r) =>
          setResult({
            username,
            state:
              r.valid && r.available
                ? { status: 'available' }
                : { status: 'unavailable', reason: r.reason ?? 'username.validation.username_exist' },
          }),
        // a failed check is no verdict: the server checks again on submit
        () => !abort.signal.aborted && setResult({ username, state: { status: 'idle' } }),
      );
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [username, locallyValid]);
  if (!locallyValid || !username) return { status: 'idle' };
  if (result?.username !== username) return { status: 'checking' };
  return result.state;
}
