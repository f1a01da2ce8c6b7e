/** A random Idempotency-Key per filled-in form or confirmed action (getRandomValues works on plain-http hosts too). */
export function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
