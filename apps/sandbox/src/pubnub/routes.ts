import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PubNubHub, type StoredMessage } from './hub.js';

export interface PubNubSandboxOptions {
  subscribeKey: string;
  /** only the holder of this key may publish: on OnePay's channels, the bank */
  publishKey: string;
  /** how long a subscribe request is held when nothing is newer than its timetoken */
  holdMs: number;
  /** the service's messages (app.ts makes it, so that the sandbox's BCEL publishes into it in-process) */
  hub: PubNubHub;
}

const REGION = 1;
const MAX_MESSAGES = 100;

const accessDenied = (reply: FastifyReply, status: 400 | 403, message: string) =>
  reply.status(status).send({ status, error: true, message, service: 'Access Manager' });

/** The path's segments after `prefix`, each URL-decoded once (the SDK encodes channel names and messages). */
function segments(request: FastifyRequest, prefix: string): string[] | null {
  const path = request.url.split('?')[0]!.slice(prefix.length);
  try {
    return path.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

function envelope(m: StoredMessage, subscribeKey: string) {
  return { a: '1', f: 0, i: m.publisher, p: { t: m.timetoken.toString(), r: REGION }, k: subscribeKey, c: m.channel, d: m.data };
}

/**
 * A PubNub-compatible service (docs/decisions/132) that the official SDK can be pointed at
 * (`origin: '127.0.0.1:PORT'`, `ssl: false`): the REST calls the SDK makes, read from its source and
 * seen on the wire — subscribe (`/v2/subscribe/{sub_key}/{channels}/0`: a handshake without `tt`,
 * then long polls with `tt`/`tr`, a `tt` in the past answered with every retained message after it),
 * publish (`/publish/{pub_key}/{sub_key}/0/{channel}/0/{message}`, GET or POST), presence heartbeat
 * and leave, and time. A publish without the right publish key is refused, as on the real service.
 */
export async function pubnubSandbox(app: FastifyInstance, opts: PubNubSandboxOptions): Promise<void> {
  const { hub } = opts;
  const closing = new AbortController();
  app.addHook('onClose', async () => {
    closing.abort();
    hub.close();
  });

  app.get('/time/0', async () => [Number(hub.cursor())]);

  // the soak's redelivery fault: every subscription ended at once with an error the SDK does not retry
  // (held long polls, and for `ms` any new one), as when the service drops its subscribers: the SDK
  // reports the subscription lost, the merchant subscribes again and is sent what it asks for again
  const held = new Set<AbortController>();
  let refuseUntil = 0;
  const stats = { delivered: 0, redelivered: 0, dropped: 0 };
  const dropped = (reply: FastifyReply) =>
    reply.status(400).send({ status: 400, error: true, message: 'subscription dropped by the service', service: 'Subscribe' });
  app.post('/pubnub/_drop', async (request) => {
    const ms = Number((request.body as { ms?: unknown } | null | undefined)?.ms ?? 1_000);
    refuseUntil = Date.now() + (Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 60_000) : 1_000);
    const cut = held.size;
    for (const drop of held) drop.abort();
    held.clear();
    stats.dropped += cut;
    return { dropped: cut, refusingUntil: new Date(refuseUntil).toISOString() };
  });
  app.get('/pubnub/_stats', async () => ({ ...stats, holding: held.size }));

  app.get('/v2/subscribe/*', async (request, reply) => {
    if (Date.now() < refuseUntil) return dropped(reply);
    const parts = segments(request, '/v2/subscribe/');
    const [subscribeKey, channelList] = parts ?? [];
    if (subscribeKey !== opts.subscribeKey) return accessDenied(reply, 400, 'Invalid Subscribe Key');
    const query = request.query as Record<string, string | undefined>;
    if (query['channel-group']) return reply.status(400).send({ status: 400, error: true, message: 'channel groups are not kept here' });
    const channels = (channelList ?? '').split(',').filter((c) => c !== '' && c !== ',');
    if (channels.length === 0) return reply.status(400).send({ status: 400, error: true, message: 'no channel' });
    const tt = /^\d{1,19}$/.test(query.tt ?? '') ? BigInt(query.tt!) : 0n;
    // the handshake: where to start from, nothing delivered
    if (tt === 0n) return { t: { t: hub.cursor().toString(), r: REGION }, m: [] };
    let messages = hub.since(channels, tt, MAX_MESSAGES);
    if (messages.length === 0) {
      const gone = new AbortController();
      const left = () => gone.abort();
      request.raw.once('close', left);
      const drop = new AbortController();
      held.add(drop);
      await hub.wait(channels, opts.holdMs, AbortSignal.any([gone.signal, closing.signal, drop.signal]));
      held.delete(drop);
      // the request closes after every answer: an abort then (a DOMException made, listeners told) is for nobody
      request.raw.off('close', left);
      if (drop.signal.aborted) return dropped(reply);
      messages = hub.since(channels, tt, MAX_MESSAGES);
    }
    const last = messages[messages.length - 1]?.timetoken;
    const cursor = last ?? (hub.cursor() > tt ? hub.cursor() : tt);
    stats.delivered += messages.length;
    stats.redelivered += hub.deliver(query.uuid ?? '', messages);
    return { t: { t: cursor.toString(), r: REGION }, m: messages.map((m) => envelope(m, opts.subscribeKey)) };
  });

  const publish = (request: FastifyRequest, reply: FastifyReply, fromBody: boolean) => {
    const parts = segments(request, '/publish/');
    const [publishKey, subscribeKey, , channel, , encoded] = parts ?? [];
    if (publishKey !== opts.publishKey || subscribeKey !== opts.subscribeKey) {
      return accessDenied(reply, 403, 'Forbidden');
    }
    if (!channel) return reply.status(400).send([0, 'Invalid Channel', hub.cursor().toString()]);
    let data: unknown = request.body;
    if (!fromBody) {
      try {
        data = JSON.parse(encoded ?? '');
      } catch {
        return reply.status(400).send([0, 'Invalid JSON', hub.cursor().toString()]);
      }
    }
    const publisher = (request.query as Record<string, string | undefined>).uuid ?? 'unknown';
    const stored = hub.publish(channel, publisher, data);
    return reply.send([1, 'Sent', stored.timetoken.toString()]);
  };
  app.get('/publish/*', (request, reply) => publish(request, reply, false));
  app.post('/publish/*', (request, reply) => publish(request, reply, true));

  // presence: accepted and answered as the service does; nobody here asks who is present
  const presence = async (request: FastifyRequest, reply: FastifyReply) => {
    const [subscribeKey] = segments(request, '/v2/presence/sub-key/') ?? [];
    if (subscribeKey !== opts.subscribeKey) return accessDenied(reply, 400, 'Invalid Subscribe Key');
    return { status: 200, message: 'OK', service: 'Presence' };
  };
  app.get('/v2/presence/sub-key/*', presence);
}
