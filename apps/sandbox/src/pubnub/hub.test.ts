import { describe, expect, it } from 'vitest';
import { PubNubHub } from './hub.js';

describe('PubNubHub', () => {
  it('gives each message a 17-digit timetoken, strictly increasing even within one millisecond', () => {
    const hub = new PubNubHub(60_000, () => 1_796_000_000_000);
    const a = hub.publish('c', 'bank', 'one');
    const b = hub.publish('c', 'bank', 'two');
    expect(a.timetoken.toString()).toMatch(/^\d{17}$/);
    expect(b.timetoken).toBe(a.timetoken + 1n);
    expect(hub.cursor()).toBe(b.timetoken);
  });

  it('never gives a message the timetoken of a cursor already answered: a long poll that ended empty misses nothing published in that millisecond', () => {
    const hub = new PubNubHub(60_000, () => 1_796_000_000_000);
    const handshake = hub.cursor();
    const first = hub.publish('c', 'bank', 'one');
    expect(hub.since(['c'], handshake).map((m) => m.data)).toEqual(['one']);
    const emptyPoll = hub.cursor();
    expect(emptyPoll).toBeGreaterThanOrEqual(first.timetoken);
    hub.publish('c', 'bank', 'two');
    expect(hub.since(['c'], emptyPoll).map((m) => m.data)).toEqual(['two']);
  });

  it('answers what came after a timetoken, oldest first across channels, and only the channels asked', () => {
    let now = 1_796_000_000_000;
    const hub = new PubNubHub(60_000, () => now);
    const first = hub.publish('a', 'bank', 1);
    now += 5;
    hub.publish('b', 'bank', 2);
    now += 5;
    hub.publish('other', 'bank', 3);
    expect(hub.since(['a', 'b'], 0n).map((m) => m.data)).toEqual([1, 2]);
    expect(hub.since(['b', 'a'], first.timetoken).map((m) => m.data)).toEqual([2]);
    expect(hub.since(['a', 'b'], 0n, 1)).toHaveLength(1);
  });

  it('forgets messages older than the retention: a subscriber coming back later gets only the recent ones', () => {
    let now = 1_796_000_000_000;
    const hub = new PubNubHub(30 * 60_000, () => now);
    hub.publish('c', 'bank', 'old');
    now += 20 * 60_000;
    hub.publish('c', 'bank', 'recent');
    now += 15 * 60_000;
    expect(hub.since(['c'], 0n).map((m) => m.data)).toEqual(['recent']);
  });

  it('wakes a waiting subscriber when its channel gets a message, not for another channel', async () => {
    const hub = new PubNubHub(60_000);
    const abort = new AbortController();
    let woke = false;
    const waiting = hub.wait(['c'], 5_000, abort.signal).then(() => (woke = true));
    hub.publish('other', 'bank', 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(woke).toBe(false);
    hub.publish('c', 'bank', 2);
    await waiting;
    expect(woke).toBe(true);
    // an aborted wait ends at once
    const gone = new AbortController();
    gone.abort();
    await hub.wait(['c'], 5_000, gone.signal);
  });

  it('drops a channel once the retention has dropped its every message: one-off channels do not pile up', () => {
    let now = 1_796_000_000_000;
    const hub = new PubNubHub(30 * 60_000, () => now);
    for (let i = 0; i < 50; i++) hub.publish(`order-${i}`, 'bank', i);
    expect(hub.channelCount).toBe(50);
    now += 31 * 60_000;
    hub.publish('fresh', 'bank', 'x');
    expect(hub.channelCount).toBe(1);
    expect(hub.since(['fresh', 'order-1'], 0n).map((m) => m.data)).toEqual(['x']);
  });

  it('counts a message delivered again to the same subscriber, and forgets deliveries older than two retentions', () => {
    let now = 1_796_000_000_000;
    const hub = new PubNubHub(30 * 60_000, () => now);
    const m = hub.publish('c', 'bank', 1);
    expect(hub.deliver('merchant', [m])).toBe(0);
    expect(hub.deliver('merchant', [m])).toBe(1);
    expect(hub.deliver('other', [m])).toBe(0);
    // still retained 29 minutes on, across a generation: a redelivery is still seen
    now += 29 * 60_000;
    hub.deliver('x', []);
    now += 2 * 60_000;
    expect(hub.deliver('merchant', [m])).toBe(1);
    // two retentions later the message is gone from the hub and its deliveries are forgotten
    now += 31 * 60_000;
    hub.deliver('x', []);
    now += 31 * 60_000;
    hub.deliver('x', []);
    expect(hub.deliveredCount).toBe(0);
  });
});
