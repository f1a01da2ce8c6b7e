import { outboundCalls, outboundDuration } from './registry.js';

/** What a call to the outside is, for its metrics: low-cardinality names only (never a reference or an amount). */
export interface OutboundCall {
  kind: 'bank' | 'provider';
  /** the adapter's name: `gateway`, a bank's protocol, a provider id */
  adapter: string;
  /** what was asked: `createBill`, `status`, `transfer`, … */
  operation: string;
}

/** `ok` below 400, `http_4xx`/`http_5xx` for a status answered; `timeout` and `error` when none was. */
export type OutboundOutcome = 'ok' | 'http_4xx' | 'http_5xx' | 'timeout' | 'error';

function outcomeOf(result: unknown): OutboundOutcome {
  const status = (result as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400) return 'ok';
  return status < 500 ? 'http_4xx' : 'http_5xx';
}

function failureOf(err: unknown): OutboundOutcome {
  const name = err instanceof Error ? err.name : '';
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'error';
}

/**
 * Runs one call to a bank or a provider, counting it and timing it by outcome
 * (`laocredit_outbound_calls_total`, `laocredit_outbound_call_duration_seconds`). Every adapter's
 * HTTP exchange goes through it (`httpRequest`'s `call` option does it for those on http-client.ts).
 * An answer with a numeric `status` is judged by it; a throw is a timeout or an error, and is rethrown.
 */
export async function observeOutboundCall<T>(call: OutboundCall, fn: () => Promise<T>): Promise<T> {
  const end = outboundDuration.startTimer();
  let outcome: OutboundOutcome = 'error';
  try {
    const result = await fn();
    outcome = outcomeOf(result);
    return result;
  } catch (err) {
    outcome = failureOf(err);
    throw err;
  } finally {
    const labels = { kind: call.kind, adapter: call.adapter, operation: call.operation, outcome };
    outboundCalls.inc(labels);
    end(labels);
  }
}
