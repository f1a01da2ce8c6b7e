import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A subscription to a PostgreSQL notification channel (LISTEN/NOTIFY). `onState(true)` is told
 * once the channel is listened to, `onState(false)` when the listening connection is lost: the
 * notifications sent meanwhile are lost with it, so whatever they keep fresh must not be trusted
 * until the next `onState(true)` (decision 043).
 */
export interface Listening {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  onState(listening: boolean): void;
  onError?(err: Error): void;
}

const RECONNECT_MS = [100, 500, 1000, 5000];

/** On a PostgreSQL server: a connection of its own (not the pool's), reconnected after a loss. */
export function listenPostgres(url: string, channel: string, h: ListenHandlers): Listening {
  let closed = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (err?: Error) => {
    if (err) h.onError?.(err);
    h.onState(false);
    const c = client;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => {}); // an error after the loss changes nothing
    void c?.end().catch(() => {});
    if (!closed) timer = setTimeout(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]);
  };

  const connect = () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) h.onNotify(n.payload ?? '');
    });
    c.on('error', (err) => lost(err));
    c.on('end', () => {
      if (client === c) lost();
    });
    c.connect()
      .then(() => c.query(`LISTEN ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client !== c) return;
        attempt = 0;
        h.onState(true);
      })
      .catch((err: Error) => {
        if (client === c) lost(err);
      });
  };

  connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
      h.onState(false);
    },
  };
}

/** On the embedded PGlite: its own LISTEN, in this process, never lost. */
export function listenPglite(client: PGlite, channel: string, h: ListenHandlers): Listening {
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const ready = client
    .listen(channel, (payload) => h.onNotify(payload))
    .then(
      (stop) => {
        unlisten = stop;
        if (closed) return stop();
        h.onState(true);
      },
      (err: Error) => h.onError?.(err),
    );
  return {
    async close() {
      closed = true;
      await ready;
      h.onState(false);
      if (unlisten && !client.closed) await unlisten().catch(() => {});
    },
  };
}
