import type { BankCode } from '@app/contracts';
import type { BankFaults, Delivery, PaymentView } from '@app/sandbox/test-kit';

/**
 * Server-test helpers for the sandbox bank gateway (apps/sandbox/src/bank). Each takes the sandbox's
 * base URL: `(await startSandbox()).url` from ./sandbox.ts, whose `serverOverrides` point the
 * server's bank client at it too (BANK_GATEWAY_URL unset → SANDBOX_URL).
 */

/** What the sandbox answers when a QR is paid. */
export interface PaidOrder extends PaymentView {
  status: 'PAID';
}

export class SandboxBankError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

async function send<T>(url: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<T> {
  const res = await fetch(url, {
    method: init.method,
    ...(init.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) }),
  });
  const json = (await res.json()) as T & { error?: { code: string; message: string } };
  if (!res.ok) throw new SandboxBankError(res.status, json.error?.code ?? 'HTTP', json.error?.message ?? res.statusText);
  return json;
}

/** Pays a LAO QR payload as a customer of `bank` would; throws SandboxBankError with the gateway's refusal code. */
export function payLaoQr(sandboxUrl: string, payload: string, bank?: BankCode): Promise<PaidOrder> {
  return send(`${sandboxUrl}/sandbox/bank/payments`, { method: 'POST', body: { payload, ...(bank ? { bank } : {}) } });
}

/** Pays a OnePay QR with another amount than its own, as a payer who typed it (the message carries it). */
export function payLaoQrAmount(sandboxUrl: string, payload: string, amountLak: bigint): Promise<PaidOrder> {
  return send(`${sandboxUrl}/sandbox/bank/payments`, { method: 'POST', body: { payload, amount: amountLak.toString() } });
}

/** Merges fault knobs (late, duplicated, out-of-order or no callbacks, status down or lagging, retry pace). */
export function setBankFaults(sandboxUrl: string, faults: Partial<BankFaults>): Promise<BankFaults> {
  return send(`${sandboxUrl}/bank/_faults`, { method: 'POST', body: faults });
}

export function resetBankFaults(sandboxUrl: string): Promise<BankFaults> {
  return send(`${sandboxUrl}/bank/_faults/reset`, { method: 'POST' });
}

/** The gateway's log of callback attempts (one row per attempt and copy), for one order or all. */
export async function bankCallbacks(sandboxUrl: string, reference?: string): Promise<Delivery[]> {
  const query = reference === undefined ? '' : `?reference=${encodeURIComponent(reference)}`;
  return (await send<{ deliveries: Delivery[] }>(`${sandboxUrl}/bank/_callbacks${query}`, { method: 'GET' })).deliveries;
}
