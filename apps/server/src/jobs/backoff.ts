/**
 * The wait before retry number `attempt` (1 for the first retry): the base, doubled at each further
 * attempt, capped. The one backoff of the server: the worker's jobs, the provider transfers whose
 * outcome is unknown, the deposit confirmations and the withdrawal credit returns all wait this way.
 */
export function backoff(baseMs: number, attempt: number, capMs = 60_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), capMs);
}
