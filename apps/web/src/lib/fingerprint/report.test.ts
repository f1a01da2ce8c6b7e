import { beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import type { FingerprintBody } from '@app/contracts';
import { readStored, today, writeStored } from './decide';

const body = { fingerprint: 'f'.repeat(64) } as FingerprintBody;
const post = vi.fn<(path: string, body: unknown) => Promise<unknown>>();

vi.mock('./collect', () => ({ collectFingerprint: () => Promise.resolve(body) }));
vi.mock('@/lib/api-client', () => ({ post: (path: string, b: unknown) => post(path, b) }));

const { reportFingerprint } = await import('./report');

beforeEach(() => {
  localStorage.clear();
  post.mockReset();
  post.mockResolvedValue({ ok: true });
});

describe('reportFingerprint', () => {
  it('sends the payload the first time and stores fingerprint and day for the agency', async () => {
    expect(await reportFingerprint('agency-1')).toBe(true);
    expect(post).toHaveBeenCalledWith('/v2/fingerprint', body);
    expect(readStored('agency-1')).toEqual({ fingerprint: body.fingerprint, date: today() });
  });

  it('sends nothing while a call that ends the session pauses fetching, and keeps nothing', async () => {
    onlineManager.setOnline(false);
    try {
      expect(await reportFingerprint('agency-1')).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
    expect(post).not.toHaveBeenCalled();
    expect(readStored('agency-1')).toBeNull();
  });

  it('stays quiet when the same fingerprint was sent today', async () => {
    writeStored('agency-1', { fingerprint: body.fingerprint, date: today() });
    expect(await reportFingerprint('agency-1')).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });

  it('sends again on a new day, and for another agency', async () => {
    writeStored('agency-1', { fingerprint: body.fingerprint, date: '2000-01-01' });
    expect(await reportFingerprint('agency-1')).toBe(true);
    expect(await reportFingerprint('agency-2')).toBe(true);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing when the server refuses, so the next visit tries again', async () => {
    post.mockRejectedValue(new Error('HTTP 400'));
    await expect(reportFingerprint('agency-1')).rejects.toThrow();
    expect(readStored('agency-1')).toBeNull();
  });
});
