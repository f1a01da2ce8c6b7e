import { randomUUID } from 'node:crypto';
import { callJson, type Answer } from '../../apps/server/src/test/http-player.js';

/**
 * The clients of the soak: players who register, deposit and pay, withdraw and cancel, and staff
 * who approve and reject, all through the front. Every request the server acknowledged (2xx) is
 * written down, to be checked against the database afterwards; a request whose answer was lost
 * (an instance killed, a connection cut) is sent again with the same Idempotency-Key where the route
 * takes one, until it is answered.
 */
export interface Ledger {
  ops: Record<string, number>;
  /** deposits the bank was paid for: each must end credited exactly once */
  paidDeposits: { id: string; playerId: string; creditMinor: bigint }[];
  /** those payments by the bank that took them (each bank on its own protocol: decision 136) */
  paidByBank: Record<string, number>;
  /** acknowledged withdrawal requests, and the acknowledged decisions on them */
  withdrawals: Map<string, { playerId: string; amountMinor: bigint; decided: 'approve' | 'reject' | 'cancel' | null }>;
  /** answers ≥ 500 other than 502 and 503, by route: a bug, never an outage (a killed instance answers 502 from the front or a cut connection) */
  serverErrors: string[];
  /** every answer the clients saw, by HTTP status (0: no answer, the connection cut) */
  statuses: Record<number, number>;
  /** withdrawals a player learned of from its history after a request whose answer was lost (asked once, made once) */
  learnedWithdrawals: number;
  /** withdrawals beyond the one asked, found after a request whose answer was lost: a request that took effect twice */
  duplicateWithdrawals: string[];
  retries: number;
  /** OnePay QRs paid with another amount than the order's (decision 120): each kept once as unmatched, never credited */
  wrongAmounts: { orderId: string; playerId: string; bankReference: string; amountLak: bigint }[];
  /** players who set a daily deposit limit (whole kip), and those who cooled off (when the server said it began) */
  limited: Map<string, bigint>;
  excluded: Map<string, string>;
  /** refusals the responsible-play rules gave, by code and what was tried */
  refusals: Record<string, number>;
  /** a deposit, promotion or game launch acknowledged after a player's cooling-off began, or a withdrawal refused for it: must stay empty */
  exclusionBroken: string[];
  /** withdrawals made while cooling off (a withdrawal still works) */
  excludedWithdrawals: number;
}

export const newLedger = (): Ledger => ({
  ops: {},
  paidDeposits: [],
  paidByBank: {},
  withdrawals: new Map(),
  serverErrors: [],
  statuses: {},
  learnedWithdrawals: 0,
  duplicateWithdrawals: [],
  retries: 0,
  wrongAmounts: [],
  limited: new Map(),
  excluded: new Map(),
  refusals: {},
  exclusionBroken: [],
  excludedWithdrawals: 0,
});

export class Client {
  cookie = '';
  playerId = '';
  /** answers lost so far (no answer, 502, 503, a key still held): a request after one of them has an unknown outcome */
  lost = 0;
  private readonly address: string;
  constructor(
    private readonly front: string,
    index: number,
    protected readonly ledger: Ledger,
  ) {
    // its own source address through the front (TRUST_PROXY=loopback): per-address limits count it alone
    this.address = `10.77.${(index >> 8) & 255}.${index & 255}`;
  }

  /**
   * One call; a lost answer (network error, 502 from the front, 503 of a database or Redis out of
   * reach, 409 of a key still held) is retried with the same key.
   */
  async call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    opts: { idempotent?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const key = opts.idempotent ? randomUUID() : undefined;
    for (let attempt = 0; ; attempt++) {
      let answer: Answer | null;
      try {
        const headers = { 'x-forwarded-for': this.address, ...(key ? { 'idempotency-key': key } : {}), ...opts.headers };
        const sent = await callJson(this.front, method, path, { body, headers, cookie: this.cookie, timeoutMs: 60_000 });
        this.cookie = sent.cookie;
        answer = sent.answer;
      } catch {
        answer = null;
      }
      const status = answer?.status ?? 0;
      this.ledger.statuses[status] = (this.ledger.statuses[status] ?? 0) + 1;
      const retriable =
        answer === null ||
        answer.status === 502 ||
        answer.status === 503 ||
        // the idempotency plugin's own 409s (plugins/idempotency.ts), not a route's CONFLICT, which a replay would answer again
        (answer.status === 409 && key !== undefined && /still running|^try again$/.test(answer.field('error.message')));
      if (answer && answer.status >= 500 && answer.status !== 502 && answer.status !== 503)
        this.ledger.serverErrors.push(
          `${method} ${path.replace(/[0-9a-f-]{36}/g, ':id')}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`,
        );
      // a non-idempotent POST whose answer was lost is not sent twice blindly: the caller looks
      if (retriable) this.lost++;
      if (!retriable || (method === 'POST' && !key && answer === null) || attempt >= 120)
        return answer ?? { status: 0, json: null, field: () => '' };
      this.ledger.retries++;
      await new Promise((r) => setTimeout(r, 250 + Math.min(attempt, 8) * 250));
    }
  }

  count(op: string) {
    this.ledger.ops[op] = (this.ledger.ops[op] ?? 0) + 1;
  }
}

/**
 * The banks the players pay from, as the demo agency reaches them: BCEL through OnePay, JDB through
 * Yes, LVB through the Open API, LDB through the sandbox protocol (decision 136).
 */
export const SOAK_BANKS = ['bcel', 'jdb', 'lvb', 'ldb'] as const;
