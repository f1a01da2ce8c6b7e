import { AppError } from '../errors.js';
import { httpRequest, type HttpAnswer } from '../http-client.js';
import type { OutboundCall } from '../metrics/outbound.js';
import { BankGatewayUnavailableError, type BankBillStatus, type BankTransaction } from './bank-gateway.js';

/**
 * What the Lao banks' APIs write on the wire that ours does not: kip as JSON numbers or decimal
 * strings, and times in Lao time (UTC+7, no zone written) as `YYYY-MM-DD HH:mm:ss` or `YYYYMMDDHHmmss`.
 */

const LAO_OFFSET_MS = 7 * 3_600_000;

/**
 * Whole kip from a bank's amount: an integer JSON number or a decimal string (a zero fraction is
 * allowed: "20000.00"). Null for anything else, a fraction of a kip included.
 */
export function wholeKip(value: number | string): bigint | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
  const m = /^(\d{1,16})(?:\.0+)?$/.exec(value.trim());
  return m ? BigInt(m[1]!) : null;
}

/**
 * Kip as the JSON number the banks' request fields expect. An amount beyond 2^53 cannot be written
 * exactly as a JSON number: refused rather than rounded.
 */
export function wireKip(amountLak: bigint): number {
  if (amountLak < 0n || amountLak > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount ${amountLak} cannot be sent exactly`);
  return Number(amountLak);
}

/** A Lao wall-clock time, `YYYY-MM-DD HH:mm:ss` (optionally with milliseconds) or `YYYYMMDDHHmmss`; null when unreadable. */
export function laoTime(text: string): Date | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(text.trim()) ??
    /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h, mi, s) - LAO_OFFSET_MS;
  return Number.isNaN(at) ? null : new Date(at);
}

/** The Lao calendar fields of an instant, zero-padded. */
function laoFields(at: Date) {
  const t = new Date(at.getTime() + LAO_OFFSET_MS).toISOString();
  return { y: t.slice(0, 4), mo: t.slice(5, 7), d: t.slice(8, 10), h: t.slice(11, 13), mi: t.slice(14, 16), s: t.slice(17, 19) };
}

/** `YYMMDD` in Lao time (LVB's Trandate and IssueDate). */
export function laoYymmdd(at: Date): string {
  const f = laoFields(at);
  return `${f.y.slice(2)}${f.mo}${f.d}`;
}

/** `YYYYMMDD` in Lao time (LVB's from_date and to_date). */
export function laoYyyymmdd(at: Date): string {
  const f = laoFields(at);
  return `${f.y}${f.mo}${f.d}`;
}

/** `YYYYMMDDHHmmss` in Lao time (LVB's create_date and expire_date). */
export function laoStamp(at: Date): string {
  const f = laoFields(at);
  return `${f.y}${f.mo}${f.d}${f.h}${f.mi}${f.s}`;
}

/** One request to a bank; no answer (refused connection, timeout) is BankGatewayUnavailableError naming `label`. */
export async function bankRequest(
  url: URL,
  opts: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number; call: OutboundCall },
  label: string,
): Promise<HttpAnswer> {
  try {
    return await httpRequest(url, opts);
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : String(err);
    throw new BankGatewayUnavailableError(`${label}: ${why}`);
  }
}

/**
 * A bank's bearer token, fetched when first needed and again when it is about to end, and once more
 * when the bank answers 401 (it ended or was revoked there); a 401 with a fresh token is unavailable.
 */
export function bearerSession(fetchToken: () => Promise<{ value: string; until: number }>) {
  let token: { value: string; until: number } | null = null;
  const current = async () => {
    if (!token || Date.now() >= token.until) token = await fetchToken();
    return token.value;
  };
  return async (send: (bearer: string) => Promise<HttpAnswer>, label: string): Promise<HttpAnswer> => {
    let res = await send(await current());
    if (res.status !== 401) return res;
    token = null;
    res = await send(await current());
    if (res.status === 401) throw new BankGatewayUnavailableError(`${label}: 401 with a fresh token`);
    return res;
  };
}

/** The PAID status of a bill from the payment the bank reports for it. */
export const paidStatus = (reference: string, t: BankTransaction): BankBillStatus => ({
  status: 'PAID',
  reference,
  bankReference: t.bankReference,
  amountLak: t.amountLak,
  currency: t.currency,
  paidAt: t.paidAt,
  ...(t.payer ? { payer: t.payer } : {}),
});

/** A signed notice's body as JSON; anything else is refused as VALIDATION_FAILED ("`what` is not JSON"). */
export function noticeJson(rawBody: string, what: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new AppError('VALIDATION_FAILED', `${what} is not JSON`);
  }
}
