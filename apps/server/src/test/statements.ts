import pg from 'pg';
import type { Database } from '../db/client.js';

/** The statements the server sent while counting: their texts, in order (BEGIN and COMMIT included). */
export interface StatementCounter {
  /** counts what is sent from now on, forgetting what was counted before */
  start(): void;
  /** the texts sent since `start`, and stops counting */
  stop(): string[];
}

interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(fn: (tx: PgliteLike) => Promise<unknown>): Promise<unknown>;
}

const textOf = (q: unknown): string =>
  (typeof q === 'string' ? q : ((q as { text?: string } | null)?.text ?? String(q))).replace(/\s+/g, ' ').trim();

/**
 * Counts the statements at the driver, the same on both engines: on PostgreSQL every `query` of a
 * pg client (a pool's `query` runs its client's once; BEGIN and COMMIT are statements there); on
 * PGlite every `query` and `exec`, and a transaction's BEGIN and its COMMIT or ROLLBACK, which PGlite
 * sends itself. The notifications' connection sends nothing while a call runs.
 */
export function countStatements(database: Database): StatementCounter {
  let texts: string[] | null = null;
  const note = (q: unknown) => texts?.push(textOf(q));
  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return query.apply(this, args);
    };
  } else {
    const client = (database.db as unknown as { $client: PgliteLike }).$client;
    const wrap = (target: PgliteLike) => {
      const { query, exec } = target;
      target.query = (...args) => (note(args[0]), query.apply(target, args));
      target.exec = (...args) => (note(args[0]), exec.apply(target, args));
    };
    wrap(client);
    const transaction = client.transaction;
    client.transaction = (fn) => {
      note('BEGIN');
      let ended = 'COMMIT';
      return transaction
        .call(client, (tx) => {
          wrap(tx);
          return fn(tx).catch((err: unknown) => {
            ended = 'ROLLBACK';
            throw err;
          });
        })
        .finally(() => note(ended));
    };
  }
  return {
    start() {
      texts = [];
    },
    stop() {
      const sent = texts ?? [];
      texts = null;
      return sent;
    },
  };
}
