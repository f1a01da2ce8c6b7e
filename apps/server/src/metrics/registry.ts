import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (docs/decisions/102-metrics-and-request-ids.md): counted where things happen
 * (requests, outbound calls, logins), whichever app instance of the process saw them. The figures
 * read from the database at scrape time are per app (./database-gauges.ts), merged in at the scrape.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/** seconds; from a cached session read (ms) to a bank call at its timeout */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'laocredit_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
});

export const httpDuration = new Histogram({
  name: 'laocredit_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export const outboundCalls = new Counter({
  name: 'laocredit_outbound_calls_total',
  help: 'Calls to banks and game providers, by kind, adapter, operation and outcome',
  labelNames: ['kind', 'adapter', 'operation', 'outcome'] as const,
  registers: [processRegistry],
});

export const outboundDuration = new Histogram({
  name: 'laocredit_outbound_call_duration_seconds',
  help: 'Time of a call to a bank or a game provider, by kind, adapter, operation and outcome',
  labelNames: ['kind', 'adapter', 'operation', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

export const loginFailures = new Counter({
  name: 'laocredit_login_failures_total',
  help: 'Failed logins (wrong password, unknown name, blocked account, wrong second-factor code), by kind',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const loginThrottled = new Counter({
  name: 'laocredit_login_throttled_total',
  help: 'Logins refused by the throttle before the password was looked at, by kind',
  labelNames: ['kind'] as const,
  registers: [processRegistry],
});

export const pageRenders = new Counter({
  name: 'laocredit_page_renders_total',
  help: "Player pages asked of the server's render (decision 204), by outcome: rendered, busy (renders waiting at the bound: the spinner), declined (the page needs more than its answers), failed",
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});
