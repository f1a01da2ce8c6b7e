import type { FastifyBaseLogger } from 'fastify';
import PubNub from 'pubnub';
import { onePayChannel, readOnePayMessage, type OnePayMessage } from '@app/contracts';
import type { Db } from '../../db/client.js';
import { recordOnePayPayment } from './store.js';

/** One agency's OnePay merchant: the channel `mcid-{mcid}-{shopcode}` under BCEL's subscribe key. */
export interface OnePayMerchant {
  agencyId: string;
  mcid: string;
  shopcode: string;
  /** public: anyone may listen, only the bank publishes */
  subscribeKey: string;
  /** `host:port` of a PubNub-compatible service (the sandbox's); null for PubNub's own */
  origin: string | null;
  ssl: boolean;
}

export interface OnePayListenerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** the merchants to listen for, read again every `refreshMs` (an agency switched to OnePay is heard within it) */
  merchants: () => Promise<OnePayMerchant[]>;
  /** a payment message recorded (or heard again): the deposits confirm and book it, once per fccref */
  onPayment: (agencyId: string, message: OnePayMessage) => Promise<void>;
  refreshMs: number;
  /** how far back each (re)subscription asks, as BCEL's script does on every reconnect: 30 minutes */
  replayMs: number;
  /** the wait before subscribing again after the SDK gave up on a connection */
  reconnectMs: number;
  userId: string;
}

interface Connection {
  pubnub: PubNub;
  channels: Map<string, OnePayMerchant>;
  retry: NodeJS.Timeout | null;
}

const LOST = new Set(['PNDisconnectedUnexpectedlyCategory', 'PNConnectionErrorCategory', 'PNNetworkDownCategory']);

/**
 * The OnePay listener (docs/decisions/133): one official PubNub SDK client per (subscribe key,
 * origin), subscribed to the channel of every agency whose BCEL payments go through OnePay. Every
 * message is a hint: read, checked against its channel's merchant, kept once per (mcid, fccref)
 * (store.ts), then handed to the deposits, which match it to an order by transaction uuid and
 * amount and book it once per bank reference. Each subscription starts 30 minutes back, so a
 * restart or a reconnect hears again what it may have missed; what it heard before has no effect.
 */
export class OnePayListener {
  private readonly connections = new Map<string, Connection>();
  private readonly inflight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** deliveries heard, and how many were new (tests, logs) */
  readonly stats = { delivered: 0, recorded: 0, refused: 0 };

  constructor(private readonly opts: OnePayListenerOptions) {}

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((err: unknown) => this.opts.log.warn({ err }, 'OnePay merchants not read; listening as before'));
    }, this.opts.refreshMs);
    this.timer.unref();
  }

  /** Reads the merchants and (re)subscribes the connections whose channels changed. */
  async refresh(): Promise<void> {
    const merchants = await this.opts.merchants();
    if (this.closed) return;
    const wanted = new Map<string, Map<string, OnePayMerchant>>();
    for (const m of merchants) {
      const key = `${m.subscribeKey}|${m.origin ?? ''}|${m.ssl}`;
      const channels = wanted.get(key) ?? new Map<string, OnePayMerchant>();
      channels.set(onePayChannel(m.mcid, m.shopcode), m);
      wanted.set(key, channels);
    }
    for (const [key, conn] of this.connections) {
      if (!wanted.has(key)) this.drop(key, conn);
    }
    for (const [key, channels] of wanted) {
      const conn = this.connections.get(key) ?? this.connect(key, channels.values().next().value!);
      const same = conn.channels.size === channels.size && [...channels.keys()].every((c) => conn.channels.has(c));
      conn.channels = channels;
      if (!same) this.subscribe(conn);
    }
  }

  /** Subscribes every connection again from `replayMs` back, as after a lost connection. */
  reconnect(): void {
    for (const conn of this.connections.values()) this.subscribe(conn);
  }

  /** Resolves when the messages heard so far are handled (tests). */
  async idle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const [key, conn] of this.connections) this.drop(key, conn);
    await this.idle();
  }

  private connect(key: string, first: OnePayMerchant): Connection {
    const pubnub = new PubNub({
      subscribeKey: first.subscribeKey,
      userId: this.opts.userId,
      ssl: first.ssl,
      ...(first.origin ? { origin: first.origin } : {}),
    });
    const conn: Connection = { pubnub, channels: new Map(), retry: null };
    pubnub.addListener({
      message: (event) => this.track(this.receive(conn, event)),
      status: (status) => {
        if (!LOST.has(status.category) || this.closed || conn.retry) return;
        this.opts.log.warn({ category: status.category }, 'OnePay channel lost; subscribing again from 30 minutes back');
        conn.retry = setTimeout(() => {
          conn.retry = null;
          if (!this.closed) this.subscribe(conn);
        }, this.opts.reconnectMs);
      },
    });
    this.connections.set(key, conn);
    return conn;
  }

  private subscribe(conn: Connection): void {
    conn.pubnub.unsubscribeAll();
    if (conn.channels.size === 0) return;
    // a timetoken counts 10^-7 s: milliseconds and four zeros, as BCEL's script writes it
    conn.pubnub.subscribe({ channels: [...conn.channels.keys()], timetoken: `${Date.now() - this.opts.replayMs}0000` });
  }

  private drop(key: string, conn: Connection): void {
    if (conn.retry) clearTimeout(conn.retry);
    conn.pubnub.unsubscribeAll();
    conn.pubnub.destroy();
    this.connections.delete(key);
  }

  private track(work: Promise<void>): void {
    const p = work.catch((err: unknown) =>
      this.opts.log.error({ err }, 'OnePay message not handled; it comes again on the next reconnect'),
    );
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  private async receive(conn: Connection, event: PubNub.Subscription.Message): Promise<void> {
    const merchant = conn.channels.get(event.channel);
    if (!merchant) return;
    this.stats.delivered += 1;
    const message = readOnePayMessage(event.message);
    // only the bank can publish here; a message that is not a payment of this merchant is not one
    if (!message || message.mcid !== merchant.mcid || message.ccy !== '418') {
      this.stats.refused += 1;
      this.opts.log.warn(
        { channel: event.channel, timetoken: event.timetoken },
        'OnePay message is not a payment of this merchant; ignored',
      );
      return;
    }
    if (await recordOnePayPayment(this.opts.db, merchant.agencyId, message, event.timetoken)) this.stats.recorded += 1;
    await this.opts.onPayment(merchant.agencyId, message);
  }
}
